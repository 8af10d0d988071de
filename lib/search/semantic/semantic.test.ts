/**
 * Unit and integration tests of the semantic search internals over the real slice index:
 * LSA/SVD sanity, thesaurus rewrite, region names, and the external embeddings provider
 * (vectors built with a local OpenAI-compatible server, queries through it, degradation when
 * it is down, slow or broken, in bounded time).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddingsServer, type EmbeddingsServer } from "@/test/helpers/embeddings-server";
import { buildSemanticIndex } from "./build-step";
import { sqliteBuildTarget } from "@/lib/store/build-target";
import { sqliteIndexStore, type IndexStore } from "@/lib/store/index-store";

/** One store per handle (the searches cache per store, like per opened index in the app). */
const stores = new WeakMap<Database.Database, IndexStore>();
const ix = (db: Database.Database): IndexStore => stores.get(db) ?? (stores.set(db, sqliteIndexStore(db)), stores.get(db)!);
import { normalizeDy } from "./filters";
import { randomizedSvd, symmetricEigen, type Csr } from "./linalg";
import { buildLearned, memorySimilarities, memoryVotes, readLearnedFile } from "./learned";
import { compileLsa, embedLsa, trainLsa } from "./lsa";
import { endpoint, providerFromEnv } from "./provider";
import { loadThesaurus, rewriteQuery } from "./rewrite";
import { resultCacheStats, semanticSearch } from "./search";
import { createSimdScanner } from "./simd-scan";
import { loadVectorIndex, readMeta, scanBatchCounts, scanTopK, scanTopKBatch, scanTopKQueued, type VectorIndex } from "./vector-index";

describe("linear algebra", () => {
  it("Jacobi eigen-decomposition of a symmetric matrix", () => {
    const { values, vectors } = symmetricEigen(Float64Array.from([2, 1, 1, 2]), 2);
    expect(values[0]).toBeCloseTo(3, 8);
    expect(values[1]).toBeCloseTo(1, 8);
    expect(Math.abs(vectors[0]!)).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it("randomized SVD recovers the singular values of a small sparse matrix", () => {
    // rows: diag(3, 2, 1) padded with zero columns
    const A: Csr = { rows: 3, cols: 5, ptr: Uint32Array.from([0, 1, 2, 3]), idx: Uint32Array.from([0, 2, 4]), val: Float32Array.from([3, 2, 1]) };
    const { sigma } = randomizedSvd(A, 2, { oversample: 2 });
    expect(sigma[0]).toBeCloseTo(3, 4);
    expect(sigma[1]).toBeCloseTo(2, 4);
  });
});

describe("SIMD scan kernel", () => {
  it("computes the same dot products as plain JavaScript", () => {
    const n = 1000;
    const dims = 24;
    const s = createSimdScanner(n, dims)!;
    expect(s).not.toBeNull();
    for (let i = 0; i < s.vectors.length; i++) s.vectors[i] = Math.sin(i * 0.37);
    const q = Float32Array.from({ length: dims }, (_, j) => Math.cos(j));
    const out = s.scan(q);
    for (let d = 0; d < n; d += 37) {
      let ref = 0;
      for (let j = 0; j < dims; j++) ref += s.vectors[d * dims + j]! * q[j]!;
      expect(out[d]).toBeCloseTo(ref, 4);
    }
    expect(createSimdScanner(10, 6)).toBeNull();
  });

  it("scanRows gives scan's own values; scanApprox's int8 dot products stay within the bound scanTopK relies on", () => {
    const n = 3000;
    const dims = 24; // not a multiple of 16: the int8 rows are padded
    const s = createSimdScanner(n, dims)!;
    for (let i = 0; i < s.vectors.length; i++) s.vectors[i] = Math.sin(i * 0.37) * (1 + (i % 7));
    const q = Float32Array.from({ length: dims }, (_, j) => Math.cos(j) * 0.3);
    expect(s.scanApprox(q)).toBeNull(); // before quantize
    s.quantize();
    const full = Float32Array.from(s.scan(q));
    const rows = Int32Array.from({ length: 500 }, (_, i) => (i * 7) % n);
    const part = s.scanRows(q, rows, 500);
    for (let t = 0; t < 500; t++) expect(part[t]).toBe(full[rows[t]!]);
    const a = s.scanApprox(q)!;
    for (let d = 0; d < n; d++) {
      let ref = 0;
      let max = 0;
      for (let j = 0; j < dims; j++) max = Math.max(max, Math.abs(s.vectors[d * dims + j]!));
      const rs = max / 127;
      expect(a.rowScaleUp[d]).toBeGreaterThanOrEqual(rs);
      expect(a.rowScaleUp[d]).toBeLessThanOrEqual(rs * (1 + 2 ** -23));
      let l1 = 0;
      for (let j = 0; j < dims; j++) {
        const v = Math.round(s.vectors[d * dims + j]! / rs);
        ref += v * Math.round(q[j]! / a.qScale);
        l1 += Math.abs(v);
      }
      expect(a.dot[d]).toBe(ref);
      expect(a.rowL1[d]).toBe(l1);
      const bound = rs * (0.5 * a.qScale * a.rowL1[d]! + 0.5 * a.qL1);
      expect(Math.abs(a.dot[d]! * rs * a.qScale - full[d]!)).toBeLessThanOrEqual(bound);
    }
    // selectRows: the kernel's bound test gives the rows JavaScript's doubles give, in order
    for (const [b0, b1, floor] of [[0, n, -Infinity], [0, n, 0.5], [100, 2000, 1.5], [7, 8, 0], [0, n, 100]] as const) {
      const half = 0.37 * a.qScale;
      const qPart = 0.51 * a.qL1;
      const want: number[] = [];
      for (let d = b0; d < b1; d++) if (!(a.rowScaleUp[d]! * (a.dot[d]! * a.qScale + half * a.rowL1[d]! + qPart) <= floor)) want.push(d);
      const m = s.selectRows(b0, b1, a.qScale, half, qPart, floor);
      expect(Array.from(s.selected.subarray(0, m))).toEqual(want);
      expect(Array.from(s.scanSelected(q, m))).toEqual(want.map((d) => full[d]!));
    }
  });

  it("cosineRows: JavaScript's doubles (each row's sum in order of j) for any number of rows, in the order given", () => {
    const n = 700;
    const dims = 24;
    const s = createSimdScanner(n, dims)!;
    for (let i = 0; i < s.vectors.length; i++) s.vectors[i] = Math.sin(i * 0.37) * (1 + (i % 5)) * 1e-3 ** (i % 3);
    const q = Float32Array.from({ length: dims }, (_, j) => Math.cos(j * 1.3) * 0.7);
    const ref = (d: number) => {
      let x = 0;
      for (let j = 0; j < dims; j++) x += s.vectors[d * dims + j]! * q[j]!;
      return x;
    };
    for (const m of [0, 1, 2, 3, 4, 5, 7, 8, 699, 700]) {
      const rows = Int32Array.from({ length: m }, (_, i) => (i * 211 + 5) % n);
      const got = s.cosineRows(q, rows, m);
      expect(got.length).toBe(m);
      expect(Array.from(got)).toEqual(Array.from(rows, ref));
    }
    // a longer rows array: only the first m count
    const rows = Int32Array.from({ length: 50 }, (_, i) => n - 1 - i);
    expect(Array.from(s.cosineRows(q, rows, 6))).toEqual(Array.from(rows.subarray(0, 6), ref));
  });

  it("scanApproxBatch: each question's int8 dot products are scanApprox's, for every batch size (pairs by blocks, an odd one alone)", () => {
    const n = 3001; // not a multiple of the pair kernel's 64-row block
    const dims = 24; // int8 rows padded to 32
    const s = createSimdScanner(n, dims, 8)!;
    expect(s.maxBatch).toBe(8);
    for (let i = 0; i < s.vectors.length; i++) s.vectors[i] = Math.sin(i * 0.37) * (1 + (i % 7));
    const qs = Array.from({ length: 8 }, (_, t) => Float32Array.from({ length: dims }, (_, j) => Math.cos(j * (t + 1)) * (t % 2 ? 0.3 : -2)));
    expect(s.scanApproxBatch(qs.slice(0, 2))).toBeNull(); // before quantize
    s.quantize();
    const alone = qs.map((q) => ({ ...s.scanApprox(q)!, dot: Int32Array.from(s.scanApprox(q)!.dot) }));
    for (const size of [1, 2, 3, 4, 5, 7, 8]) {
      const got = s.scanApproxBatch(qs.slice(8 - size))!;
      expect(got.length).toBe(size);
      got.forEach((a, i) => {
        const want = alone[8 - size + i]!;
        expect(a.slot).toBe(i);
        expect([a.qScale, a.qL1]).toEqual([want.qScale, want.qL1]);
        expect(Array.from(a.dot)).toEqual(Array.from(want.dot));
      });
    }
    expect(() => s.scanApproxBatch(Array.from({ length: 9 }, () => qs[0]!))).toThrow(RangeError);
  });

  it("scanTopKBatch and scanTopKQueued give scanTopK's hits, scores and order, ties included", async () => {
    // a synthetic index with many equal vectors (equal scores: the heap's order among them is what must not change)
    const n = 5000;
    const dims = 32;
    const s = createSimdScanner(n, dims, 4)!;
    const base = Array.from({ length: 40 }, (_, t) => Float32Array.from({ length: dims }, (_, j) => Math.sin((t + 1) * (j + 1) * 0.71)));
    for (let d = 0; d < n; d++) {
      const v = d % 3 === 0 ? base[d % 40]! : Float32Array.from({ length: dims }, (_, j) => Math.sin(d * 0.13 + j * 0.57 + (d % 11)));
      let norm = 0;
      for (let j = 0; j < dims; j++) norm += v[j]! * v[j]!;
      for (let j = 0; j < dims; j++) s.vectors[d * dims + j] = v[j]! / Math.sqrt(norm);
    }
    s.quantize();
    const cids = Int32Array.from({ length: n }, (_, d) => 10 + d);
    const rids = Int32Array.from({ length: n }, (_, d) => d % 17);
    const rowOf = new Int32Array(n + 10).fill(-1);
    cids.forEach((c, d) => (rowOf[c] = d));
    const vi: VectorIndex = { meta: { kind: "lsa", dims, model: "", version: "1" }, n, dims, cids, rids, vectors: s.vectors, lsa: null, scanner: s, rowOf };
    const fullScan: VectorIndex = { ...vi, scanner: { ...s, scanApprox: () => null } };
    const some = new Uint8Array(17);
    for (const r of [1, 4, 5, 16]) some[r] = 1;
    const q = (t: number) => (t % 4 === 0 ? Float32Array.from(base[t % 40]!) : Float32Array.from({ length: dims }, (_, j) => Math.cos(t * 0.29 + j * 0.41)));
    const asks = Array.from({ length: 11 }, (_, t) => ({ q: q(t), k: [400, 10, 1, 2000][t % 4]!, allowed: t % 3 === 2 ? some : null }));
    const want = asks.map((a) => scanTopK(vi, a.q, a.k, a.allowed));
    asks.forEach((a, t) => expect(want[t]).toEqual(scanTopK(fullScan, a.q, a.k, a.allowed)));
    expect(want.some((hits) => hits.some((h, i) => i > 0 && h.score === hits[i - 1]!.score))).toBe(true); // ties are there
    for (const size of [1, 2, 3, 4, 5, 11]) expect(scanTopKBatch(vi, asks.slice(0, size))).toEqual(want.slice(0, size));
    // the questions asked in the same turn are scanned together (batches of at most 4 here), each answer its own
    const before = [...scanBatchCounts];
    const got = await Promise.all(asks.map((a) => scanTopKQueued(vi, a.q, a.k, a.allowed)));
    expect(got).toEqual(want);
    expect([(scanBatchCounts[4] ?? 0) - (before[4] ?? 0), (scanBatchCounts[3] ?? 0) - (before[3] ?? 0)]).toEqual([2, 1]);
    // one at a time: batches of one
    for (const a of asks.slice(0, 3)) expect(await scanTopKQueued(vi, a.q, a.k, a.allowed)).toEqual(scanTopK(vi, a.q, a.k, a.allowed));
  });

  it("scanTopK gives the exact top k, with and without a filter", () => {
    const db = new Database(process.env.INDEX_PATH!, { readonly: true });
    try {
      const vi = loadVectorIndex(ix(db))!;
      expect(vi.scanner).not.toBeNull();
      const q = vi.vectors.slice(5 * vi.dims, 6 * vi.dims);
      const top = scanTopK(vi, q, 10, null);
      expect(top[0]!.cid).toBe(vi.cids[5]);
      expect(top[0]!.score).toBeCloseTo(1, 4);
      const plain = { ...vi, scanner: null };
      expect(scanTopK(plain, q, 10, null).map((h) => h.cid)).toEqual(top.map((h) => h.cid));
      const allowed = new Uint8Array(vi.rids.reduce((m, r) => Math.max(m, r), 0) + 1);
      allowed[vi.rids[5]!] = 1;
      const filtered = scanTopK(vi, q, 1000, allowed);
      expect(filtered.every((h) => vi.rids[vi.cids.indexOf(h.cid)] === vi.rids[5])).toBe(true);
      // the int8 pre-scan scores exactly only the rows that can enter the top k: the same hits, scores and order as scoring every row
      const fullScan = { ...vi, scanner: { ...vi.scanner!, scanApprox: () => null } };
      const many = new Uint8Array(allowed.length);
      for (let r = 0; r < many.length; r += 3) many[r] = 1;
      for (let i = 0; i < 20; i++) {
        const qi = vi.vectors.slice(((i * 97) % vi.n) * vi.dims, (((i * 97) % vi.n) + 1) * vi.dims);
        for (let j = 0; j < vi.dims; j++) qi[j] = qi[j]! + 0.3 * Math.sin(i + j);
        for (const [k, filter] of [[400, null], [50, many], [1000, allowed]] as const) expect(scanTopK(vi, qi, k, filter)).toEqual(scanTopK(fullScan, qi, k, filter));
      }
    } finally {
      db.close();
    }
  });
});

describe("LSA embedding", () => {
  it("places texts on the same subject near each other", () => {
    const docs = [
      ["用人单位应当按时足额支付劳动者工资和加班费", "劳动法"],
      ["劳动者延长工作时间的用人单位应当支付加班费", "劳动法"],
      ["用人单位拖欠劳动报酬的劳动者可以申请支付令", "劳动合同法"],
      ["出租人应当按照约定将租赁物交付承租人", "民法典"],
      ["承租人应当按照约定支付租金", "民法典"],
      ["出租人不退还押金的承租人可以请求返还", "民法典"],
    ].flatMap(([body, title]) => Array.from({ length: 3 }, () => ({ body: body!, title: title!, chapter: "" })));
    const { model } = trainLsa(docs, { dims: 2, minDf: 1, titleWeight: 0, chapterWeight: 0 });
    const e = compileLsa(model);
    const v = (t: string) => embedLsa(e, t)!;
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    expect(dot(v("公司不给加班费"), v("拖欠劳动报酬"))).toBeGreaterThan(dot(v("公司不给加班费"), v("承租人支付租金")));
    expect(embedLsa(e, "的了吗")).toBeNull();
  });
});

describe("thesaurus rewrite", () => {
  it("replaces colloquial terms, longest key first, and keeps the rest", () => {
    const r = rewriteQuery("老板拖欠工资，还把我炒鱿鱼了");
    expect(r.text).toContain("用人单位");
    expect(r.text).toContain("拖欠劳动报酬");
    expect(r.text).toContain("解除劳动合同");
    expect(r.text).not.toContain("老板");
    expect(r.replaced).toEqual(["老板", "拖欠工资", "炒鱿鱼"]);
    expect(rewriteQuery("房东不退押金").text).toContain("出租人");
    expect(rewriteQuery("朋友欠钱不还").text).toContain("借款合同");
  });

  it("the thesaurus is data with a few hundred statutory entries", () => {
    const th = loadThesaurus();
    expect(th.keys.size).toBeGreaterThan(300);
    for (const v of th.keys.values()) expect(v.length).toBeGreaterThan(0);
  });
});

describe("region names", () => {
  it("short, full and 中央", () => {
    expect(normalizeDy("北京")).toBe("北京");
    expect(normalizeDy("北京市")).toBe("北京");
    expect(normalizeDy("广东省")).toBe("广东");
    expect(normalizeDy("内蒙古自治区")).toBe("内蒙古");
    expect(normalizeDy("广西壮族自治区")).toBe("广西");
    expect(normalizeDy("新疆维吾尔自治区")).toBe("新疆");
    expect(normalizeDy("中央")).toBe("中央");
    expect(normalizeDy("北京省")).toBeNull();
    expect(normalizeDy("火星")).toBeNull();
  });
});

describe("the slice index's built-in vectors", () => {
  it("were built by the registered build step", () => {
    const db = new Database(process.env.INDEX_PATH!, { readonly: true });
    try {
      const meta = readMeta(ix(db));
      expect(meta?.kind).toBe("lsa");
      const vi = loadVectorIndex(ix(db))!;
      expect(vi.n).toBe((db.prepare("SELECT count(*) FROM clauses").pluck().get() as number));
      const norm = Math.hypot(...vi.vectors.subarray(0, vi.dims));
      expect(norm).toBeCloseTo(1, 4);
    } finally {
      db.close();
    }
  });
});

describe("learned parts (question memory, law prior)", () => {
  it("the shipped data file holds the STARD training questions with gold keys", () => {
    const f = readLearnedFile()!;
    expect(f.questions.length).toBeGreaterThan(1000);
    expect(f.questions[0]!.gold[0]).toMatch(/^.+#\d+/);
  });

  it("votes for the articles of similar answered questions (every version), and ranks them", async () => {
    const db = new Database(process.env.INDEX_PATH!, { readonly: true });
    try {
      const vi = loadVectorIndex(ix(db))!;
      const m = buildLearned(
        ix(db),
        [
          { q: "公司拖欠工资怎么办", gold: ["劳动法#50", "劳动合同法#30"] },
          { q: "邻居家的狗咬伤了我", gold: ["民法典#1245"] },
          { q: "不存在的法", gold: ["没有这部法#1"] },
        ],
        vi.lsa,
      );
      const cidOf = (law: string, tid: string) =>
        db.prepare("SELECT c.cid FROM clauses c JOIN regulations r ON r.rid = c.rid WHERE r.fgmc_key = ? AND c.tid = ?").pluck().all(law, tid) as number[];
      const labour = cidOf("劳动合同法", "30");
      expect(labour.length).toBeGreaterThan(0);
      const votes = memoryVotes(m, "老板拖欠工资不发", embedLsa(vi.lsa!, "老板拖欠工资不发"), { knn: 1, gamma: 1, norm: "max" });
      for (const c of labour) expect(votes.get(c)).toBe(1);
      for (const c of cidOf("民法典", "1245")) expect(votes.has(c)).toBe(false);
      // law prior: cited laws > 0, the most cited 1, others 0
      const ridOf = (law: string) => db.prepare("SELECT rid FROM regulations WHERE fgmc_key = ?").pluck().get(law) as number;
      expect(m.lawPrior[ridOf("劳动合同法")]).toBeCloseTo(1, 6);
      expect(m.lawPrior[ridOf("刑法")]).toBe(0);
      // the hybrid puts the memory's article at the top for a close question
      const res = await semanticSearch(ix(db), { query: "公司拖欠工资怎么办", rewrite: false, filter: {}, returnNum: 10 });
      expect(res.items.length).toBe(10);
      for (let i = 1; i < res.items.length; i++) expect(res.items[i]!.score).toBeLessThanOrEqual(res.items[i - 1]!.score);
    } finally {
      db.close();
    }
  });

  it("similarities to the stored questions: the LSA half is JavaScript's own dot products, bit for bit (the SIMD module computes them)", () => {
    const db = new Database(process.env.INDEX_PATH!, { readonly: true });
    try {
      const vi = loadVectorIndex(ix(db))!;
      const qs = ["公司拖欠工资怎么办", "邻居家的狗咬伤了我", "离婚后孩子归谁", "借钱不还怎么起诉", "房东不退押金", "交通事故对方全责"];
      const gold = ["劳动法#50", "劳动合同法#30", "民法典#1245"];
      const m = buildLearned(ix(db), qs.map((q, i) => ({ q, gold: [gold[i % 3]!] })), vi.lsa);
      expect(m.questions).toBe(qs.length);
      for (const text of ["老板拖欠工资不发", "狗咬人谁负责", "房东不退还租房押金"]) {
        const qv = embedLsa(vi.lsa!, text)!;
        const got = memorySimilarities(m, text, qv);
        // the reference: the sparse half alone, then + 0.5 · Σ_j dense[i][j] · qv[j] in order of j, in a Float32Array like the memory's
        const want = memorySimilarities(m, text, null);
        const d = m.memory.dims;
        for (let i = 0; i < m.questions; i++) {
          let x = 0;
          for (let j = 0; j < d; j++) x += m.memory.dense![i * d + j]! * qv[j]!;
          want[i] = want[i]! + 0.5 * x;
        }
        expect(Array.from(got)).toEqual(Array.from(want));
        expect(got.some((v) => v > 0)).toBe(true);
      }
    } finally {
      db.close();
    }
  });
});

describe("embeddings provider", () => {
  let server: EmbeddingsServer;
  let dir: string;
  let db: Database.Database;
  const saved = { ...process.env };

  beforeAll(async () => {
    server = await startEmbeddingsServer({ dims: 48 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sem-provider-"));
    const file = path.join(dir, "index.sqlite");
    // a tiny slice: the labour laws only
    const src = new Database(process.env.INDEX_PATH!, { readonly: true });
    await src.backup(file);
    src.close();
    db = new Database(file);
    const keep = db.prepare("SELECT rid FROM regulations WHERE fgmc LIKE '%劳动%' AND has_fulltext = 1").pluck().all() as number[];
    db.prepare(`DELETE FROM clauses WHERE rid NOT IN (${keep.join(",")})`).run();
    process.env.EMBEDDINGS_URL = server.url;
    process.env.EMBEDDINGS_MODEL = "toy-bge";
    process.env.EMBEDDINGS_KEY = "secret";
    process.env.EMBEDDINGS_TIMEOUT_MS = "500";
    process.env.EMBEDDINGS_BATCH = "16";
    // these tests ask the same questions of a server in different states: no answer from the result cache
    process.env.SEMANTIC_RESULT_CACHE = "0";
    const r = await buildSemanticIndex(sqliteBuildTarget(db), {});
    expect(r.kind).toBe("provider");
  });

  afterAll(async () => {
    db?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    for (const k of ["EMBEDDINGS_URL", "EMBEDDINGS_MODEL", "EMBEDDINGS_KEY", "EMBEDDINGS_TIMEOUT_MS", "EMBEDDINGS_BATCH", "SEMANTIC_RESULT_CACHE"]) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it("reads its configuration from the environment", () => {
    const cfg = providerFromEnv()!;
    expect(cfg).toMatchObject({ model: "toy-bge", key: "secret", timeoutMs: 500, batch: 16 });
    expect(endpoint(cfg)).toBe(`${server.url}/v1/embeddings`);
    expect(endpoint({ ...cfg, url: `${server.url}/v1/` })).toBe(`${server.url}/v1/embeddings`);
    expect(providerFromEnv({})).toBeNull();
    expect(() => providerFromEnv({ EMBEDDINGS_URL: "http://x" })).toThrow(/EMBEDDINGS_MODEL/);
  });

  it("built the clause vectors with the server, in batches, sending model and key", () => {
    const meta = readMeta(ix(db))!;
    expect(meta).toMatchObject({ kind: "provider", dims: 48, model: "toy-bge" });
    const n = db.prepare("SELECT count(*) FROM clauses").pluck().get() as number;
    expect(n).toBeGreaterThan(50);
    expect(db.prepare("SELECT count(*) FROM clause_vectors").pluck().get()).toBe(n);
    expect(server.stats.inputs).toBe(n);
    expect(server.stats.requests).toBe(Math.ceil(n / 16));
    expect(new Set(server.stats.models)).toEqual(new Set(["toy-bge"]));
    expect(server.stats.auth.every((a) => a === "Bearer secret")).toBe(true);
  });

  it("embeds the question with the server at request time", async () => {
    const before = server.stats.requests;
    const r = await semanticSearch(ix(db), { query: "用人单位拖欠劳动报酬", rewrite: false, filter: {}, returnNum: 10 });
    expect(r.mode).toBe("hybrid");
    expect(r.degraded).toBe("");
    expect(server.stats.requests).toBe(before + 1);
    expect(r.items.length).toBe(10);
    const vec = await semanticSearch(ix(db), { query: "用人单位拖欠劳动报酬", rewrite: false, filter: {}, returnNum: 10, mode: "vector" });
    expect(vec.mode).toBe("vector");
    expect(vec.items.slice(0, 5).some((i) => /劳动报酬|拖欠/.test(i.content))).toBe(true);
  });

  it("degrades to BM25 when the server fails, is slow, or answers garbage, within the timeout", async () => {
    for (const mode of ["error", "garbage", "slow"] as const) {
      server.setMode(mode, 5000);
      const t = performance.now();
      const r = await semanticSearch(ix(db), { query: "用人单位拖欠劳动报酬", rewrite: false, filter: {}, returnNum: 10 });
      const ms = performance.now() - t;
      expect(r.mode, mode).toBe("bm25");
      expect(r.degraded, mode).toMatch(/向量服务不可用/);
      expect(r.items.length, mode).toBeGreaterThan(0);
      expect(ms, mode).toBeLessThan(2000);
    }
    server.setMode("ok");
  });

  it("degrades when the model differs from the index's or the provider is not configured", async () => {
    process.env.EMBEDDINGS_MODEL = "other-model";
    let r = await semanticSearch(ix(db), { query: "加班费", rewrite: false, filter: {}, returnNum: 5 });
    expect(r.mode).toBe("bm25");
    expect(r.degraded).toContain("toy-bge");
    process.env.EMBEDDINGS_MODEL = "toy-bge";
    delete process.env.EMBEDDINGS_URL;
    r = await semanticSearch(ix(db), { query: "加班费", rewrite: false, filter: {}, returnNum: 5 });
    expect(r.mode).toBe("bm25");
    expect(r.degraded).toContain("EMBEDDINGS_URL");
    process.env.EMBEDDINGS_URL = server.url;
  });

  it("degrades when the server is down, and a build fails instead of half-building", async () => {
    const down = await startEmbeddingsServer();
    const url = down.url;
    await down.close();
    process.env.EMBEDDINGS_URL = url;
    const t = performance.now();
    const r = await semanticSearch(ix(db), { query: "加班费", rewrite: false, filter: {}, returnNum: 5 });
    expect(performance.now() - t).toBeLessThan(2000);
    expect(r.mode).toBe("bm25");
    expect(r.items.length).toBeGreaterThan(0);
    const other = new Database(":memory:");
    other.exec("CREATE TABLE regulations (rid INTEGER PRIMARY KEY, fgmc TEXT); CREATE TABLE clauses (cid INTEGER PRIMARY KEY, rid INTEGER, content TEXT, chapter TEXT, ft_num TEXT);");
    other.exec("INSERT INTO regulations VALUES (1, '劳动法'); INSERT INTO clauses VALUES (1, 1, '工资', '', '第一条');");
    await expect(buildSemanticIndex(sqliteBuildTarget(other), {})).rejects.toThrow(/embeddings server failed/);
    other.close();
    process.env.EMBEDDINGS_URL = server.url;
  });
});

describe("BM25 half from cached per-phrase lists", () => {
  it("gives exactly FTS5's OR-query bm25 (same clauses, scores and order), with and without a regulation filter", async () => {
    const { bm25Search } = await import("./bm25");
    const db = new Database(process.env.INDEX_PATH!, { readonly: true });
    const saved = process.env.SEMANTIC_BM25_CACHE_ENTRIES;
    try {
      const questions = ["公司拖欠工资不给加班费怎么办", "合同违约的赔偿责任", "个人信息处理者的义务", "房东不退押金", "离婚时财产怎么分割", "交通事故责任认定"];
      const rids = (db.prepare("SELECT rid FROM regulations ORDER BY rid LIMIT 40").pluck().all() as number[]);
      let compared = 0;
      for (const [rfilter, limit] of [[null, 50], [rids, 50], [null, 3]] as const) {
        for (const q of questions) {
          // limit 3: far more matching clauses than 8 × limit, so the top-k selection takes its floor first
          const opts = { limit, maxTerms: 16, rids: rfilter, extraTerms: ["延长工作时间"] };
          process.env.SEMANTIC_BM25_CACHE_ENTRIES = "0";
          const fts = bm25Search(ix(db), q, opts);
          compared += fts.length;
          process.env.SEMANTIC_BM25_CACHE_ENTRIES = "1000000";
          expect(bm25Search(ix(db), q, opts), q).toEqual(fts); // builds the lists
          expect(bm25Search(ix(db), q, opts), q).toEqual(fts); // from the lists
          process.env.SEMANTIC_BM25_CACHE_ENTRIES = "3"; // a budget smaller than most lists
          expect(bm25Search(ix(db), q, opts), q).toEqual(fts);
        }
      }
      expect(compared).toBeGreaterThan(100); // real rankings were compared, not empty lists
    } finally {
      if (saved === undefined) delete process.env.SEMANTIC_BM25_CACHE_ENTRIES;
      else process.env.SEMANTIC_BM25_CACHE_ENTRIES = saved;
      db.close();
    }
  });
});

describe("pinned phrase lists (bm25 pinPhrases)", () => {
  it("give the same BM25 and weighted BM25 as lists computed on demand, inside the cache budget, and survive a flood of other words", async () => {
    const { bm25Search, bm25Weighted, pinPhrases } = await import("./bm25");
    const saved = process.env.SEMANTIC_BM25_CACHE_ENTRIES;
    const questions = ["公司拖欠工资不给加班费怎么办", "房东不退押金", "离婚时财产怎么分割", "交通事故责任认定"];
    const expansion = new Map([["劳动者", 1], ["工资", 0.8], ["出租人", 0.6], ["押金", 0.5], ["赔偿", 0.3]]);
    const opts = { limit: 50, maxTerms: 16 };
    const run = (store: IndexStore) => [...questions.map((q) => bm25Search(store, q, opts)), bm25Weighted(store, expansion, 50)];
    try {
      process.env.SEMANTIC_BM25_CACHE_ENTRIES = "1000000";
      const plainDb = new Database(process.env.INDEX_PATH!, { readonly: true });
      const pinnedDb = new Database(process.env.INDEX_PATH!, { readonly: true });
      try {
        const want = run(ix(plainDb));
        expect(want.flat().length).toBeGreaterThan(100); // real rankings are compared
        const pinned = pinPhrases(ix(pinnedDb), [...expansion.keys(), "劳动者"]); // a repeated word is pinned once
        expect(pinned.phrases).toBe(expansion.size);
        expect(pinned.entries).toBeGreaterThan(0);
        expect(pinned.entries).toBeLessThanOrEqual(1_000_000);
        expect(run(ix(pinnedDb))).toEqual(want);
        // a budget far too small for the other words' lists: the pinned ones stay, the answers do not change
        process.env.SEMANTIC_BM25_CACHE_ENTRIES = String(pinned.entries + 500);
        for (const q of ["合同违约的赔偿责任", "个人信息处理者的义务", "劳动合同解除的经济补偿"]) bm25Search(ix(pinnedDb), q, opts);
        expect(run(ix(pinnedDb))).toEqual(want);
        expect(pinPhrases(ix(pinnedDb), []).entries).toBe(pinned.entries);
        // the expansion's words are all pinned: its weighted BM25 computes no list
        const store = ix(pinnedDb);
        const compute = store.phraseContributions.bind(store);
        let computed = 0;
        store.phraseContributions = (p) => (computed++, compute(p));
        expect(bm25Weighted(store, expansion, 50)).toEqual(want.at(-1));
        expect(computed).toBe(0);
        store.phraseContributions = compute;
      } finally {
        plainDb.close();
        pinnedDb.close();
      }
      // a budget too small to pin anything pins nothing, and the answers are still the same
      process.env.SEMANTIC_BM25_CACHE_ENTRIES = "3";
      const tinyDb = new Database(process.env.INDEX_PATH!, { readonly: true });
      try {
        expect(pinPhrases(ix(tinyDb), [...expansion.keys()])).toEqual({ phrases: 0, entries: 0 });
      } finally {
        tinyDb.close();
      }
    } finally {
      if (saved === undefined) delete process.env.SEMANTIC_BM25_CACHE_ENTRIES;
      else process.env.SEMANTIC_BM25_CACHE_ENTRIES = saved;
    }
  });
});

describe("warmSemanticSearch", () => {
  it("runs questions through the whole pipeline without throwing", async () => {
    const { warmSemanticSearch } = await import("./warm-up");
    const db = new Database(process.env.INDEX_PATH!, { readonly: true });
    try {
      await expect(warmSemanticSearch(ix(db))).resolves.toBeUndefined();
    } finally {
      db.close();
    }
  });
});

describe("item rows kept per index handle", () => {
  /** `f` with a read-only handle of the test index; SEMANTIC_ROW_CACHE put back and the handle closed after. */
  function withIndex(f: (db: Database.Database) => void): void {
    const db = new Database(process.env.INDEX_PATH!, { readonly: true });
    const saved = process.env.SEMANTIC_ROW_CACHE;
    try {
      f(db);
    } finally {
      if (saved === undefined) delete process.env.SEMANTIC_ROW_CACHE;
      else process.env.SEMANTIC_ROW_CACHE = saved;
      db.close();
    }
  }

  /** `f` with a handle of its own (an empty row cache) under SEMANTIC_ROW_CACHE = `size`. */
  function withFreshHandle(size: string, f: (db: Database.Database) => void): void {
    process.env.SEMANTIC_ROW_CACHE = size;
    const other = new Database(process.env.INDEX_PATH!, { readonly: true });
    try {
      f(other);
    } finally {
      other.close();
    }
  }

  it("give the same items as reading every row, also once rows have been dropped", async () => {
    const { materialize } = await import("./search");
    withIndex((db) => {
      const store = ix(db);
      const cids = db.prepare("SELECT cid FROM clauses ORDER BY cid LIMIT 60").pluck().all() as number[];
      const lists = [cids.slice(0, 45), cids.slice(10, 55), cids.slice(15, 60).reverse(), cids.slice(0, 45)];
      const ranked = (l: number[]) => l.map((cid, i) => ({ cid, score: 1 - i / 100 }));
      process.env.SEMANTIC_ROW_CACHE = "0";
      const plain = lists.map((l) => materialize(store, ranked(l)));
      expect(plain[0]!.length).toBe(45);
      for (const size of ["20000", "7"]) {
        withFreshHandle(size, (other) => {
          for (let rep = 0; rep < 2; rep++) lists.forEach((l, i) => expect(materialize(ix(other), ranked(l))).toEqual(plain[i]));
        });
      }
    });
  });

  it("rows read ahead (preloadItemRows: at most half the cache) give the same items", async () => {
    const { materialize, preloadItemRows } = await import("./search");
    withIndex((db) => {
      const cids = db.prepare("SELECT cid FROM clauses ORDER BY cid LIMIT 60").pluck().all() as number[];
      const ranked = (l: number[]) => l.map((cid, i) => ({ cid, score: 1 - i / 100 }));
      process.env.SEMANTIC_ROW_CACHE = "0";
      const plain = materialize(ix(db), ranked(cids.slice(5, 50)));
      const table: { cache: string; read: number }[] = [
        { cache: "0", read: 0 },
        { cache: "7", read: 3 },
        { cache: "20000", read: 40 },
      ];
      for (const t of table) {
        withFreshHandle(t.cache, (other) => {
          expect(preloadItemRows(ix(other), cids.slice(0, 40))).toBe(t.read);
          expect(materialize(ix(other), ranked(cids.slice(5, 50)))).toEqual(plain);
        });
      }
    });
  });
});

describe("rankings kept per index handle (result cache)", () => {
  /** `f` with a handle of its own (an empty cache) under SEMANTIC_RESULT_CACHE = `size`; the variable put back after. */
  async function withHandle(size: string | undefined, f: (db: Database.Database) => Promise<void>): Promise<void> {
    const saved = process.env.SEMANTIC_RESULT_CACHE;
    if (size === undefined) delete process.env.SEMANTIC_RESULT_CACHE;
    else process.env.SEMANTIC_RESULT_CACHE = size;
    const db = new Database(process.env.INDEX_PATH!, { readonly: true });
    try {
      await f(db);
    } finally {
      if (saved === undefined) delete process.env.SEMANTIC_RESULT_CACHE;
      else process.env.SEMANTIC_RESULT_CACHE = saved;
      db.close();
    }
  }
  const ask = (db: Database.Database, query: string, extra: Partial<Parameters<typeof semanticSearch>[1]> = {}) =>
    semanticSearch(ix(db), { query, rewrite: false, filter: {}, returnNum: 20, ...extra });

  it("a repeated question: the same answer as the first time and as without the cache, from the cache", async () => {
    let plain: Awaited<ReturnType<typeof ask>>[] = [];
    await withHandle("0", async (db) => {
      plain = [await ask(db, "公司拖欠工资怎么办"), await ask(db, "公司拖欠工资怎么办", { returnNum: 5 }), await ask(db, "房屋租赁押金不退", { rewrite: true })];
      expect(resultCacheStats(ix(db))).toEqual({ size: 0, hits: 0, misses: 0 });
    });
    await withHandle(undefined, async (db) => {
      const first = await ask(db, "公司拖欠工资怎么办");
      expect(first).toEqual(plain[0]);
      expect(resultCacheStats(ix(db))).toEqual({ size: 1, hits: 0, misses: 1 });
      // the same question with another return_num: the kept ranking, cut shorter
      expect(await ask(db, "公司拖欠工资怎么办", { returnNum: 5 })).toEqual(plain[1]);
      expect(await ask(db, "公司拖欠工资怎么办")).toEqual(first);
      expect(resultCacheStats(ix(db))).toEqual({ size: 1, hits: 2, misses: 1 });
      // rewrite, mode and filter are part of the question
      expect(await ask(db, "房屋租赁押金不退", { rewrite: true })).toEqual(plain[2]);
      await ask(db, "房屋租赁押金不退");
      await ask(db, "房屋租赁押金不退", { mode: "bm25" });
      await ask(db, "房屋租赁押金不退", { filter: { sxx: ["现行有效"] } });
      await ask(db, "房屋租赁押金不退", { filter: { sxx: ["失效"] } });
      expect(resultCacheStats(ix(db))).toEqual({ size: 6, hits: 2, misses: 6 });
    });
  });

  it("bounded: at most SEMANTIC_RESULT_CACHE questions, the least recently asked dropped first", async () => {
    await withHandle("3", async (db) => {
      const qs = ["劳动合同解除", "离婚财产分割", "交通事故赔偿", "借款不还", "商标侵权"];
      for (const q of qs.slice(0, 3)) await ask(db, q);
      await ask(db, qs[0]!); // now the most recently asked
      for (const q of qs.slice(3)) await ask(db, q); // drop qs[1], then qs[2]
      expect(resultCacheStats(ix(db))).toEqual({ size: 3, hits: 1, misses: 5 });
      await ask(db, qs[0]!);
      await ask(db, qs[4]!);
      expect(resultCacheStats(ix(db)).hits).toBe(3);
      await ask(db, qs[1]!); // dropped: searched again
      expect(resultCacheStats(ix(db))).toEqual({ size: 3, hits: 3, misses: 6 });
      // many distinct questions never hold more than the bound
      for (let i = 0; i < 20; i++) await ask(db, `合同第${i}条违约`);
      expect(resultCacheStats(ix(db)).size).toBe(3);
    });
  });

  it("a new index handle starts empty (an index roll-out never answers from the old index's rankings)", async () => {
    await withHandle(undefined, async (db) => {
      await ask(db, "公司拖欠工资怎么办");
      expect(resultCacheStats(ix(db)).size).toBe(1);
    });
    await withHandle(undefined, async (db) => {
      expect(resultCacheStats(ix(db))).toEqual({ size: 0, hits: 0, misses: 0 });
    });
  });
});
