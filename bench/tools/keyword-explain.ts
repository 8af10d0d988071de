/**
 * Why an article ranks where it does in rh_ft_search (issue 16): the parts of the lawyer's
 * score (lawyer-rank.ts) for the best candidates and for the expected article.
 *
 *   npx tsx bench/tools/keyword-explain.ts misses      every term of set A (tuning set) whose article is not first
 *   npx tsx bench/tools/keyword-explain.ts "QUERY" [LAW FT_NUM]
 *
 * Columns: final rank (after subject terms), static rank, rel (REL × relative bm25), level,
 * base (currency + authority), subject (DEFINES/LEADS/HEADING…), total. Only set A: B and C are
 * measured as totals (bench/lib/relevance.ts) and never explained.
 */
import Database from "better-sqlite3";
import { indexPath } from "../../lib/config";
import { getIndex } from "../../lib/store/index-store";
import { lawNameKey } from "../../lib/text/normalize";
import { compileFtsQuery } from "../../lib/search/keyword/compile-fts-query";
import { useIndexConcepts } from "../../lib/search/keyword/index-concepts";
import { topList } from "../../lib/search/keyword/ranking-cache";
import { LEVEL, W, SUBJECT_DEPTH, definedCandidates, firstMatchOfSection, headingCandidates, lastHeading, opensSection, subjectScore } from "../../lib/search/keyword/lawyer-rank";
import { loadRegulationMeta } from "../../lib/search/keyword/load-regulation-meta";
import { searchClauses } from "../../lib/search/keyword/search-clauses";
import { RELEVANCE_TERMS } from "../lib/relevance-terms";

const ix = getIndex();
const db = new Database(indexPath(), { readonly: true, fileMustExist: true });
const meta = loadRegulationMeta(ix).byRid;
const cidOf = db.prepare(`SELECT c.cid FROM clauses c JOIN regulations r ON r.rid = c.rid WHERE r.fgmc_key = ? AND c.ft_num = ? AND r.sxx = '现行有效'`);
const auth = new Map<number, [number, number]>();
for (const [cid, t, c] of ix.clauseAuthority()) auth.set(cid, [t, c]);
const lawCites = new Map<number, number>(); // rid → citations of all its articles (W.LAW_AUTHORITY)
for (const [cid, [t, c]] of auth) lawCites.set(ix.clauseRegulations()[cid]!, (lawCites.get(ix.clauseRegulations()[cid]!) ?? 0) + t + W.CASE_WEIGHT * c);

function explain(q: string, expect: Array<[string, string]>): void {
  useIndexConcepts(ix);
  const parts = q.split(/\s+/);
  const cq = compileFtsQuery(parts, "AND")!;
  const want = new Set(expect.flatMap(([law, ft]) => (cidOf.all(lawNameKey(law), ft) as { cid: number }[]).map((r) => r.cid)));
  const list = topList(ix, cq.exact);
  const cids = Array.from(list.cid);
  const bms = Array.from(list.bm);
  let best = 0;
  for (const b of bms) if (b < best) best = b;
  const extra = [...definedCandidates(cq.parts), ...headingCandidates(ix, cq.parts, {})].filter((c) => !cids.includes(c));
  for (const c of extra) {
    cids.push(c);
    bms.push(best < 0 ? best : -1);
  }
  const ridOf = ix.clauseRegulations();
  const rows = cids.map((cid, i) => {
    const r = meta.get(ridOf[cid]!)!;
    const rel = best < 0 && bms[i]! < 0 ? W.REL * Math.pow(bms[i]! / best, W.REL_POWER) : 0;
    const level = LEVEL[r.xljb_1] ?? 0;
    const [t, c] = auth.get(cid) ?? [0, 0];
    const base = (r.sxx === "现行有效" ? 0 : W.NOT_CURRENT) + W.AUTHORITY * Math.log1p(t + W.CASE_WEIGHT * c) + W.LAW_AUTHORITY * Math.log1p(lawCites.get(ridOf[cid]!) ?? 0);
    return { cid, rel, level, base, auth: `${t}/${c}`, stat: rel + level + base, fgmc: r.fgmc, sxx: r.sxx };
  });
  rows.sort((a, b) => b.stat - a.stat);
  const named = new Set(definedCandidates(cq.parts));
  const inPool = new Set(cids);
  const firstMatch = (cid: number, chapter: string) =>
    chapter !== "" && cq.parts.some((p) => lastHeading(chapter).replace(/\s+/gu, "").includes(p.text)) && firstMatchOfSection(ix, cid, (k) => inPool.has(k));
  const top = rows.slice(0, 100).map((r, i) => {
    const c = ix.clauseRow(r.cid)!;
    const weighed = i < SUBJECT_DEPTH || named.has(r.cid); // as search-clauses.ts rankTier
    const subject = weighed || want.has(r.cid) ? subjectScore(cq.parts, { content: c.content, chapter: c.chapter, cid: r.cid, opens: opensSection(ix, r.cid), firstMatch: firstMatch(r.cid, c.chapter) }, "AND") : NaN;
    return { ...r, i: i + 1, weighed, ft: c.ft_num, subject, total: r.stat + (subject ?? -99), head: c.content.slice(0, 40).replace(/\s+/g, " "), chapter: c.chapter.split(" / ").pop() };
  });
  const scored = top.filter((r) => r.weighed).sort((a, b) => b.total - a.total);
  const items = searchClauses(ix, { parts, mode: "AND", filters: {}, topK: 10 });
  const at = items.findIndex((it) => want.has(Number(NaN)) || expect.some(([law, ft]) => lawNameKey(law) === lawNameKey(it.fgmc) && ft === it.ft_num && it.sxx === "现行有效"));
  console.log(`\n## ${q}  (expected rank ${at < 0 ? ">10" : at + 1}; pool ${list.cid.length}${list.truncated ? "+" : ""}, extra ${extra.length})`);
  const line = (r: (typeof top)[number], f: number | string) =>
    console.log(`  ${String(f).padStart(3)} s${String(r.i).padStart(3)} rel ${r.rel.toFixed(2)} lvl ${r.level.toFixed(1)} base ${r.base.toFixed(2)} (${r.auth}) subj ${Number.isNaN(r.subject) ? "  -" : r.subject === null ? "null" : r.subject.toFixed(1)} = ${r.total.toFixed(2)} ${want.has(r.cid) ? "**" : "  "}${r.fgmc.replace("中华人民共和国", "")}${r.ft} [${r.chapter}] ${r.head}`);
  scored.slice(0, 6).forEach((r, k) => line(r, k + 1));
  for (const r of top) if (want.has(r.cid) && !scored.slice(0, 6).includes(r)) line(r, "exp");
  for (const c of want) if (!top.some((r) => r.cid === c)) console.log(`  expected cid ${c} not among the 100 best static (in pool: ${cids.includes(c)})`);
}

const [arg, law, ft] = process.argv.slice(2);
if (arg === "misses") {
  for (const t of RELEVANCE_TERMS) {
    const items = searchClauses(ix, { parts: t.q.split(/\s+/), mode: "AND", filters: {}, topK: 10 });
    const ok = items[0] && t.expect.some(([l, n]) => lawNameKey(l) === lawNameKey(items[0]!.fgmc) && n === items[0]!.ft_num && items[0]!.sxx === "现行有效");
    if (!ok) explain(t.q, t.expect);
  }
} else if (arg) explain(arg, law && ft ? [[law, ft]] : []);
