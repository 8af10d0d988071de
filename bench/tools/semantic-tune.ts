/**
 * Tuning harness (not used at run time): per-question candidate features with 5-fold models,
 * then fusion variants evaluated offline. npx tsx bench/tools/semantic-tune.ts
 */
import path from "node:path";
import fs from "node:fs";
import Database from "better-sqlite3";
import { indexPath } from "../../lib/config";
import { sqliteIndexStore } from "../../lib/store/index-store";
import { evaluate, loadStard, mapGold, type GoldQuestion } from "../../lib/search/semantic/eval";
import { buildLearned, memoryVotes, expandQuestion, type LearnedModel } from "../../lib/search/semantic/learned";
import { learnedQuestions } from "../../lib/search/semantic/tools/build-learned";
import { bm25Search, bm25Weighted } from "../../lib/search/semantic/bm25";
import { embedLsa } from "../../lib/search/semantic/lsa";
import { semanticTerms } from "../../lib/search/semantic/terms";
import { loadVectorIndex, scanTopK } from "../../lib/search/semantic/vector-index";
import { regulationPrior, FUSION } from "../../lib/search/semantic/search";
import type { CandidateSignals } from "../../lib/search/semantic/rerank";

const db = new Database(indexPath(), { readonly: true });
const ix = sqliteIndexStore(db); // the read interface the search takes; `db` for this harness's own SQL
const stard = path.resolve(process.cwd(), "../shared/benchmarks/stard-train.jsonl");
const vi = loadVectorIndex(ix)!;
const lsa = vi.lsa!;
const idf = (t: string) => {
  const i = lsa.index.get(t);
  return i === undefined ? undefined : lsa.model.idf[i];
};
let qs: GoldQuestion[] = mapGold(ix, stard);
const qsAll = qs;
const K = 5;
const foldOf = (id: string) => {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h >>> 0) % K;
};
const rows = loadStard(stard);
const models: LearnedModel[] = [];
for (let k = 0; k < K; k++) models.push(buildLearned(ix, learnedQuestions(rows.filter((r) => foldOf(r.id) !== k)), lsa));
const prior = regulationPrior(ix);
const ridOfCid = new Map<number, number>();
for (let i = 0; i < vi.n; i++) ridOfCid.set(vi.cids[i]!, vi.rids[i]!);
const rowOfCid = new Map<number, number>();
for (let i = 0; i < vi.n; i++) rowOfCid.set(vi.cids[i]!, i);
function cos(q: Float32Array, cid: number): number {
  const r = rowOfCid.get(cid);
  if (r === undefined) return 0;
  let s = 0;
  for (let j = 0; j < vi.dims; j++) s += vi.vectors[r * vi.dims + j]! * q[j]!;
  return s;
}

/** The re-ranker's signals without the regulation (this harness keeps its own rows). */
type Feat = Pick<CandidateSignals, "cid" | "bm" | "cos" | "prior" | "law" | "mh" | "mt" | "tr" | "nb" | "lb">;

const TR_DEPTH = Number(process.env.TR_DEPTH ?? 400);
const TR_SELF = Number(process.env.TR_SELF ?? 0.5);
const NB = Number(process.env.NB ?? 5);
const LB_LAWS = Number(process.env.LB_LAWS ?? 3);
const LB_DEPTH = Number(process.env.LB_DEPTH ?? 100);
const info = new Map<number, { rid: number; ord: number; ch: string }>();
const chapterMembers = new Map<string, number[]>();
for (const [cid, rid, ord, ch] of db.prepare("SELECT cid, rid, ord, chapter FROM clauses").raw().iterate() as Iterable<[number, number, number, string]>) {
  info.set(cid, { rid, ord, ch });
  const k = `${rid}|${ch}`;
  const l = chapterMembers.get(k);
  if (l) l.push(cid);
  else chapterMembers.set(k, [cid]);
}
function features(text: string, m: LearnedModel | null): Feat[] {
  const qv = embedLsa(lsa, text);
  const vec = qv ? scanTopK(vi, qv, FUSION.candidates, null) : [];
  const bm = bm25Search(ix, text, { limit: FUSION.candidates, maxTerms: FUSION.bm25Terms, minIdf: FUSION.bm25MinIdf, idf });
  const cand = new Map<number, number>();
  const top = bm[0]?.score || 1;
  for (const h of bm) cand.set(h.cid, Math.pow(Math.max(h.score, 0) / top, FUSION.bm25Exp));
  for (const h of vec) if (!cand.has(h.cid)) cand.set(h.cid, 0);
  const mh = m ? memoryVotes(m, text, qv, FUSION.memory) : new Map<number, number>();
  const mt = m ? memoryVotes(m, text, qv, FUSION.tailMemoryOpts) : new Map<number, number>();
  for (const c of mt.keys()) if (!cand.has(c)) cand.set(c, 0);
  const tr = new Map<number, number>();
  const lb = new Map<number, number>();
  if (m && TR_DEPTH > 0) {
    const ex = expandQuestion(m, text);
    for (const t of new Set(semanticTerms(text))) if ((idf(t) ?? 12) >= 2) ex.set(t, Math.max(ex.get(t) ?? 0, TR_SELF));
    const hits = bm25Weighted(ix, ex, TR_DEPTH);
    const tt = hits[0]?.score || 1;
    for (const h of hits) {
      tr.set(h.cid, Math.pow(h.score / tt, 0.5));
      if (!cand.has(h.cid)) cand.set(h.cid, 0);
    }
    // in-law BM25: the expanded query within the laws the memory votes for most
    const byRid = new Map<number, number>();
    for (const [c, v] of mt) { const r = ridOfCid.get(c) ?? 0; byRid.set(r, (byRid.get(r) ?? 0) + v); }
    const laws = [...byRid].sort((a, b) => b[1] - a[1]).slice(0, LB_LAWS).map((x) => x[0]);
    if (laws.length) {
      const lh = bm25Weighted(ix, ex, LB_DEPTH, laws);
      const lt = lh[0]?.score || 1;
      for (const h of lh) {
        lb.set(h.cid, Math.sqrt(h.score / lt));
        if (!cand.has(h.cid)) cand.set(h.cid, 0);
      }
    }
  }
  // neighbours of the memory's articles: same regulation and chapter
  const nb = new Map<number, number>();
  if (NB > 0) {
    for (const [c, v] of mt) {
      const inf = info.get(c);
      if (!inf || v < 0.05) continue;
      for (const o of chapterMembers.get(`${inf.rid}|${inf.ch}`) ?? []) {
        if (o === c) continue;
        const oi = info.get(o)!;
        const d = Math.abs(oi.ord - inf.ord);
        if (d > NB) continue;
        nb.set(o, Math.max(nb.get(o) ?? 0, v / (1 + d)));
      }
    }
    for (const c of nb.keys()) if (!cand.has(c)) cand.set(c, 0);
  }
  return [...cand].map(([cid, b]) => {
    const rid = ridOfCid.get(cid) ?? 0;
    return { cid, bm: b, cos: qv ? cos(qv, cid) : 0, prior: prior[rid] ?? 0, law: m?.lawPrior[rid] ?? 0, mh: mh.get(cid) ?? 0, mt: mt.get(cid) ?? 0, tr: tr.get(cid) ?? 0, nb: nb.get(cid) ?? 0, lb: lb.get(cid) ?? 0 };
  });
}

interface W { tr: number; trT: number; nb: number; nbT: number }
const W0: W = { tr: 0, trT: 0, nb: 0, nbT: 0 };
function shipped(fs: Feat[], w: W = W0): number[] {
  const sc = fs.map((f) => {
    const base = f.bm + 0.2 * f.cos + 0.4 * f.prior;
    return { cid: f.cid, head: base + 0.2 * f.law + 0.3 * f.mh + w.tr * f.tr + w.nb * f.nb, tail: base + 0.4 * f.law + 4 * f.mt + w.trT * f.tr + w.nbT * f.nb };
  });
  const byHead = [...sc].sort((a, b) => b.head - a.head || a.cid - b.cid).slice(0, 50);
  const taken = new Set(byHead.map((x) => x.cid));
  const rest = sc.filter((x) => !taken.has(x.cid)).sort((a, b) => b.tail - a.tail || a.cid - b.cid);
  return [...byHead, ...rest].slice(0, 100).map((x) => x.cid);
}

const t0 = performance.now();
const F = new Map<string, Feat[]>();
for (const q of qs) F.set(q.id, features(q.query, models[foldOf(q.id)]!));
console.log(`features ${((performance.now() - t0) / qs.length).toFixed(1)} ms/q`);
const m = evaluate(qs, (q) => shipped(F.get(q.id)!));
console.log("shipped", m);
// coverage of the candidate pool
let pr = 0;
for (const q of qs) { const s = new Set(F.get(q.id)!.map((f) => f.cid));  pr += q.gold.filter((g) => g.some((c) => s.has(c))).length / (q.gold.length + q.unmatched); }
console.log("pool recall", (pr / qs.length).toFixed(3), "avg size", ([...F.values()].reduce((a, f) => a + f.length, 0) / qs.length).toFixed(0));
const fmtM = (x: { recall10: number; recall100: number; mrr: number }) => `R@10 ${x.recall10.toFixed(3)} R@100 ${x.recall100.toFixed(3)} MRR ${x.mrr.toFixed(3)}`;
// ---------- dump: per question the candidates' features (+ rid, gold flag) for fit.ts
{
  const out: number[] = [];
  for (const q of qs) {
    const fsq = F.get(q.id)!;
    const gold = new Set(q.gold.flat());
    const total = q.gold.length + q.unmatched;
    out.push(-1, foldOf(q.id), fsq.length, total, q.gold.length);
    // gold groups: each group's cids listed, for recall by article
    for (const g of q.gold) { out.push(g.length, ...g); }
    for (const f of fsq) out.push(f.cid, info.get(f.cid)!.rid, f.bm, f.cos, f.prior, f.law, f.mh, f.mt, f.tr, f.nb, f.lb, gold.has(f.cid) ? 1 : 0);
  }
  fs.writeFileSync(process.env.FEAT_OUT ?? "/tmp/wt16-feat.bin", Buffer.from(Float64Array.from(out).buffer));
  console.log("dumped", out.length);
}
