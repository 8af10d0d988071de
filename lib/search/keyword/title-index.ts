/**
 * In-memory index of regulation titles for the title tier of the regulation search: which
 * titles (normalised, load-regulation-meta.ts) hold a keyword part as a substring. Postings
 * per character and per character pair (code units) give the candidates: for a part of two
 * or more characters, the titles holding its rarest pair; for one character, the titles
 * holding it. Candidates are then checked with a plain substring test, so the answer is
 * exactly the titles holding the part, without testing all 7.7k titles per request.
 * Built once per metadata load (per index handle), a few milliseconds.
 */
import type { RegulationMeta, RegulationMetaRow } from "./load-regulation-meta";

interface TitleIndex {
  postings: Map<string, Int32Array>;
}

const cache = new WeakMap<RegulationMeta, TitleIndex>();

function indexOf(meta: RegulationMeta): TitleIndex {
  let ix = cache.get(meta);
  if (!ix) {
    const lists = new Map<string, number[]>();
    const add = (key: string, i: number) => {
      const l = lists.get(key);
      if (!l) lists.set(key, [i]);
      else if (l[l.length - 1] !== i) l.push(i);
    };
    meta.rows.forEach((row, i) => {
      const t = row.title_norm;
      for (let j = 0; j < t.length; j++) {
        add(t[j]!, i);
        if (j + 1 < t.length) add(t.slice(j, j + 2), i);
      }
    });
    ix = { postings: new Map([...lists].map(([k, v]) => [k, Int32Array.from(v)])) };
    cache.set(meta, ix);
  }
  return ix;
}

const EMPTY = new Int32Array(0);

/** Row positions (ascending) of the titles that may hold `part`: a superset, never missing one. */
function candidatesOf(ix: TitleIndex, part: string): Int32Array {
  if (part.length === 1) return ix.postings.get(part) ?? EMPTY;
  let best: Int32Array | null = null;
  for (let j = 0; j + 1 < part.length; j++) {
    const p = ix.postings.get(part.slice(j, j + 2)) ?? EMPTY;
    if (!best || p.length < best.length) best = p;
    if (best.length === 0) break;
  }
  return best ?? EMPTY;
}

/**
 * The rows whose normalised title holds every part (AND) or some part (OR), in metadata
 * order. An empty part is held by every title.
 */
export function rowsWithTitleParts(meta: RegulationMeta, parts: string[], mode: "AND" | "OR"): RegulationMetaRow[] {
  if (parts.length === 0 || parts.some((p) => p === "")) {
    return mode === "AND" && parts.length > 0 ? meta.rows.filter((r) => parts.every((p) => r.title_norm.includes(p))) : meta.rows;
  }
  const ix = indexOf(meta);
  const positions = new Set<number>();
  if (mode === "AND") {
    let best: Int32Array | null = null;
    for (const p of parts) {
      const c = candidatesOf(ix, p);
      if (!best || c.length < best.length) best = c;
    }
    for (const i of best!) positions.add(i);
  } else {
    for (const p of parts) for (const i of candidatesOf(ix, p)) positions.add(i);
  }
  const out: RegulationMetaRow[] = [];
  for (const i of [...positions].sort((a, b) => a - b)) {
    const row = meta.rows[i]!;
    const t = row.title_norm;
    if (mode === "AND" ? parts.every((p) => t.includes(p)) : parts.some((p) => t.includes(p))) out.push(row);
  }
  return out;
}
