/**
 * Storage of the semantic index inside the SQLite index file, and its in-memory form.
 *
 * Tables (lib/store/schema.ts SEMANTIC_SCHEMA, written by the build step build-step.ts through lib/store/build-target.ts):
 *   sem_meta(key, value)            kind = lsa | provider, dims, model, options, built_ms, version
 *   sem_vocab(idx, term, idf)       LSA vocabulary (kind = lsa)
 *   sem_blob(name, data)            'projection': Float32 V × dims, row-major (kind = lsa)
 *   clause_vectors(cid, vec)        one unit vector per clause, Float32 little-endian
 *
 * At request time the vectors are loaded once per open database into one Float32Array
 * (147k × 128 × 4 B ≈ 75 MB) and searched by exact scan: every clause's dot product with the
 * question vector. The scan runs in a WebAssembly SIMD kernel (simd-scan.ts, ≈3 ms for the
 * full corpus on one core) with the vectors in its memory; where that is unavailable (or
 * SEMANTIC_SIMD=off), in plain JavaScript (≈17 ms). A filter drops other clauses' scores.
 */
import type { SemanticIndex } from "@/lib/store/semantic-index";
import { compileLsa, type LsaEmbedder, type LsaModel } from "./lsa";
import { createSimdScanner, scanBatchSize, type ApproxScan, type SimdScanner } from "./simd-scan";
import { descendingOrder } from "./top-by-score";

export const SEMANTIC_VERSION = "1";

export interface SemanticMeta {
  kind: "lsa" | "provider";
  dims: number;
  /** Provider model name (kind = provider). */
  model: string;
  version: string;
}

export interface VectorIndex {
  meta: SemanticMeta;
  n: number;
  dims: number;
  cids: Int32Array;
  rids: Int32Array;
  /** n × dims unit vectors. */
  vectors: Float32Array;
  /** kind = lsa only. */
  lsa: LsaEmbedder | null;
  /** The SIMD kernel holding `vectors`, when available. */
  scanner: SimdScanner | null;
  /** Row of each clause id (−1: none), for the cosine of single candidates. */
  rowOf: Int32Array;
}

function fromBlob(b: Uint8Array): Float32Array {
  // copy: the Buffer may not be 4-byte aligned
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Float32Array(copy.buffer);
}

export function readMeta(db: SemanticIndex): SemanticMeta | null {
  const m = db.semanticMeta();
  if (!m) return null;
  if (m.kind !== "lsa" && m.kind !== "provider") return null;
  return { kind: m.kind, dims: Number(m.dims), model: m.model ?? "", version: m.version ?? "" };
}

const cache = new WeakMap<SemanticIndex, VectorIndex | null>();

/** The loaded vector index of `db`, or null when the index has none (built without the step). */
export function loadVectorIndex(db: SemanticIndex): VectorIndex | null {
  if (cache.has(db)) return cache.get(db)!;
  const meta = readMeta(db);
  let vi: VectorIndex | null = null;
  if (meta) {
    const dims = meta.dims;
    const rows = db.clauseVectors();
    const n = rows.length;
    const cids = new Int32Array(n);
    const rids = new Int32Array(n);
    const scanner = createSimdScanner(n, dims, scanBatchSize());
    const vectors = scanner ? scanner.vectors : new Float32Array(n * dims);
    const bytes = new Uint8Array(vectors.buffer, vectors.byteOffset, vectors.byteLength);
    rows.forEach(([cid, rid, vec], i) => {
      cids[i] = cid;
      rids[i] = rid;
      bytes.set(vec.subarray(0, dims * 4), i * dims * 4);
    });
    scanner?.quantize();
    let lsa: LsaEmbedder | null = null;
    if (meta.kind === "lsa") {
      const stored = db.lsaModel();
      const vocab = stored.vocab;
      const proj = stored.projection;
      const options = JSON.parse(stored.options ?? "{}");
      const model: LsaModel = {
        dims,
        terms: vocab.map((r) => r[0]),
        idf: Float32Array.from(vocab.map((r) => r[1])),
        projection: fromBlob(proj),
        options,
      };
      lsa = compileLsa(model);
    }
    const rowOf = new Int32Array(n ? cids.reduce((m, c) => Math.max(m, c), 0) + 1 : 0).fill(-1);
    cids.forEach((c, i) => (rowOf[c] = i));
    vi = { meta, n, dims, cids, rids, vectors, lsa, scanner, rowOf };
  }
  cache.set(db, vi);
  return vi;
}

/**
 * Exact top-`k` by dot product (= cosine, all vectors are unit length). `allowed` (indexed by
 * rid) restricts the scan to clauses of the filtered regulations.
 *
 * With the SIMD kernel, the scan reads the int8 copy of the vectors first (simd-scan.ts
 * scanApprox: a quarter of the bytes of the float32 scan, which memory traffic bounds), which
 * gives every row's score within a proven bound, and scores exactly (the float32 kernel's own
 * arithmetic: the same values) only the rows that could enter the top k: the same result, in the
 * same order, as scoring every row. The bound: with v = s·v̂ + e (|e_j| ≤ s/2) and
 * q = s_q·q̂ + e_q (|e_q,j| ≤ s_q/2), |v·q − s·s_q·(v̂·q̂)| ≤ s·(s_q/2·Σ|v̂_j| + Σ|q_j|/2), and the
 * float32 kernel's rounding adds at most (dims + 8)·2⁻²³·Σ|v_j·q_j| ≤ (dims + 8)·2⁻²³·127·s·Σ|q_j|.
 */
export function scanTopK(vi: VectorIndex, q: Float32Array, k: number, allowed: Uint8Array | null): { cid: number; score: number }[] {
  return topKOf(vi, q, k, allowed, undefined);
}

/**
 * scanTopK of `approx` when given (the question's int8 pass, done already: scanTopKBatch), else of its own pass
 * (`undefined`). Everything after the int8 pass is scanTopK's, so the hits are the same.
 */
function topKOf(vi: VectorIndex, q: Float32Array, k: number, allowed: Uint8Array | null, given: ApproxScan | null | undefined): { cid: number; score: number }[] {
  const { n, dims, vectors, rids, cids } = vi;
  if (k <= 0) return [];
  // bounded min-heap of (score, row)
  const hs = new Float32Array(k);
  const hi = new Int32Array(k);
  let size = 0;
  const sift = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && hs[l]! < hs[m]!) m = l;
      if (r < size && hs[r]! < hs[m]!) m = r;
      if (m === i) return;
      const ts = hs[i]!;
      hs[i] = hs[m]!;
      hs[m] = ts;
      const ti = hi[i]!;
      hi[i] = hi[m]!;
      hi[m] = ti;
      i = m;
    }
  };
  const offer = (s: number, d: number) => {
    if (size < k) {
      // insert at the end and sift up
      let i = size++;
      hs[i] = s;
      hi[i] = d;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (hs[p]! <= hs[i]!) break;
        const ts = hs[i]!;
        hs[i] = hs[p]!;
        hs[p] = ts;
        const ti = hi[i]!;
        hi[i] = hi[p]!;
        hi[p] = ti;
        i = p;
      }
    } else if (s > hs[0]!) {
      hs[0] = s;
      hi[0] = d;
      sift(0);
    }
  };
  const scanner = vi.scanner;
  const approx = given !== undefined ? given : scanner ? scanner.scanApprox(q) : null;
  if (scanner && approx) {
    // the rows in blocks: a row whose upper bound is at most the heap's floor when its block starts
    // (the floor only rises) is one the full scan would not have taken; the others are scored exactly
    // and offered in row order, so the heap goes through the same states as in the full scan
    const { dot, rowScaleUp, rowL1, qScale, qL1, slot } = approx;
    const half = 0.5 * qScale;
    // the row's bound is s·T with T = dot·qScale + half·L1 + qPart; it is computed as sUp·T' with sUp ≥ s the
    // float32 above s and T' = T + 2⁻²⁰·127·qL1: |dot·qScale| ≤ 127·qL1 (roughly), so the extra term covers
    // both the doubles' rounding of T' and the product (≈2⁻⁵² relatively) and, when T < 0, sUp's excess over s
    // (≤ 2⁻²³·|T|): sUp·T' ≥ s·T for either sign, and the bound stays an upper bound
    const qPart = qL1 * (0.5 + (dims + 8) * 2 ** -23 * 127) + 2 ** -20 * 127 * qL1;
    if (blockRows.length < APPROX_BLOCK) blockRows = new Int32Array(APPROX_BLOCK);
    const rows = blockRows;
    // short blocks until the heap is full (its first k rows are taken whatever their score), then APPROX_BLOCK
    for (let b0 = 0, b1 = 0; b0 < n; b0 = b1) {
      b1 = Math.min(n, b0 + (size < k ? Math.max(64, k - size) : APPROX_BLOCK));
      const floor = size < k ? -Infinity : hs[0]!;
      if (!allowed) {
        // the same test in the kernel (simd-scan.ts selectRows: the same doubles), the rows left in its memory
        const m = scanner.selectRows(b0, b1, qScale, half, qPart, floor, slot);
        if (m === 0) continue;
        const exact = scanner.scanSelected(q, m);
        const sel = scanner.selected;
        for (let t = 0; t < m; t++) offer(exact[t]!, sel[t]!);
        continue;
      }
      let m = 0;
      for (let d = b0; d < b1; d++) {
        if (rowScaleUp[d]! * (dot[d]! * qScale + half * rowL1[d]! + qPart) <= floor) continue;
        if (allowed[rids[d]!] !== 1) continue;
        rows[m++] = d;
      }
      if (m === 0) continue;
      const exact = scanner.scanRows(q, rows, m);
      for (let t = 0; t < m; t++) offer(exact[t]!, rows[t]!);
    }
  } else {
    const unrolled = dims % 4 === 0;
    const pre = vi.scanner ? vi.scanner.scan(q) : null;
    for (let d = 0; d < n; d++) {
      if (allowed && allowed[rids[d]!] !== 1) continue;
      const off = d * dims;
      let s = 0;
      if (pre) {
        s = pre[d]!;
      } else if (unrolled) {
        let s0 = 0, s1 = 0, s2 = 0, s3 = 0; // prettier-ignore
        for (let j = 0; j < dims; j += 4) {
          s0 += vectors[off + j]! * q[j]!;
          s1 += vectors[off + j + 1]! * q[j + 1]!;
          s2 += vectors[off + j + 2]! * q[j + 2]!;
          s3 += vectors[off + j + 3]! * q[j + 3]!;
        }
        s = s0 + s1 + s2 + s3;
      } else {
        for (let j = 0; j < dims; j++) s += vectors[off + j]! * q[j]!;
      }
      offer(s, d);
    }
  }
  // best first, equal scores in heap order (what a stable sort of the heap's array by score gives): by (score desc,
  // heap index asc), top-by-score.ts descendingOrder (no comparator sort of objects)
  const scores = Float64Array.from(hs.subarray(0, size));
  const at = Int32Array.from({ length: size }, (_, i) => i);
  return descendingOrder(scores, at, at, size).map((i) => ({ cid: cids[hi[i]!]!, score: hs[i]! }));
}

/** Rows per block of the approximate scan (see scanTopK), and the block's rows to score exactly (scratch). */
const APPROX_BLOCK = 4096;
let blockRows = new Int32Array(0);

/** One question of a batched scan: scanTopK's arguments. */
export interface ScanAsk {
  q: Float32Array;
  k: number;
  allowed: Uint8Array | null;
}

/**
 * scanTopK of several questions, with one int8 pass over the vectors for up to `scanner.maxBatch` of them at a time
 * (simd-scan.ts scanApproxBatch: each row read from memory once for all, each question's dot products the integers
 * its own pass gives); then each question's bounds, exact rows and heap exactly as scanTopK's, one question after the
 * other. The same hits, scores and order as scanTopK of each (tested).
 */
export function scanTopKBatch(vi: VectorIndex, asks: readonly ScanAsk[]): { cid: number; score: number }[][] {
  const scanner = vi.scanner;
  const out: { cid: number; score: number }[][] = [];
  const step = scanner ? scanner.maxBatch : 1;
  for (let i = 0; i < asks.length; i += step) {
    const part = asks.slice(i, i + step);
    const approx = part.length > 1 && scanner ? scanner.scanApproxBatch(part.map((a) => a.q)) : null;
    part.forEach((a, j) => out.push(topKOf(vi, a.q, a.k, a.allowed, approx ? approx[j]! : undefined)));
  }
  return out;
}

interface Pending extends ScanAsk {
  resolve: (hits: { cid: number; score: number }[]) => void;
  reject: (e: unknown) => void;
}

const queues = new WeakMap<VectorIndex, Pending[]>();

/**
 * scanTopK, scheduled: the questions that reach the scan in the same turn of the event loop (a server worker's
 * requests that arrived together: their handlers run up to here one after the other) are scanned together by
 * scanTopKBatch once that turn's I/O callbacks have run (setImmediate); a question alone is scanned alone, as soon
 * as the callbacks queued before it are done. The same hits as scanTopK.
 */
export function scanTopKQueued(vi: VectorIndex, q: Float32Array, k: number, allowed: Uint8Array | null): Promise<{ cid: number; score: number }[]> {
  if (!vi.scanner || vi.scanner.maxBatch <= 1) return Promise.resolve(scanTopK(vi, q, k, allowed));
  return new Promise((resolve, reject) => {
    let queue = queues.get(vi);
    if (!queue) queues.set(vi, (queue = []));
    queue.push({ q, k, allowed, resolve, reject });
    if (queue.length === 1) setImmediate(() => flushScans(vi));
  });
}

/** Batches scanned so far per size (index = questions in the batch): what the tests check, what a profile of a worker can read. */
export const scanBatchCounts: number[] = [];

function flushScans(vi: VectorIndex): void {
  const queue = queues.get(vi);
  if (!queue || queue.length === 0) return;
  queues.set(vi, []);
  const step = vi.scanner ? vi.scanner.maxBatch : 1;
  for (let i = 0; i < queue.length; i += step) {
    const part = queue.slice(i, i + step);
    scanBatchCounts[part.length] = (scanBatchCounts[part.length] ?? 0) + 1;
    try {
      const hits = scanTopKBatch(vi, part);
      part.forEach((p, j) => p.resolve(hits[j]!));
    } catch (e) {
      for (const p of part) p.reject(e);
    }
  }
}
