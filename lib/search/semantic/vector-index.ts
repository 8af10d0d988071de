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
import { createSimdScanner, type SimdScanner } from "./simd-scan";

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
    const scanner = createSimdScanner(n, dims);
    const vectors = scanner ? scanner.vectors : new Float32Array(n * dims);
    const bytes = new Uint8Array(vectors.buffer, vectors.byteOffset, vectors.byteLength);
    rows.forEach(([cid, rid, vec], i) => {
      cids[i] = cid;
      rids[i] = rid;
      bytes.set(vec.subarray(0, dims * 4), i * dims * 4);
    });
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
 */
export function scanTopK(vi: VectorIndex, q: Float32Array, k: number, allowed: Uint8Array | null): { cid: number; score: number }[] {
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
  }
  const out: { cid: number; score: number }[] = [];
  for (let i = 0; i < size; i++) out.push({ cid: cids[hi[i]!]!, score: hs[i]! });
  return out.sort((a, b) => b.score - a.score);
}
