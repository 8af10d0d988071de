/**
 * Step 2 of the citation check: a written law name and clause → regulation family →
 * version → article.
 *
 * Names: the written name loses 《》, 中华人民共和国 and its version mark by rule; a name the draft
 * defines for itself (以下简称《解释》) was already replaced by its full name in extraction; a known
 * short or everyday name maps to an official title through data/law-aliases.json; issuer variants
 * are tried (两高, joint issuers without 、, a title written without its issuer: nameVariants); the
 * index resolves titles and its own aliases to families. A name that resolves nowhere is a no-hit
 * (`law_exists: false`): `not_in_index` with the closest titles as `candidates` when it is shaped like
 * an instrument and some title comes close (CLOSE_TITLE), else `law_not_found` (疑似虚构), unless
 * the alias table knows it as a real repealed law whose text the index lacks (合同法).
 *
 * Version (several versions of one instrument, e.g. 公司法 2018 / 2023):
 * 1. a version written next to the name (《公司法》（2018年修正）) → that version;
 * 2. else the reference date (reference-date.ts: the request's date, the document's own date, its
 *    案号 year; procedural law at the filing date) → the version in force that day (latest version
 *    whose implementation date, or publication date when unknown, is on or before it);
 * 3. else (judged as of today) the current version (现行有效, newest).
 * The choice and its reason are reported in `version_basis` / `version_note`. A chosen version that
 * is 失效 / 已被修改 (or not the current one) gets `replaced_by`: the current version and its article
 * that matches the cited one best (same number first, else the most similar text).
 */
import type { Clause, Regulation } from "../store/types";
import { familyKey } from "../text/family-key";
import { statuteDetailUrl } from "../links/detail-url";
import { lawNameKey } from "../text/normalize";
import { clauseLabelFromTid } from "../text/numerals";
import { hasInstrumentShape, lookupAlias, lookupRepealed, nameVariants, splitVersionMark } from "./law-aliases";
import { isProceduralLaw } from "./reference-date";
import { diceSimilarity } from "./similarity";
import type { CitationStore, ExtractedStatute, MatchStatus, ReferenceDate, ReplacedBy } from "./types";

export interface ResolveContext {
  store: CitationStore;
  /** The date the check judges against (see reference-date.ts). */
  reference: ReferenceDate;
  /** The date procedural law is judged at, and its note. */
  procedural: { date: string; note: string };
}

export interface Resolution {
  status: MatchStatus;
  regulation: Regulation | null;
  clause: Clause | null;
  versions: Regulation[];
  versionBasis: string;
  versionNote: string;
  replacedBy: ReplacedBy | null;
  candidates: { fgid: string; fgmc: string }[];
  /** For repealed laws the index does not hold. */
  repealed: { status: string; repealed_on: string; replaced_by: string; note: string } | null;
  /**
   * The version judged took effect after the date judged against and the index lacks the one in
   * force then, and the law was revised in between by a 修订 or a 决定 (not a 修正案, which inserts
   * 之一 articles and keeps the numbering): its articles may have been renumbered since, so the
   * article number the draft used may be right for its date. Holds the amendment's line.
   */
  renumbered: string | null;
}

const PREAMBLE_DATE = /((?:19|20)\d{2})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/;

/** The first amendment after `date` that may have renumbered the law (see Resolution.renumbered), or null. */
export function renumberingSince(reg: Regulation, date: string | null): string | null {
  if (!date || !reg.preamble) return null;
  const eff = reg.ssrq || reg.fbrq;
  if (!eff || eff <= date) return null;
  for (const line of reg.preamble.split("\n")) {
    const m = PREAMBLE_DATE.exec(line);
    if (!m) continue;
    const d = `${m[1]}-${m[2]!.padStart(2, "0")}-${m[3]!.padStart(2, "0")}`;
    if (d <= date) continue;
    if (/修正案/.test(line)) continue;
    if (/修订|修正|修改/.test(line)) return line.trim().replace(/\s+/g, " ").replace(/^[（(]+|[）)]+$/g, "");
  }
  return null;
}

/** Detail-page address in the shape the search operations return (lib/links/detail-url.ts). */
export const detailUrl = statuteDetailUrl;

function effectiveDate(r: Regulation): string {
  return r.ssrq || r.fbrq;
}

function byNewest(a: Regulation, b: Regulation): number {
  return (b.fbrq || "").localeCompare(a.fbrq || "") || (b.ssrq || "").localeCompare(a.ssrq || "");
}

/** The version in force now: newest 现行有效, else newest 尚未生效/部分失效, else newest. */
export function currentVersion(versions: Regulation[]): Regulation | null {
  const sorted = [...versions].sort(byNewest);
  return sorted.find((v) => v.sxx === "现行有效") ?? sorted.find((v) => v.sxx === "部分失效") ?? sorted[0] ?? null;
}

/** Name → families, cached per store across requests (names repeat from draft to draft). */
const FAMILIES = new WeakMap<CitationStore, Map<string, { family: string; versions: Regulation[] }[]>>();
const FAMILIES_MAX = 5_000;

export function familiesFor(name: string, ctx: ResolveContext): { family: string; versions: Regulation[] }[] {
  let cache = FAMILIES.get(ctx.store);
  if (!cache) FAMILIES.set(ctx.store, (cache = new Map()));
  if (cache.size >= FAMILIES_MAX) cache.clear();
  const key = lawNameKey(name);
  const hit = cache.get(key);
  if (hit) return hit;
  const plain = splitVersionMark(name).name;
  const tries = [lookupAlias(plain), plain, lookupAlias(name), name, ...nameVariants(plain).slice(1)].filter((x): x is string => !!x);
  let found: { family: string; versions: Regulation[] }[] = [];
  for (const t of [...new Set(tries)]) {
    // The index answers exact alias keys first, else titles containing the name (合同法 would
    // match 劳动合同法): keep only families whose family key or a version title is the name.
    const k = familyKey(t);
    found = ctx.store
      .findFamiliesByName(t)
      .filter((f) => f.versions.length > 0 && (f.family === k || f.versions.some((v) => familyKey(v.fgmc) === k)));
    if (found.length) break;
  }
  cache.set(key, found);
  return found;
}

/**
 * Clause lists are immutable for one index file, and the store object changes when a re-ingest
 * swaps the file, so lists are cached per store across requests (bounded, oldest dropped).
 */
const CLAUSE_LISTS = new WeakMap<CitationStore, Map<string, Clause[]>>();
const CLAUSE_LISTS_MAX = 256;

export function clausesOf(fgid: string, ctx: ResolveContext): Clause[] {
  let perStore = CLAUSE_LISTS.get(ctx.store);
  if (!perStore) CLAUSE_LISTS.set(ctx.store, (perStore = new Map()));
  let c = perStore.get(fgid);
  if (!c) {
    c = ctx.store.getClauses(fgid);
    if (perStore.size >= CLAUSE_LISTS_MAX) perStore.delete(perStore.keys().next().value!);
    perStore.set(fgid, c);
  }
  return c;
}

/** One article: from a cached list when there is one, else a point lookup by id. */
function clauseIn(fgid: string, tid: string, ctx: ResolveContext): Clause | null {
  const list = CLAUSE_LISTS.get(ctx.store)?.get(fgid);
  if (list) return list.find((c) => c.tid === tid) ?? null;
  return ctx.store.getClause(fgid, tid);
}

function describe(r: Regulation): string {
  const when = r.fbrq ? `${r.fbrq} 公布` : "公布日期不详";
  return `${when}${r.ssrq ? `、${r.ssrq} 施行` : ""}的版本（${r.sxx || "效力未知"}）`;
}

/** Picks the version per the rules in the module comment. */
export function chooseVersion(
  versions: Regulation[],
  opts: { versionYear?: number | null; date: string | null; why?: string },
): { version: Regulation | null; basis: string; note: string } {
  if (versions.length === 0) return { version: null, basis: "", note: "" };
  const sorted = [...versions].sort(byNewest);
  if (versions.length === 1) {
    const v = sorted[0]!;
    return { version: v, basis: "only_version", note: `知识库仅有该法规一个版本：${describe(v)}。` };
  }
  if (opts.versionYear) {
    const y = String(opts.versionYear);
    const v = sorted.find((r) => (r.fbrq || "").startsWith(y)) ?? sorted.find((r) => (r.fbrq || "9999") <= `${y}-12-31`);
    if (v) return { version: v, basis: "explicit_version", note: `草稿注明了 ${y} 年版本，采用 ${describe(v)}。` };
  }
  if (opts.date) {
    const d = opts.date;
    const inForce = sorted.find((r) => effectiveDate(r) !== "" && effectiveDate(r) <= d);
    const why = opts.why ? `（${opts.why}）` : "";
    if (inForce) return { version: inForce, basis: "reference_date", note: `按参照日期 ${d}${why}，采用当时施行的 ${describe(inForce)}。` };
    const oldest = sorted[sorted.length - 1]!;
    return { version: oldest, basis: "reference_date", note: `参照日期 ${d}${why} 早于知识库所有版本，采用最早的 ${describe(oldest)}。` };
  }
  const cur = currentVersion(versions)!;
  return { version: cur, basis: "current", note: `采用现行版本：${describe(cur)}。` };
}

/** The current version's article that corresponds to `clause` of an older version. */
export function findReplacement(old: Regulation, clause: Clause | null, versions: Regulation[], ctx: ResolveContext): ReplacedBy | null {
  const cur = currentVersion(versions);
  if (!cur || cur.fgid === old.fgid) return null;
  const base: ReplacedBy = { fgid: cur.fgid, fgmc: cur.fgmc, sxx: cur.sxx, tid: "", clause: "", content: "", url: detailUrl(cur.fgid), similarity: null, note: `现行版本为 ${describe(cur)}。` };
  if (!clause || !clause.content) return base;
  const clauses = clausesOf(cur.fgid, ctx);
  let best: Clause | null = null;
  let bestSim = 0;
  const same = clauses.find((c) => c.tid === clause.tid);
  if (same) {
    best = same;
    bestSim = diceSimilarity(clause.content, same.content);
  }
  if (bestSim < 0.9) {
    for (const c of clauses) {
      const s = diceSimilarity(clause.content, c.content);
      if (s > bestSim) {
        bestSim = s;
        best = c;
      }
    }
  }
  if (!best || bestSim < 0.35) return { ...base, similarity: bestSim || null, note: `${base.note}其中没有与所引条文内容相近的条文。` };
  const label = best.ft_num || clauseLabelFromTid(best.tid);
  return {
    ...base,
    tid: best.tid,
    clause: label,
    content: best.content,
    url: detailUrl(cur.fgid, best.tid),
    similarity: round(bestSim),
    note: `${base.note}与所引条文最相近的是现行版本${label}（文本相似度 ${round(bestSim)}）。`,
  };
}

export function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function resolveRepealed(rep: { status: string; repealed_on: string; replaced_by: string; note: string }, ctx: ResolveContext, empty: Resolution): Resolution {
  const repl = familiesFor(rep.replaced_by, ctx);
  const cur = repl[0] ? currentVersion(repl[0].versions) : null;
  return {
    ...empty,
    status: "repealed_not_in_corpus",
    versionNote: `${rep.note}；知识库未收录该法全文。`,
    repealed: { status: rep.status, repealed_on: rep.repealed_on, replaced_by: rep.replaced_by, note: rep.note },
    replacedBy: cur
      ? { fgid: cur.fgid, fgmc: cur.fgmc, sxx: cur.sxx, tid: "", clause: "", content: "", url: detailUrl(cur.fgid), similarity: null, note: rep.note }
      : { fgid: "", fgmc: rep.replaced_by, sxx: "", tid: "", clause: "", content: "", url: "", similarity: null, note: rep.note },
  };
}

/** Resolves one extracted statute citation against the index. */
export function resolveCitation(ex: ExtractedStatute, ctx: ResolveContext): Resolution {
  const families = familiesFor(ex.name, ctx);
  const empty: Resolution = { status: "law_not_found", regulation: null, clause: null, versions: [], versionBasis: "", versionNote: "", replacedBy: null, candidates: [], repealed: null, renumbered: null };
  if (families.length === 0) {
    const rep = lookupRepealed(splitVersionMark(ex.name).name);
    if (rep) return resolveRepealed(rep, ctx, empty);
    const close = closestTitles(ex.name, ctx);
    if (close.length && hasInstrumentShape(ex.name)) return { ...empty, status: "not_in_index", candidates: close };
    return empty;
  }
  // Several families for one name (ambiguous short names): prefer one that has the clause.
  let fam = families[0]!;
  if (families.length > 1 && ex.tid) {
    const withClause = families.find((f) => f.versions.some((v) => clauseIn(v.fgid, ex.tid, ctx)));
    if (withClause) fam = withClause;
  }
  const candidates = families.length > 1 ? families.filter((f) => f !== fam).map((f) => currentVersion(f.versions)!).map((v) => ({ fgid: v.fgid, fgmc: v.fgmc })) : [];
  const versions = [...fam.versions].sort(byNewest);
  const withText = versions.filter((v) => v.has_fulltext);
  if (withText.length === 0) {
    // Only catalogue records (securities catalogue): the law exists, its text is not held.
    const rep = lookupRepealed(splitVersionMark(ex.name).name);
    if (rep) return resolveRepealed(rep, ctx, empty);
    const cur = currentVersion(versions)!;
    return {
      ...empty,
      status: "no_fulltext",
      regulation: cur,
      versions,
      versionBasis: versions.length === 1 ? "only_version" : "current",
      versionNote: `知识库仅有该法规的目录信息（${describe(cur)}），未收录全文，无法核对条文。`,
      candidates,
    };
  }
  const procedural = isProceduralLaw(versions[0]!.fgmc);
  const ref = ctx.reference;
  const date = procedural ? ctx.procedural.date : ref.basis === "today" ? null : ref.date;
  const why = procedural ? ctx.procedural.note.replace(/。$/, "") : ref.basis === "request" ? "请求指定" : ref.evidence ? `文书日期「${ref.evidence}」` : "";
  const pick = chooseVersion(fam.versions, { versionYear: ex.versionYear ?? null, date, why });
  let reg = pick.version!;
  if (!reg.has_fulltext) {
    // The applicable version is catalogue-only: check against the version that replaced it
    // (the oldest newer version with text), else the newest version with text.
    const newer = withText.filter((v) => (v.fbrq || "") > (reg.fbrq || "")).sort((a, b) => -byNewest(a, b))[0];
    const sub = newer ?? withText[0]!;
    pick.note += `知识库未收录该版本全文，按 ${describe(sub)}核对。`;
    reg = sub;
  }
  if (!ex.tid) {
    return {
      status: "found",
      regulation: reg,
      clause: null,
      versions,
      versionBasis: pick.basis,
      versionNote: pick.note,
      replacedBy: isSuperseded(reg, versions) ? findReplacement(reg, null, versions, ctx) : null,
      candidates,
      repealed: null,
      renumbered: null,
    };
  }
  const clause = clauseIn(reg.fgid, ex.tid, ctx);
  return {
    status: clause ? "found" : "clause_missing",
    regulation: reg,
    clause,
    versions,
    versionBasis: pick.basis,
    versionNote: pick.note,
    replacedBy: isSuperseded(reg, versions) ? findReplacement(reg, clause, versions, ctx) : null,
    candidates,
    repealed: null,
    // a version the draft names (（2017年修正）) that the index lacks: numbering as of that year
    renumbered: renumberingSince(reg, ex.versionYear && !reg.fbrq.startsWith(String(ex.versionYear)) ? `${ex.versionYear}-12-31` : date),
  };
}

/** Titles per store, for the closest titles of a name the index lacks. */
const TITLES = new WeakMap<CitationStore, { fgid: string; fgmc: string; key: string; grams: Set<string> }[]>();

function titleGrams(key: string): Set<string> {
  const g = new Set<string>();
  for (let i = 0; i + 1 < key.length; i++) g.add(key.slice(i, i + 2));
  return g;
}

/** Similarity at which a title counts as close to a written name. */
export const CLOSE_TITLE = 0.5;

/**
 * The index's titles closest to a name it does not hold (Dice over character bigrams of the name
 * keys, or the name contained in a title), one per family, best first, at most 3 at ≥ CLOSE_TITLE.
 */
export function closestTitles(name: string, ctx: ResolveContext): { fgid: string; fgmc: string }[] {
  let memo = CLOSEST.get(ctx.store);
  if (!memo) CLOSEST.set(ctx.store, (memo = new Map()));
  const hit = memo.get(name);
  if (hit) return hit;
  const out = closestTitlesUncached(name, ctx);
  if (memo.size >= CLOSEST_MEMO) memo.delete(memo.keys().next().value!);
  memo.set(name, out);
  return out;
}

/** Names whose closest titles are remembered per store (oldest out). */
const CLOSEST_MEMO = 2_000;
const CLOSEST = new WeakMap<object, Map<string, { fgid: string; fgmc: string }[]>>();

function closestTitlesUncached(name: string, ctx: ResolveContext): { fgid: string; fgmc: string }[] {
  let titles = TITLES.get(ctx.store);
  if (!titles) {
    const seen = new Set<string>();
    titles = [];
    for (const t of ctx.store.listTitles()) {
      if (seen.has(t.family)) continue;
      seen.add(t.family);
      const key = lawNameKey(t.fgmc);
      titles.push({ fgid: t.fgid, fgmc: t.fgmc, key, grams: titleGrams(key) });
    }
    TITLES.set(ctx.store, titles);
  }
  const key = lawNameKey(splitVersionMark(name).name);
  const grams = titleGrams(key);
  if (grams.size === 0) return [];
  const scored: { fgid: string; fgmc: string; s: number }[] = [];
  for (const t of titles) {
    let inter = 0;
    for (const g of grams) if (t.grams.has(g)) inter++;
    if (inter === 0) continue;
    const dice = (2 * inter) / (grams.size + t.grams.size);
    const contained = inter / grams.size;
    const s = Math.max(dice, contained >= 0.99 && key.length >= 3 ? 0.5 + 0.5 * dice : 0);
    if (s >= CLOSE_TITLE) scored.push({ fgid: t.fgid, fgmc: t.fgmc, s });
  }
  return scored
    .sort((a, b) => b.s - a.s || a.fgmc.length - b.fgmc.length)
    .slice(0, 3)
    .map(({ fgid, fgmc }) => ({ fgid, fgmc }));
}

/** 失效 / 已被修改, or an older version than the current one. */
export function isSuperseded(reg: Regulation, versions: Regulation[]): boolean {
  if (reg.sxx === "失效" || reg.sxx === "已被修改") return true;
  const cur = currentVersion(versions);
  return !!cur && cur.fgid !== reg.fgid;
}
