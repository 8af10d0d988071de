/**
 * A WebAssembly SIMD kernel for the exact vector scan: out[d] = Σ_j vec[d][j] · q[j] for every
 * clause, four lanes at a time (f32x4). Plain JavaScript does one multiply-add per element;
 * this does four, so the scan of 147k × 128 floats drops from ≈17 ms to a few ms.
 *
 * The module is assembled here from its bytes (no toolchain, nothing fetched); its text form:
 *
 *   (func (export "scan") (param $vec i32) (param $q i32) (param $n i32) (param $dimBytes i32) (param $out i32)
 *     (local $d i32) (local $j i32) (local $p i32) (local $acc v128)
 *     p = vec
 *     block loop                                   ;; for d in 0..n
 *       br_if 1 (d >= n)
 *       acc = 0; j = 0
 *       loop                                       ;; for j in 0..dimBytes step 16
 *         acc = acc + load128(p) * load128(q + j); p += 16; j += 16
 *         br_if 0 (j < dimBytes)
 *       end
 *       f32.store (out + 4d) (lane0 + lane1 + lane2 + lane3)
 *       d += 1; br 0
 *     end end)
 *
 * Memory is imported, so the vectors live in it directly (no copy per query).
 */

function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 (i32.const immediates). */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

function section(id: number, content: number[]): number[] {
  return [id, ...leb(content.length), ...content];
}

const str = (s: string) => [...leb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];

/* Instruction helpers shared by both modules: local get / set / tee, i32.const (signed LEB128), SIMD ops, i32.add / shl, v128.const 0. */
const I32 = 0x7f;
const V128 = 0x7b;
const get = (i: number) => [0x20, i];
const set = (i: number) => [0x21, i];
const tee = (i: number) => [0x22, i];
const i32c = (v: number) => [0x41, ...sleb(v)];
const simd = (op: number, ...imm: number[]) => [0xfd, ...leb(op), ...imm];
const ADD = 0x6a;
const SHL = 0x74;
const zero = simd(0x0c, ...new Array(16).fill(0)); // v128.const 0

function moduleBytes(): Uint8Array<ArrayBuffer> {
  const F64 = 0x7c;
  /** acc += load128(p) * load128(q + j) (f32x4), p += 16, j += 16, while j < dimBytes: the dot product of one row, four lanes. */
  const f32Row = (ACC: number, P: number, Q: number, J: number, DIMB: number) => [
    ...zero, ...set(ACC),
    ...i32c(0), ...set(J),
    0x03, 0x40, // loop (j)
    ...get(ACC),
    ...get(P), ...simd(0x00, 2, 0), // v128.load align=4 offset=0
    ...get(Q), ...get(J), ADD, ...simd(0x00, 2, 0),
    ...simd(0xe6), // f32x4.mul
    ...simd(0xe4), // f32x4.add
    ...set(ACC),
    ...get(P), ...i32c(16), ADD, ...set(P),
    ...get(J), ...i32c(16), ADD, ...tee(J), ...get(DIMB), 0x49, 0x0d, 0, // i32.lt_u; br_if 0
    0x0b, // end loop (j)
  ];
  /** f32.store(addr, lane0 + lane1 + lane2 + lane3) with `addr` already on the stack. */
  const f32Store = (ACC: number) => [
    ...get(ACC), ...simd(0x1f, 0),
    ...get(ACC), ...simd(0x1f, 1), 0x92,
    ...get(ACC), ...simd(0x1f, 2), 0x92,
    ...get(ACC), ...simd(0x1f, 3), 0x92,
    0x38, 2, 0, // f32.store align=4 offset=0
  ];
  // scan(vec, q, n, dimBytes, out): out[d] = vec[d] · q for every row d
  const scan = (() => {
    const [VEC, Q, N, DIMB, OUT, D, J, P, ACC] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    const body = [
      ...get(VEC), ...set(P),
      0x02, 0x40, // block
      0x03, 0x40, // loop (d)
      ...get(D), ...get(N), 0x4f, 0x0d, 1, // i32.ge_u; br_if 1
      ...f32Row(ACC, P, Q, J, DIMB),
      ...get(OUT), ...get(D), ...i32c(2), SHL, ADD, // out + d << 2
      ...f32Store(ACC),
      ...get(D), ...i32c(1), ADD, ...set(D),
      0x0c, 0, // br 0
      0x0b, // end loop (d)
      0x0b, // end block
      0x0b, // end function
    ];
    return [2, 3, I32, 1, V128, ...body];
  })();
  // scanRows(vec, q, rows, m, dimBytes, out): out[t] = vec[rows[t]] · q, the same arithmetic as scan
  const scanRows = (() => {
    const [VEC, Q, ROWS, M, DIMB, OUT, T, J, P, ACC] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const body = [
      0x02, 0x40, // block
      0x03, 0x40, // loop (t)
      ...get(T), ...get(M), 0x4f, 0x0d, 1, // i32.ge_u; br_if 1
      ...get(VEC), ...get(ROWS), ...get(T), ...i32c(2), SHL, ADD, 0x28, 2, 0, ...get(DIMB), 0x6c, ADD, ...set(P), // p = vec + rows[t] · dimBytes
      ...f32Row(ACC, P, Q, J, DIMB),
      ...get(OUT), ...get(T), ...i32c(2), SHL, ADD,
      ...f32Store(ACC),
      ...get(T), ...i32c(1), ADD, ...set(T),
      0x0c, 0, // br 0
      0x0b, // end loop (t)
      0x0b, // end block
      0x0b, // end function
    ];
    return [2, 3, I32, 1, V128, ...body];
  })();
  // scan8(vec8, q16, n, dims, out): out[d] = Σ_j vec8[d][j] · q16[j] in i32 (int8 rows, int16 question; dims a multiple of 16)
  const scan8 = (() => {
    const [VEC, Q, N, DIMS, OUT, D, J, P, ACC, V] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const half = (extend: number, offset: number) => [
      ...get(ACC),
      ...get(V), ...simd(extend), // i16x8.extend_{low,high}_i8x16_s
      ...get(Q), ...get(J), ...i32c(1), SHL, ADD, ...simd(0x00, 0, offset), // v128.load q16 + 2j (+ 16)
      ...simd(0xba), // i32x4.dot_i16x8_s
      ...simd(0xae), // i32x4.add
      ...set(ACC),
    ];
    const body = [
      ...get(VEC), ...set(P),
      0x02, 0x40, // block
      0x03, 0x40, // loop (d)
      ...get(D), ...get(N), 0x4f, 0x0d, 1, // i32.ge_u; br_if 1
      ...zero, ...set(ACC),
      ...i32c(0), ...set(J),
      0x03, 0x40, // loop (j)
      ...get(P), ...simd(0x00, 0, 0), ...set(V), // v128.load 16 int8
      ...half(0x87, 0),
      ...half(0x88, 16),
      ...get(P), ...i32c(16), ADD, ...set(P),
      ...get(J), ...i32c(16), ADD, ...tee(J), ...get(DIMS), 0x49, 0x0d, 0, // i32.lt_u; br_if 0
      0x0b, // end loop (j)
      ...get(OUT), ...get(D), ...i32c(2), SHL, ADD,
      ...get(ACC), ...simd(0x1b, 0),
      ...get(ACC), ...simd(0x1b, 1), ADD,
      ...get(ACC), ...simd(0x1b, 2), ADD,
      ...get(ACC), ...simd(0x1b, 3), ADD,
      0x36, 2, 0, // i32.store align=4 offset=0
      ...get(D), ...i32c(1), ADD, ...set(D),
      0x0c, 0, // br 0
      0x0b, // end loop (d)
      0x0b, // end block
      0x0b, // end function
    ];
    return [2, 3, I32, 2, V128, ...body];
  })();
  // bound(dot, scale, l1, b0, b1, rows, qScale, half, qPart, floor) → m: the rows d in [b0, b1), ascending, whose bound
  // scale[d] · (dot[d] · qScale + half · l1[d] + qPart) (f64, in that order: JavaScript's own doubles) is not ≤ floor,
  // written to rows[0 .. m) (vector-index.ts scanTopK)
  const bound = (() => {
    const [DOT, SC, L1, D, B1, ROWS, QS, HALF, QP, FL, M, A] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    const F64_MUL = 0xa2;
    const F64_ADD = 0xa0;
    const PROMOTE = 0xbb; // f64.promote_f32
    const body = [
      0x02, 0x40, // block
      0x03, 0x40, // loop (d)
      ...get(D), ...get(B1), 0x4f, 0x0d, 1, // i32.ge_u; br_if 1
      ...get(D), ...i32c(2), SHL, ...set(A),
      ...get(SC), ...get(A), ADD, 0x2a, 2, 0, PROMOTE, // scale[d]
      ...get(DOT), ...get(A), ADD, 0x28, 2, 0, 0xb7, // f64.convert_i32_s(dot[d])
      ...get(QS), F64_MUL,
      ...get(HALF), ...get(L1), ...get(A), ADD, 0x2a, 2, 0, PROMOTE, F64_MUL,
      F64_ADD,
      ...get(QP), F64_ADD,
      F64_MUL,
      ...get(FL), 0x65, 0x45, // f64.le; i32.eqz
      0x04, 0x40, // if
      ...get(ROWS), ...get(M), ...i32c(2), SHL, ADD, ...get(D), 0x36, 2, 0, // rows[m] = d
      ...get(M), ...i32c(1), ADD, ...set(M),
      0x0b, // end if
      ...get(D), ...i32c(1), ADD, ...set(D),
      0x0c, 0, // br 0
      0x0b, // end loop (d)
      0x0b, // end block
      ...get(M),
      0x0b, // end function
    ];
    return [1, 2, I32, ...body];
  })();
  // cosRows(vec, q, rows, m, dimBytes, out): out[t] (f64) = Σ_j f64(vec[rows[t]][j]) · f64(q[j]), added in order of j, for
  // t < m (m a multiple of 4): four rows at a time, each its own chain of f64 additions (JavaScript's own doubles:
  // a float32 × float32 product is exact in a double, and WebAssembly never fuses a multiply with an add)
  const cosRows = (() => {
    const [VEC, Q, ROWS, M, DIMB, OUT, T, J, P0, P1, P2, P3, S0, S1, S2, S3, X] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
    const F32_LOAD = 0x2a;
    const PROMOTE = 0xbb;
    const F64_MUL = 0xa2;
    const F64_ADD = 0xa0;
    const rowPtr = (P: number, offset: number) => [...get(VEC), ...get(ROWS), ...get(T), ...i32c(2), SHL, ADD, 0x28, 2, ...leb(offset), ...get(DIMB), 0x6c, ADD, ...set(P)];
    const acc = (S: number, P: number) => [...get(S), ...get(P), ...get(J), ADD, F32_LOAD, 2, 0, PROMOTE, ...get(X), F64_MUL, F64_ADD, ...set(S)];
    const f64zero = [0x44, 0, 0, 0, 0, 0, 0, 0, 0];
    const store = (S: number, offset: number) => [...get(OUT), ...get(T), ...i32c(3), SHL, ADD, ...get(S), 0x39, 3, ...leb(offset)];
    const body = [
      0x02, 0x40, // block
      0x03, 0x40, // loop (t)
      ...get(T), ...get(M), 0x4f, 0x0d, 1, // i32.ge_u; br_if 1
      ...rowPtr(P0, 0), ...rowPtr(P1, 4), ...rowPtr(P2, 8), ...rowPtr(P3, 12),
      ...f64zero, ...set(S0), ...f64zero, ...set(S1), ...f64zero, ...set(S2), ...f64zero, ...set(S3),
      ...i32c(0), ...set(J),
      0x03, 0x40, // loop (j)
      ...get(Q), ...get(J), ADD, F32_LOAD, 2, 0, PROMOTE, ...set(X),
      ...acc(S0, P0), ...acc(S1, P1), ...acc(S2, P2), ...acc(S3, P3),
      ...get(J), ...i32c(4), ADD, ...tee(J), ...get(DIMB), 0x49, 0x0d, 0, // i32.lt_u; br_if 0
      0x0b, // end loop (j)
      ...store(S0, 0), ...store(S1, 8), ...store(S2, 16), ...store(S3, 24),
      ...get(T), ...i32c(4), ADD, ...set(T),
      0x0c, 0, // br 0
      0x0b, // end loop (t)
      0x0b, // end block
      0x0b, // end function
    ];
    return [2, 6, I32, 5, F64, ...body];
  })();
  const code = (fn: number[]) => [...leb(fn.length), ...fn];
  const bytes = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [3, 0x60, 5, I32, I32, I32, I32, I32, 0, 0x60, 6, I32, I32, I32, I32, I32, I32, 0, 0x60, 10, I32, I32, I32, I32, I32, I32, F64, F64, F64, F64, 1, I32]),
    ...section(2, [1, ...str("env"), ...str("mem"), 0x02, 0x00, 1]),
    ...section(3, [5, 0, 1, 0, 2, 1]),
    ...section(7, [5, ...str("scan"), 0x00, 0, ...str("scanRows"), 0x00, 1, ...str("scan8"), 0x00, 2, ...str("bound"), 0x00, 3, ...str("cosRows"), 0x00, 4]),
    ...section(10, [5, ...code(scan), ...code(scanRows), ...code(scan8), ...code(bound), ...code(cosRows)]),
  ];
  return Uint8Array.from(bytes);
}

/** Rows per block of the paired int8 pass (pairModuleBytes): 64 rows of 128 int8 = 8 kB, kept in the first-level cache. */
const PAIR_BLOCK = 64;

/**
 * The int8 pass (scan8) for questions two at a time, assembled per scanner (rows of `d8` int8, a multiple of 16; dot
 * arrays `stride` bytes apart, both as memory offsets in the code):
 *
 *   (func (export "scan8p") (param $vec8 i32) (param $q16s i32) (param $pairs i32) (param $n i32) (param $out i32)
 *     for b0 in 0..n step block:                         ;; the rows by blocks
 *       for p in 0..pairs:                               ;; questions 2p and 2p + 1 (int16 rows one after another)
 *         for d in b0..min(b0 + block, n):
 *           a0 = a1 = 0
 *           for c in 0..d8/16 (written out):             ;; one 16-byte load of row d, widened to two i16x8 once
 *             lo, hi = i16x8.extend_{low,high}_i8x16_s(load128(vec8 + d8·d + 16c))
 *             a0 += dot_i16x8_s(lo, q[2p][8·2c ..]) + dot_i16x8_s(hi, q[2p][8·(2c+1) ..])    ;; a1 likewise for 2p + 1
 *           out[2p][d] = lanes of a0 added; out[2p + 1][d] = lanes of a1 added
 *
 * A block is read from memory once for all the questions (from the first-level cache for the other pairs) and each
 * of its rows is loaded and widened once for two: ≈20 % less work per question than scan8 alone, which is bound by
 * its arithmetic more than by memory (measured: a 96 MB buffer read between two scans changes neither). The sums are
 * integers (no overflow: 128 · 127 · 32767 < 2³¹), so every value is scan8's own for that question.
 */
function pairModuleBytes(d8: number, stride: number, block: number): Uint8Array<ArrayBuffer> {
  const load = (offset: number) => simd(0x00, 0, ...leb(offset));
  const [VEC, QS, NP, N, OUT, B0, B1, PI, QP, OP, P, D, LO, HI, A0, A1] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
  const row: number[] = [...zero, ...set(A0), ...zero, ...set(A1)];
  for (let c = 0; c < d8 / 16; c++) {
    row.push(...get(P), ...load(16 * c), ...set(HI), ...get(HI), ...simd(0x87), ...set(LO), ...get(HI), ...simd(0x88), ...set(HI));
    for (const [A, qo] of [[A0, 32 * c], [A1, 2 * d8 + 32 * c]] as const) {
      row.push(...get(A), ...get(LO), ...get(QP), ...load(qo), ...simd(0xba), ...simd(0xae));
      row.push(...get(HI), ...get(QP), ...load(qo + 16), ...simd(0xba), ...simd(0xae), ...set(A));
    }
  }
  const sum = (A: number) => [...get(A), ...simd(0x1b, 0), ...get(A), ...simd(0x1b, 1), ADD, ...get(A), ...simd(0x1b, 2), ADD, ...get(A), ...simd(0x1b, 3), ADD];
  row.push(...get(OP), ...get(D), ...i32c(2), SHL, ADD, ...sum(A0), 0x36, 2, 0);
  row.push(...get(OP), ...get(D), ...i32c(2), SHL, ADD, ...sum(A1), 0x36, 2, ...leb(stride));
  const body = [
    0x02, 0x40, 0x03, 0x40, // block, loop (blocks)
    ...get(B0), ...get(N), 0x4f, 0x0d, 1, // b0 >= n: done
    ...get(B0), ...i32c(block), ADD, ...tee(B1), ...get(N), ...get(B1), ...get(N), 0x49, 0x1b, ...set(B1), // b1 = min(b0 + block, n)
    ...i32c(0), ...set(PI), ...get(QS), ...set(QP), ...get(OUT), ...set(OP),
    0x03, 0x40, // loop (pairs)
    ...get(VEC), ...get(B0), ...i32c(d8), 0x6c, ADD, ...set(P), ...get(B0), ...set(D),
    0x03, 0x40, // loop (rows)
    ...row,
    ...get(P), ...i32c(d8), ADD, ...set(P),
    ...get(D), ...i32c(1), ADD, ...tee(D), ...get(B1), 0x49, 0x0d, 0, // d < b1: next row
    0x0b,
    ...get(QP), ...i32c(4 * d8), ADD, ...set(QP), ...get(OP), ...i32c(2 * stride), ADD, ...set(OP),
    ...get(PI), ...i32c(1), ADD, ...tee(PI), ...get(NP), 0x49, 0x0d, 0, // next pair
    0x0b,
    ...get(B1), ...set(B0), 0x0c, 0, // next block
    0x0b, 0x0b, 0x0b,
  ];
  const fn = [2, 7, I32, 4, V128, ...body];
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 0]),
    ...section(2, [1, ...str("env"), ...str("mem"), 0x02, 0x00, 1]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...str("scan8p"), 0x00, 0]),
    ...section(10, [1, ...leb(fn.length), ...fn]),
  ]);
}

let compiled: WebAssembly.Module | null | undefined;

function wasmModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = process.env.SEMANTIC_SIMD === "off" ? null : new WebAssembly.Module(moduleBytes());
    } catch {
      compiled = null; // no SIMD support: the plain scan is used
    }
  }
  return compiled;
}

/** The question quantised for scan8, and the per-row numbers that bound the approximation's error. */
export interface ApproxScan {
  /** Σ_j v̂[d][j] · q̂[j] per row (integers): v[d] · q ≈ dot[d] · s[d] · qScale, s[d] = max_j |v[d][j]| / 127 (a double). */
  dot: Int32Array;
  /** s[d] rounded up to the nearest float32 (≥ s[d], at most 2⁻²³ relatively above: half the bytes of the doubles). */
  rowScaleUp: Float32Array;
  /** Σ_j |v̂[d][j]| per row (an integer ≤ 127 · dims: exact in a float32). */
  rowL1: Float32Array;
  qScale: number;
  /** Σ_j |q[j]|. */
  qL1: number;
  /** Which of the scanner's dot arrays `dot` is (selectRows reads that one). */
  slot: number;
}

/** Vectors held in WebAssembly memory with room for the question and the scores. */
export interface SimdScanner {
  /** n × dims view into the wasm memory: fill it once. */
  vectors: Float32Array;
  /** Scores of the last scan (n). */
  scores: Float32Array;
  scan(q: Float32Array): Float32Array;
  /** The scores of rows `rows[0 .. m)` (in that order), the same float32 arithmetic as `scan`: the same values. A view, valid until the next call. */
  scanRows(q: Float32Array, rows: Int32Array, m: number): Float32Array;
  /** Builds the int8 copy of `vectors` that `scanApprox` reads (once, after `vectors` is filled). */
  quantize(): void;
  /**
   * Every row's dot product with `q` approximately, from an int8 copy of the vectors (one scale per
   * row, v̂ = round(v / s), s = max|v| / 127) and an int16 copy of the question: a quarter of the
   * memory traffic of `scan`. Null before `quantize`. The error bound: see vector-index.ts scanTopK.
   */
  scanApprox(q: Float32Array): ApproxScan | null;
  /**
   * `scanApprox` of several questions (at most `maxBatch`) in one pass over the int8 rows (each row read from memory
   * once for all of them): the same `dot` values as `scanApprox` of each, in its own slot (question i → slot i). The
   * views stay valid until the next `scanApprox` / `scanApproxBatch`. Null before `quantize`.
   */
  scanApproxBatch(qs: readonly Float32Array[]): ApproxScan[] | null;
  /** How many questions `scanApproxBatch` takes at most. */
  maxBatch: number;
  /**
   * After `scanApprox` (or `scanApproxBatch`, for its `slot`): the rows d of [b0, b1), ascending, whose bound
   * rowScaleUp[d] · (dot[d] · qScale + half · rowL1[d] + qPart), in doubles and in that order, is not ≤ floor, into
   * `selected` (returns how many).
   */
  selectRows(b0: number, b1: number, qScale: number, half: number, qPart: number, floor: number, slot?: number): number;
  /** The rows `selectRows` wrote last (a view into the wasm memory, valid until the next call). */
  selected: Int32Array;
  /**
   * The dot products of rows `rows[0 .. m)` with `q` in double precision: Σ_j vec[row][j] · q[j], each product of the
   * two float32 exact in a double, added in order of j — the doubles of the same loop in JavaScript. A view, valid
   * until the next call. The rows must exist (0 ≤ row < n).
   */
  cosineRows(q: Float32Array, rows: Int32Array, m: number): Float64Array;
  /** `scanRows(q, selected, m)` without copying the rows. */
  scanSelected(q: Float32Array, m: number): Float32Array;
}

const align16 = (x: number) => Math.ceil(x / 16) * 16;

const f32Bits = new Float32Array(1);
const i32Bits = new Int32Array(f32Bits.buffer);

/** The smallest float32 ≥ x (x ≥ 0, finite). */
export function float32Up(x: number): number {
  f32Bits[0] = x;
  if (f32Bits[0]! < x) i32Bits[0] = i32Bits[0]! + 1;
  return f32Bits[0]!;
}

/** Questions per batched int8 pass (`SEMANTIC_SCAN_BATCH`, default 8; 1 = every question alone). */
export function scanBatchSize(): number {
  const v = Math.floor(Number(process.env.SEMANTIC_SCAN_BATCH ?? 8));
  return Number.isFinite(v) && v >= 1 ? Math.min(v, 64) : 8;
}

export function createSimdScanner(n: number, dims: number, maxBatch = 1): SimdScanner | null {
  if (dims % 4 !== 0 || dims === 0 || n === 0) return null;
  const mod = wasmModule();
  if (!mod) return null;
  const d8 = align16(dims); // int8 rows padded with zeros to whole 16-byte loads
  const vecBytes = n * dims * 4;
  const qOff = vecBytes;
  const outOff = qOff + dims * 4;
  const rowsOff = outOff + n * 4;
  const rowsOutOff = rowsOff + n * 4;
  const v8Off = align16(rowsOutOff + n * 4);
  const slots = Math.max(1, Math.floor(maxBatch));
  const q16Off = align16(v8Off + n * d8);
  const dotOff = align16(q16Off + slots * d8 * 2);
  const dotStride = align16(n * 4);
  const scaleOff = align16(dotOff + slots * dotStride);
  const l1Off = scaleOff + n * 4;
  // cosRows: up to n + 3 rows (padded to a multiple of 4) and their f64 sums
  const cosRowsOff = align16(l1Off + n * 4);
  const cosOutOff = align16(cosRowsOff + (n + 4) * 4);
  const total = cosOutOff + (n + 4) * 8;
  const memory = new WebAssembly.Memory({ initial: Math.ceil(total / 65536) });
  const inst = new WebAssembly.Instance(mod, { env: { mem: memory } });
  const scanFn = inst.exports.scan as (vec: number, q: number, n: number, dimBytes: number, out: number) => void;
  const scanRowsFn = inst.exports.scanRows as (vec: number, q: number, rows: number, m: number, dimBytes: number, out: number) => void;
  const scan8Fn = inst.exports.scan8 as (vec8: number, q16: number, n: number, dims: number, out: number) => void;
  const cosRowsFn = inst.exports.cosRows as (vec: number, q: number, rows: number, m: number, dimBytes: number, out: number) => void;
  const cosRowsView = new Int32Array(memory.buffer, cosRowsOff, n + 4);
  const cosOut = new Float64Array(memory.buffer, cosOutOff, n + 4);
  const boundFn = inst.exports.bound as (dot: number, scale: number, l1: number, b0: number, b1: number, rows: number, qScale: number, half: number, qPart: number, floor: number) => number;
  const vectors = new Float32Array(memory.buffer, 0, n * dims);
  const qView = new Float32Array(memory.buffer, qOff, dims);
  const scores = new Float32Array(memory.buffer, outOff, n);
  const rowsView = new Int32Array(memory.buffer, rowsOff, n);
  const rowsOut = new Float32Array(memory.buffer, rowsOutOff, n);
  const v8 = new Int8Array(memory.buffer, v8Off, n * d8);
  const q16 = new Int16Array(memory.buffer, q16Off, slots * d8);
  const dots = Array.from({ length: slots }, (_, i) => new Int32Array(memory.buffer, dotOff + i * dotStride, n));
  const dot = dots[0]!;
  /** The question's int16 copy into slot `i`, and its scale and L1 norm. */
  const quantizeQuestion = (q: Float32Array, i: number): { qScale: number; qL1: number } => {
    let max = 0;
    let qL1 = 0;
    for (let j = 0; j < dims; j++) {
      max = Math.max(max, Math.abs(q[j]!));
      qL1 += Math.abs(q[j]!);
    }
    const qScale = max / 32767;
    const o = i * d8;
    for (let j = 0; j < dims; j++) q16[o + j] = qScale > 0 ? Math.max(-32767, Math.min(32767, Math.round(q[j]! / qScale))) : 0;
    return { qScale, qL1 };
  };
  const rowScaleUp = new Float32Array(memory.buffer, scaleOff, n);
  const rowL1 = new Float32Array(memory.buffer, l1Off, n);
  let quantized = false;
  /** scan8 of one question (slot 0). */
  const approxAlone = (q: Float32Array): ApproxScan => {
    const { qScale, qL1 } = quantizeQuestion(q, 0);
    scan8Fn(v8Off, q16Off, n, d8, dotOff);
    return { dot, rowScaleUp, rowL1, qScale, qL1, slot: 0 };
  };
  let pairFn: ((vec8: number, q16s: number, pairs: number, n: number, out: number) => void) | null = null;
  const pairKernel = () =>
    (pairFn ??= new WebAssembly.Instance(new WebAssembly.Module(pairModuleBytes(d8, dotStride, PAIR_BLOCK)), { env: { mem: memory } }).exports.scan8p as (vec8: number, q16s: number, pairs: number, n: number, out: number) => void);
  return {
    vectors,
    scores,
    scan(q) {
      qView.set(q);
      scanFn(0, qOff, n, dims * 4, outOff);
      return scores;
    },
    scanRows(q, rows, m) {
      qView.set(q);
      rowsView.set(m === rows.length ? rows : rows.subarray(0, m));
      scanRowsFn(0, qOff, rowsOff, m, dims * 4, rowsOutOff);
      return rowsOut.subarray(0, m);
    },
    quantize() {
      for (let d = 0; d < n; d++) {
        const off = d * dims;
        let max = 0;
        for (let j = 0; j < dims; j++) max = Math.max(max, Math.abs(vectors[off + j]!));
        const s = max / 127;
        let l1 = 0;
        for (let j = 0; j < dims; j++) {
          const x = s > 0 ? Math.max(-127, Math.min(127, Math.round(vectors[off + j]! / s))) : 0;
          v8[d * d8 + j] = x;
          l1 += Math.abs(x);
        }
        rowScaleUp[d] = float32Up(s);
        rowL1[d] = l1;
      }
      quantized = true;
    },
    scanApprox(q) {
      return quantized ? approxAlone(q) : null;
    },
    maxBatch: slots,
    scanApproxBatch(qs) {
      if (!quantized) return null;
      if (qs.length > slots) throw new RangeError(`scanApproxBatch: ${qs.length} questions, at most ${slots}`);
      if (qs.length === 1) return [approxAlone(qs[0]!)];
      const parts = qs.map((q, i) => quantizeQuestion(q, i));
      // the questions two by two in one pass over the rows; an odd one out by scan8 alone
      const pairs = qs.length >> 1;
      if (pairs > 0) pairKernel()(v8Off, q16Off, pairs, n, dotOff);
      if (qs.length % 2 === 1) scan8Fn(v8Off, q16Off + (qs.length - 1) * d8 * 2, n, d8, dotOff + (qs.length - 1) * dotStride);
      return parts.map(({ qScale, qL1 }, i) => ({ dot: dots[i]!, rowScaleUp, rowL1, qScale, qL1, slot: i }));
    },
    selected: rowsView,
    selectRows(b0, b1, qScale, half, qPart, floor, slot = 0) {
      return boundFn(dotOff + slot * dotStride, scaleOff, l1Off, b0, b1, rowsOff, qScale, half, qPart, floor);
    },
    cosineRows(q, rows, m) {
      if (m === 0) return cosOut.subarray(0, 0);
      qView.set(q);
      cosRowsView.set(m === rows.length ? rows : rows.subarray(0, m));
      // pad to a multiple of 4 with the last row (its sums are computed and ignored)
      let padded = m;
      while (padded % 4 !== 0) cosRowsView[padded++] = rows[m - 1]!;
      cosRowsFn(0, qOff, cosRowsOff, padded, dims * 4, cosOutOff);
      return cosOut.subarray(0, m);
    },
    scanSelected(q, m) {
      qView.set(q);
      scanRowsFn(0, qOff, rowsOff, m, dims * 4, rowsOutOff);
      return rowsOut.subarray(0, m);
    },
  };
}
