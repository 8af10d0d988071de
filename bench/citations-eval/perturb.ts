/**
 * Perturbations of a correct citation passage (bench only):
 *
 *   swap_near    the article number changed to a neighbouring article (±1..3) of the same version
 *   swap_random  the article number changed to a random article (more than 3 away) of the same version
 *   swap_law     (quote and pasted text only) the law's name changed to another law of the set that has an
 *                article of that number with the cited 款 / 项: the words are the original law's (wrong law name)
 *   alter_number a number in what the passage says about the clause changed (n → n+1; 二 → 三 …)
 *   alter_modal  应当 ↔ 可以 (必须 → 可以) in what the passage says
 *   alter_negation a negation dropped (不得 → 得, 不予 → 予 …) or added (应当 → 不应当, 构成 → 不构成 …)
 *
 * Swapped targets must exist in the index and carry the 款 / 项 the passage cites, so that the
 * passage still names a real clause: the right verdict is 不一致, and the clause the text fits is
 * the original article.
 */
import { clauseLabelFromTid, parseChineseNumber, toChineseNumber } from "../../lib/text/numerals";
import type { Clause } from "../../lib/store/types";
import type { Passage } from "./passages";

export type VariantKind = "correct" | "swap_near" | "swap_random" | "swap_law" | "alter_number" | "alter_modal" | "alter_negation";

export interface Variant {
  kind: VariantKind;
  text: string;
  /** The article the variant's citation names. */
  tid: string;
  /** What changed, e.g. 第二百六十三条 → 第二百六十四条, or 应当 → 可以. */
  change: string;
}

function fits(c: Clause, p: Passage): boolean {
  const paragraphs = c.content.split("\n").filter((s) => s.trim());
  if (p.cite.paragraph && paragraphs.length < p.cite.paragraph) return false;
  if (p.cite.item && !c.content.includes(`（${toChineseNumber(p.cite.item)}）`)) return false;
  return c.content.replace(/\s/g, "").length >= 10;
}

/** The two swaps of `p` among the clauses of the version the correct passage resolved to. */
export function swaps(p: Passage, clauses: Clause[], rand: () => number): Variant[] {
  const base = (tid: string) => Number(tid.split("-")[0]);
  const orig = base(p.cite.tid);
  const pool = clauses.filter((c) => c.tid !== p.cite.tid && c.tid !== "0" && /^\d+(-\d+)?$/.test(c.tid) && fits(c, p));
  const near = pool.filter((c) => !c.tid.includes("-") && Math.abs(base(c.tid) - orig) >= 1 && Math.abs(base(c.tid) - orig) <= 3);
  const far = pool.filter((c) => Math.abs(base(c.tid) - orig) > 3);
  const out: Variant[] = [];
  const pick = (xs: Clause[]) => xs[Math.floor(rand() * xs.length)];
  const make = (kind: VariantKind, c: Clause | undefined) => {
    if (!c) return;
    const label = clauseLabelFromTid(c.tid);
    out.push({ kind, tid: c.tid, change: `${p.cite.article} → ${label}`, text: p.text.slice(0, p.cite.articleStart) + label + p.text.slice(p.cite.articleEnd) });
  };
  make("swap_near", pick(near));
  make("swap_random", pick(far));
  return out;
}

const MODAL: [RegExp, string][] = [
  [/应当/, "可以"],
  [/可以/, "应当"],
  [/必须/, "可以"],
];
const NEGATION_DROP: [RegExp, string][] = [
  [/不得/, "得"],
  [/不予/, "予"],
  [/不能/, "能"],
  [/不构成/, "构成"],
  [/不应当/, "应当"],
  [/不属于/, "属于"],
  [/无权/, "有权"],
];
const NEGATION_ADD: [RegExp, string][] = [
  [/应当/, "不应当"],
  [/构成/, "不构成"],
  [/属于/, "不属于"],
  [/有权/, "无权"],
  [/可以/, "不得"],
];
const CN_NUM = /[一二三四五六七八九十百千万]+(?=[年日个倍人次项日元%‰以])/;
const AR_NUM = /\d+(?:\.\d+)?(?=[年日个倍人次项元%‰以万])/;

function replaceIn(p: Passage, re: RegExp, to: (m: string) => string): { text: string; change: string } | null {
  const claim = p.text.slice(p.claimStart, p.claimEnd);
  const m = re.exec(claim);
  if (!m) return null;
  const at = p.claimStart + m.index;
  const rep = to(m[0]);
  if (rep === m[0]) return null;
  return { text: p.text.slice(0, at) + rep + p.text.slice(at + m[0].length), change: `${m[0]} → ${rep}` };
}

/** One wrong restatement of `p` (the first kind that applies, in a seeded order), or null. */
export function alteration(p: Passage, rand: () => number): Variant | null {
  if (p.style === "bare" || p.claimEnd - p.claimStart < 4) return null;
  const tries: { kind: VariantKind; run: () => { text: string; change: string } | null }[] = [
    {
      kind: "alter_number",
      run: () =>
        replaceIn(p, AR_NUM, (m) => String(Number(m) + 1)) ??
        replaceIn(p, CN_NUM, (m) => {
          const n = parseChineseNumber(m);
          return n === null ? m : toChineseNumber(n + 1);
        }),
    },
    { kind: "alter_modal", run: () => MODAL.map(([re, to]) => replaceIn(p, re, () => to)).find(Boolean) ?? null },
    {
      kind: "alter_negation",
      run: () => [...NEGATION_DROP, ...NEGATION_ADD].map(([re, to]) => replaceIn(p, re, () => to)).find(Boolean) ?? null,
    },
  ];
  const start = Math.floor(rand() * tries.length);
  for (let i = 0; i < tries.length; i++) {
    const t = tries[(start + i) % tries.length]!;
    const r = t.run();
    if (r) return { kind: t.kind, tid: p.cite.tid, ...r };
  }
  return null;
}

/**
 * The law swap of a quote or pasted passage: the name (《…》 and any note before the number) replaced by
 * another law's title from `pool` whose article `p.cite.tid` exists (`clauseOf`) and carries the cited
 * 款 / 项. `shift` is how far the number moved in the text (the entry is found by its offset).
 */
export function lawSwap(p: Passage, pool: string[], clauseOf: (name: string, tid: string) => Clause | null, rand: () => number): (Variant & { shift: number; name: string }) | null {
  if (p.style !== "quote" && p.style !== "pasted") return null;
  const others = pool.filter((n) => n !== p.cite.name);
  for (let k = 0; k < 8 && others.length; k++) {
    const name = others[Math.floor(rand() * others.length)]!;
    const c = clauseOf(name, p.cite.tid);
    if (!c || !fits(c, p)) continue;
    const head = `《${name}》`;
    const text = p.text.slice(0, p.cite.start) + head + p.text.slice(p.cite.articleStart);
    return { kind: "swap_law", tid: p.cite.tid, change: `《${p.cite.name}》 → ${head}`, text, shift: head.length - (p.cite.articleStart - p.cite.start), name };
  }
  return null;
}