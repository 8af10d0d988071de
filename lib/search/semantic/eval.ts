/**
 * Retrieval evaluation against STARD-style questions (bench/semantic.bench.ts and tuning):
 * gold articles are matched to clauses by law name (lawNameKey on both sides, so
 * 中华人民共和国 and brackets do not matter) and article number (clauseTidFromLabel). A gold
 * article matches every indexed version of that law that has the article; a ranking finds the
 * gold article when any of those clauses is in the top k.
 */
import fs from "node:fs";
import type { SemanticIndex } from "@/lib/store/semantic-index";
import { lawNameKey } from "@/lib/text/normalize";
import { clauseTidFromLabel } from "@/lib/text/numerals";

export interface GoldQuestion {
  id: string;
  query: string;
  /** One entry per gold article: the cids that count as finding it. */
  gold: number[][];
  /** Gold articles that matched nothing in the index. */
  unmatched: number;
}

export function loadStard(file: string): { id: string; query: string; relevant: { law: string; article: string }[] }[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

export function mapGold(db: SemanticIndex, file: string): GoldQuestion[] {
  const rows = db.clauseArticles().map(([cid, tid, k]) => ({ cid, tid, k }));
  const byKey = new Map<string, number[]>();
  for (const r of rows) {
    const key = `${r.k}#${r.tid}`;
    const list = byKey.get(key);
    if (list) list.push(r.cid);
    else byKey.set(key, [r.cid]);
  }
  return loadStard(file).map((q) => {
    const gold: number[][] = [];
    let unmatched = 0;
    for (const rel of q.relevant) {
      const tid = clauseTidFromLabel(rel.article);
      const cids = tid ? byKey.get(`${lawNameKey(rel.law)}#${tid}`) : undefined;
      if (cids && cids.length) gold.push(cids);
      else unmatched++;
    }
    return { id: q.id, query: q.query, gold, unmatched };
  });
}

export interface Metrics {
  questions: number;
  recall10: number;
  recall100: number;
  mrr: number;
}

/** Recall counts unmatched gold articles as misses; MRR uses the first gold article found. */
export function evaluate(qs: GoldQuestion[], rank: (q: GoldQuestion) => number[]): Metrics {
  let r10 = 0;
  let r100 = 0;
  let mrr = 0;
  let n = 0;
  for (const q of qs) {
    const total = q.gold.length + q.unmatched;
    if (total === 0 || q.gold.length === 0) continue;
    n++;
    const ranked = rank(q);
    const pos = new Map<number, number>();
    ranked.forEach((cid, i) => {
      if (!pos.has(cid)) pos.set(cid, i);
    });
    let first = Infinity;
    let h10 = 0;
    let h100 = 0;
    for (const g of q.gold) {
      let best = Infinity;
      for (const cid of g) best = Math.min(best, pos.get(cid) ?? Infinity);
      if (best < 10) h10++;
      if (best < 100) h100++;
      first = Math.min(first, best);
    }
    r10 += h10 / total;
    r100 += h100 / total;
    if (first < Infinity) mrr += 1 / (first + 1);
  }
  return { questions: n, recall10: r10 / (n || 1), recall100: r100 / (n || 1), mrr: mrr / (n || 1) };
}
