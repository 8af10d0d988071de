/**
 * Where FTS5's time goes for the tier-1 expressions of the load bench's 1-client slice
 * (issue 16): the ranked list (bm25, ORDER BY, LIMIT) against matching alone.
 *   npx tsx bench/tools/fts-split.ts [skip=12000] [n=1000]
 */
import Database from "better-sqlite3";
import { indexPath } from "../../lib/config";
import { getIndex } from "../../lib/store/index-store";
import { warmKeywordSearch } from "../../lib/search/keyword/warm-up";
import { compileFtsQuery } from "../../lib/search/keyword/compile-fts-query";
import { useIndexConcepts } from "../../lib/search/keyword/index-concepts";
import { distinctKeywordRequests } from "../lib/distinct-queries";
import { splitParts } from "../../lib/api/keyword-request/split-parts";

const skip = Number(process.argv[2] ?? 12_000);
const n = Number(process.argv[3] ?? 1000);
const raw = new Database(indexPath(), { readonly: true });
const reqs = distinctKeywordRequests(raw, skip + n).requests.slice(skip);
const ix = getIndex();
warmKeywordSearch(ix);
useIndexConcepts(ix);
const exprs: string[] = [];
for (const b of reqs) {
  const q = compileFtsQuery(splitParts(String(b.keyword)), (String(b.search_mode ?? "AND").toUpperCase() as "AND" | "OR"));
  if (q) exprs.push(q.exact);
}
const db = new Database(indexPath(), { readonly: true });
db.pragma("locking_mode = EXCLUSIVE");
const ranked = db.prepare("SELECT rowid, bm25(clause_fts) AS bm FROM clause_fts WHERE clause_fts MATCH ? ORDER BY bm LIMIT ?").raw();
const matched = db.prepare("SELECT rowid FROM clause_fts WHERE clause_fts MATCH ?").raw();
const matchedLimit = db.prepare("SELECT rowid FROM clause_fts WHERE clause_fts MATCH ? LIMIT ?").raw();
const counted = db.prepare("SELECT count(*) FROM clause_fts WHERE clause_fts MATCH ?").pluck();
const time = (f: (e: string) => unknown) => {
  const t = process.cpuUsage();
  for (const e of exprs) f(e);
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000 / exprs.length;
};
for (let round = 0; round < 2; round++) {
  console.log(`round ${round}: ${exprs.length} expressions: ranked ${time((e) => ranked.all(e, 1001)).toFixed(3)} ms, match only ${time((e) => matched.all(e)).toFixed(3)} ms, count ${time((e) => counted.get(e)).toFixed(3)} ms`);
}
const sizes = exprs.map((e) => counted.get(e) as number).sort((a, b) => a - b);
console.log(`matches per expression: p25 ${sizes[Math.floor(sizes.length * 0.25)]} p50 ${sizes[Math.floor(sizes.length * 0.5)]} p75 ${sizes[Math.floor(sizes.length * 0.75)]} p90 ${sizes[Math.floor(sizes.length * 0.9)]}; none ${sizes.filter((s) => s === 0).length}`);
{
  // by shape and size: single phrase (no OR, no prefix) vs the rest; matches ≤ 64 vs more
  const single = (e: string) => /^"[^"]+"$/.test(e);
  const buckets = new Map<string, string[]>();
  for (const e of exprs) {
    const cnt = counted.get(e) as number;
    const k = `${single(e) ? "single" : "multi"} ${cnt === 0 ? "0" : cnt <= 64 ? "1-64" : ">64"}`;
    if (!buckets.has(k)) buckets.set(k, []);
    buckets.get(k)!.push(e);
  }
  for (const [k, es] of buckets) {
    const t = (f: (e: string) => unknown) => {
      const c = process.cpuUsage();
      for (let r = 0; r < 3; r++) for (const e of es) f(e);
      const d = process.cpuUsage(c);
      return (d.user + d.system) / 1000 / es.length / 3;
    };
    console.log(`${k}: ${es.length} expressions: ranked ${t((e) => ranked.all(e, 1001)).toFixed(3)} ms, match only ${t((e) => matched.all(e)).toFixed(3)} ms, match ≤65 ${t((e) => matchedLimit.all(e, 65)).toFixed(3)} ms`);
  }
}
{
  // ORDER BY's sorter against an unordered read of the same bm25 values (sorted in JS) on the small lists
  const unordered = db.prepare("SELECT rowid, bm25(clause_fts) AS bm FROM clause_fts WHERE clause_fts MATCH ? LIMIT ?").raw();
  const small = exprs.filter((e) => { const c = counted.get(e) as number; return c > 0 && c <= 64; });
  const big = exprs.filter((e) => (counted.get(e) as number) > 64);
  const t = (es: string[], f: (e: string) => unknown) => {
    const c = process.cpuUsage();
    for (let r = 0; r < 3; r++) for (const e of es) f(e);
    const d = process.cpuUsage(c);
    return ((d.user + d.system) / 1000 / es.length / 3).toFixed(3);
  };
  console.log(`1-64 matches (${small.length}): ordered ${t(small, (e) => ranked.all(e, 1001))} ms, unordered ≤65 ${t(small, (e) => unordered.all(e, 65))} ms`);
  console.log(`>64 matches (${big.length}): ordered ${t(big, (e) => ranked.all(e, 1001))} ms, unordered ≤65 ${t(big, (e) => unordered.all(e, 65))} ms`);
}
