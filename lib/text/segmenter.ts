/**
 * The jieba segmenters of the project. `getJieba` is the shared one with jieba's own dictionary
 * (semantic search — whose learned data depend on its segmentation —, citation check).
 * `legalJieba` is jieba's dictionary plus a legal dictionary (the keyword search: words the
 * corpus teaches, lib/search/keyword/legal-words.ts), so 按份共有人 is one word there instead
 * of 按|份|共|有人. Loaded on first use: the native addon is CommonJS (listed in
 * serverExternalPackages) and its dict module has no ESM entry.
 */
import { createRequire } from "node:module";
import type { Jieba as JiebaType } from "@node-rs/jieba";

const require = createRequire(import.meta.url);
let jieba: JiebaType | null = null;

function defaultDict(): Uint8Array {
  return (require("@node-rs/jieba/dict") as { dict: Uint8Array }).dict;
}

function newJieba(): JiebaType {
  const { Jieba } = require("@node-rs/jieba") as typeof import("@node-rs/jieba");
  return Jieba.withDict(defaultDict());
}

/** The shared segmenter (jieba's default dictionary). */
export function getJieba(): JiebaType {
  if (!jieba) jieba = newJieba();
  return jieba;
}

/** Jieba precise mode without HMM, the words in order (they concatenate to `text`). */
export function jiebaCut(text: string): string[] {
  return getJieba().cut(text, false);
}

/** The frequencies jieba's default dictionary gives `words`, and the dictionary's total (what its probabilities divide by). */
function dictFrequencies(words: ReadonlySet<string>): { freq: Map<string, number>; total: number } {
  const text = new TextDecoder().decode(defaultDict());
  const freq = new Map<string, number>();
  let total = 0;
  for (let at = 0; at < text.length; ) {
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    const sp = text.indexOf(" ", at);
    if (sp > at && sp < end) {
      const sp2 = text.indexOf(" ", sp + 1);
      const f = parseInt(text.slice(sp + 1, sp2 > sp && sp2 < end ? sp2 : end), 10);
      if (f > 0) {
        total += f;
        const w = text.slice(at, sp);
        if (words.has(w)) freq.set(w, f);
      }
    }
    at = end + 1;
  }
  return { freq, total };
}

/**
 * The frequency jieba suggests for a user word (jieba's `suggest_freq`, what Python jieba gives a
 * dictionary word without one): just enough for the word to win over the way the default
 * dictionary cuts it, total × Π P(piece) + 1. A word in a sentence still yields to a more probable
 * cut of its neighbourhood, so a word only joins what the default dictionary left in pieces.
 */
export function suggestedFrequency(pieces: string[], freq: ReadonlyMap<string, number>, total: number): number {
  let p = 1;
  for (const w of pieces) p *= (freq.get(w) ?? 1) / total;
  return Math.floor(p * total) + 1;
}

interface Legal {
  key: string;
  jieba: JiebaType;
  added: string[];
}
/** The last LEGAL_KEPT instances, most recent last: two index handles in turn (a re-ingest's swap, tests) do not rebuild. */
const LEGAL_KEPT = 2;
const legal: Legal[] = [];

function legalFor(words: readonly string[]): Legal {
  const list = [...new Set(words)].filter((w) => w.length >= 2 && !/\s/u.test(w)).sort();
  const key = list.join("\n");
  const at = legal.findIndex((l) => l.key === key);
  if (at >= 0) {
    const [hit] = legal.splice(at, 1);
    legal.push(hit!);
    return hit!;
  }
  const base = getJieba();
  const split = list.map((w) => [w, base.cut(w, false)] as const).filter(([, pieces]) => pieces.length > 1);
  const { freq, total } = dictFrequencies(new Set(split.flatMap(([, p]) => p)));
  const j = newJieba();
  if (split.length) j.loadDict(Buffer.from(split.map(([w, p]) => `${w} ${suggestedFrequency(p, freq, total)}\n`).join("")));
  const made = { key, jieba: j, added: split.map(([w]) => w) };
  legal.push(made);
  if (legal.length > LEGAL_KEPT) legal.shift();
  return made;
}

/**
 * jieba's dictionary plus `words`: each word jieba's default dictionary cuts into pieces is added
 * at its suggested frequency (words it already knows keep theirs). Built once for the same words
 * (≈0.3 s and ≈45 MB an instance; the last two kept).
 */
export function legalJieba(words: readonly string[]): JiebaType {
  return legalFor(words).jieba;
}

/** The words `legalJieba(words)` added to jieba's dictionary (those it cut into pieces). */
export function legalWordsAdded(words: readonly string[]): string[] {
  return legalFor(words).added;
}
