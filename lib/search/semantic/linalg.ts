/**
 * The little dense/sparse linear algebra the LSA model needs, in plain TypeScript over typed
 * arrays: a CSR sparse matrix, sparse × dense products, Cholesky-QR orthonormalisation,
 * a Jacobi eigensolver for small symmetric matrices and a randomized truncated SVD
 * (Halko, Martinsson & Tropp 2011) that works in the term space, so nothing n×n or n×V
 * dense is ever formed. Dense matrices are row-major.
 */

/** Compressed sparse rows: row r's entries are idx/val[ptr[r] .. ptr[r+1]). */
export interface Csr {
  rows: number;
  cols: number;
  ptr: Uint32Array;
  idx: Uint32Array;
  val: Float32Array;
}

/** Deterministic PRNG (mulberry32) so a rebuild gives the same model. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function gaussianMatrix(rows: number, cols: number, seed: number): Float32Array {
  const r = rng(seed);
  const out = new Float32Array(rows * cols);
  for (let i = 0; i < out.length; i += 2) {
    const u = Math.max(r(), 1e-12);
    const v = r();
    const m = Math.sqrt(-2 * Math.log(u));
    out[i] = m * Math.cos(2 * Math.PI * v);
    if (i + 1 < out.length) out[i + 1] = m * Math.sin(2 * Math.PI * v);
  }
  return out;
}

/** A (rows×cols, sparse) · X (cols×l) → rows×l. */
export function mulAX(A: Csr, X: Float32Array, l: number): Float32Array {
  const Y = new Float32Array(A.rows * l);
  const acc = new Float64Array(l);
  for (let r = 0; r < A.rows; r++) {
    rowTimes(A, r, X, l, acc);
    const o = r * l;
    for (let j = 0; j < l; j++) Y[o + j] = acc[j]!;
  }
  return Y;
}

/**
 * acc ← row r of A times X (cols×l), in doubles: acc[j] sums its products in entry order.
 * Four entries at a time (the same doubles as one at a time, a quarter of the acc traffic).
 */
export function rowTimes(A: Csr, r: number, X: Float32Array, l: number, acc: Float64Array): void {
  acc.fill(0);
  const end = A.ptr[r + 1]!;
  let p = A.ptr[r]!;
  for (; p + 4 <= end; p += 4) {
    const v0 = A.val[p]!;
    const v1 = A.val[p + 1]!;
    const v2 = A.val[p + 2]!;
    const v3 = A.val[p + 3]!;
    const f0 = A.idx[p]! * l;
    const f1 = A.idx[p + 1]! * l;
    const f2 = A.idx[p + 2]! * l;
    const f3 = A.idx[p + 3]! * l;
    for (let j = 0; j < l; j++) {
      let a = acc[j]!;
      a += v0 * X[f0 + j]!;
      a += v1 * X[f1 + j]!;
      a += v2 * X[f2 + j]!;
      a += v3 * X[f3 + j]!;
      acc[j] = a;
    }
  }
  for (; p < end; p++) {
    const v = A.val[p]!;
    const off = A.idx[p]! * l;
    for (let j = 0; j < l; j++) acc[j] = acc[j]! + v * X[off + j]!;
  }
}

/** Aᵀ as CSR (cols×rows), each row's entries in increasing column (= A's row) order. */
export function transpose(A: Csr): Csr {
  const ptr = new Uint32Array(A.cols + 1);
  for (let p = 0; p < A.ptr[A.rows]!; p++) ptr[A.idx[p]! + 1]! += 1;
  for (let c = 0; c < A.cols; c++) ptr[c + 1]! += ptr[c]!;
  const fill = ptr.slice(0, A.cols);
  const idx = new Uint32Array(A.ptr[A.rows]!);
  const val = new Float32Array(A.ptr[A.rows]!);
  for (let r = 0; r < A.rows; r++) {
    for (let p = A.ptr[r]!; p < A.ptr[r + 1]!; p++) {
      const at = fill[A.idx[p]!]!++;
      idx[at] = r;
      val[at] = A.val[p]!;
    }
  }
  return { rows: A.cols, cols: A.rows, ptr, idx, val };
}

/**
 * Aᵀ (cols×rows) · Y (rows×l) → cols×l. Computed as (Aᵀ) · Y over the transpose: each output
 * entry sums its products in increasing row order, as scattering row by row would, so the
 * doubles are the same; gathering is ≈2× faster than scattering into a cols×l accumulator.
 */
export function mulAtY(A: Csr, Y: Float32Array, l: number, At: Csr = transpose(A)): Float32Array {
  return mulAX(At, Y, l);
}

/**
 * XᵀX (l×l, symmetric) for X rows×l. Four rows at a time: each G entry still receives its
 * products one by one in row order (a zero product adds exactly nothing, G never being −0), so
 * the result is the same double for double as one row at a time, with a quarter of the G traffic.
 */
export function gram(X: Float32Array, rows: number, l: number): Float64Array {
  const G = new Float64Array(l * l);
  let r = 0;
  for (; r + 4 <= rows; r += 4) {
    const o0 = r * l;
    const o1 = o0 + l;
    const o2 = o1 + l;
    const o3 = o2 + l;
    for (let i = 0; i < l; i++) {
      const a0 = X[o0 + i]!;
      const a1 = X[o1 + i]!;
      const a2 = X[o2 + i]!;
      const a3 = X[o3 + i]!;
      if (a0 === 0 && a1 === 0 && a2 === 0 && a3 === 0) continue;
      const gi = i * l;
      for (let j = i; j < l; j++) {
        let g = G[gi + j]!;
        g += a0 * X[o0 + j]!;
        g += a1 * X[o1 + j]!;
        g += a2 * X[o2 + j]!;
        g += a3 * X[o3 + j]!;
        G[gi + j] = g;
      }
    }
  }
  for (; r < rows; r++) {
    const o = r * l;
    for (let i = 0; i < l; i++) {
      const xi = X[o + i]!;
      if (xi === 0) continue;
      const gi = i * l;
      for (let j = i; j < l; j++) G[gi + j] = G[gi + j]! + xi * X[o + j]!;
    }
  }
  for (let i = 0; i < l; i++) for (let j = 0; j < i; j++) G[i * l + j] = G[j * l + i]!;
  return G;
}

/** Orthonormalises the columns of X (rows×l) in place: Cholesky-QR, applied twice for stability. */
export function orthonormalize(X: Float32Array, rows: number, l: number): void {
  for (let pass = 0; pass < 2; pass++) {
    const G = gram(X, rows, l);
    let trace = 0;
    for (let i = 0; i < l; i++) trace += G[i * l + i]!;
    const jitter = (trace / l) * 1e-10 + 1e-30;
    // Cholesky G = RᵀR (R upper triangular), stored in G's upper triangle.
    const R = new Float64Array(l * l);
    for (let i = 0; i < l; i++) {
      for (let j = i; j < l; j++) {
        let s = G[i * l + j]! + (i === j ? jitter : 0);
        for (let k = 0; k < i; k++) s -= R[k * l + i]! * R[k * l + j]!;
        if (i === j) R[i * l + i] = Math.sqrt(Math.max(s, jitter));
        else R[i * l + j] = s / R[i * l + i]!;
      }
    }
    // X ← X R⁻¹, row by row (forward substitution on xᵀ = qᵀR). An all-zero row (a term
    // absent from the sampled rows) stays zero: skipped, same result, much less work.
    // R's columns as rows (Rt[j][k] = R[k][j]): the same products in the same order, read contiguously
    const Rt = new Float64Array(l * l);
    for (let k = 0; k < l; k++) for (let j = k; j < l; j++) Rt[j * l + k] = R[k * l + j]!;
    const q = new Float64Array(l);
    for (let r = 0; r < rows; r++) {
      const o = r * l;
      let nz = false;
      for (let j = 0; j < l && !nz; j++) nz = X[o + j] !== 0;
      if (!nz) continue;
      for (let j = 0; j < l; j++) {
        let s = X[o + j]!;
        const jo = j * l;
        for (let k = 0; k < j; k++) s -= q[k]! * Rt[jo + k]!;
        q[j] = s / Rt[jo + j]!;
      }
      for (let j = 0; j < l; j++) X[o + j] = q[j]!;
    }
  }
}

/** Eigen-decomposition of a symmetric n×n matrix (cyclic Jacobi). Values descending, vectors as columns of V. */
export function symmetricEigen(S: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const A = Float64Array.from(S);
  const V = new Float64Array(n * n);
  for (let i = 0; i < n; i++) V[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) off += A[i * n + j]! ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = A[p * n + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const app = A[p * n + p]!;
        const aqq = A[q * n + q]!;
        const theta = (aqq - app) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = A[k * n + p]!;
          const akq = A[k * n + q]!;
          A[k * n + p] = c * akp - s * akq;
          A[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = A[p * n + k]!;
          const aqk = A[q * n + k]!;
          A[p * n + k] = c * apk - s * aqk;
          A[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = V[k * n + p]!;
          const vkq = V[k * n + q]!;
          V[k * n + p] = c * vkp - s * vkq;
          V[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => A[b * n + b]! - A[a * n + a]!);
  const values = new Float64Array(n);
  const vectors = new Float64Array(n * n);
  order.forEach((src, dst) => {
    values[dst] = A[src * n + src]!;
    for (let k = 0; k < n; k++) vectors[k * n + dst] = V[k * n + src]!;
  });
  return { values, vectors };
}

/**
 * Truncated SVD of A: the top `k` right singular vectors (cols×k, row-major) and singular
 * values, by a randomized range finder in the column (term) space with `power` extra
 * passes of AᵀA and `oversample` extra directions.
 */
export function randomizedSvd(
  A: Csr,
  k: number,
  opts: { oversample?: number; power?: number; seed?: number } = {},
): { V: Float32Array; sigma: Float64Array } {
  const l = Math.min(k + (opts.oversample ?? 16), A.cols);
  const At = transpose(A);
  let Z = mulAtY(A, mulAX(A, gaussianMatrix(A.cols, l, opts.seed ?? 42), l), l, At);
  orthonormalize(Z, A.cols, l);
  for (let i = 0; i < (opts.power ?? 1); i++) {
    Z = mulAtY(A, mulAX(A, Z, l), l, At);
    orthonormalize(Z, A.cols, l);
  }
  const Y = mulAX(A, Z, l); // A Q
  const C = gram(Y, A.rows, l); // Qᵀ AᵀA Q
  const { values, vectors } = symmetricEigen(C, l);
  const kk = Math.min(k, l);
  const V = new Float32Array(A.cols * kk);
  // V = Z · vectors[:, :kk], row by row with the sums over m in the same order as a
  // column-by-column loop (bit-identical), but reading `vectors` row-wise (cache-friendly).
  const acc = new Float64Array(kk);
  // (four m at a time, each acc[j] still summed in m order: a zero z adds exactly 0, acc never being −0)
  for (let r = 0; r < A.cols; r++) {
    acc.fill(0);
    const zo = r * l;
    let m = 0;
    for (; m + 4 <= l; m += 4) {
      const z0 = Z[zo + m]!;
      const z1 = Z[zo + m + 1]!;
      const z2 = Z[zo + m + 2]!;
      const z3 = Z[zo + m + 3]!;
      if (z0 === 0 && z1 === 0 && z2 === 0 && z3 === 0) continue;
      const v0 = m * l;
      const v1 = v0 + l;
      const v2 = v1 + l;
      const v3 = v2 + l;
      for (let j = 0; j < kk; j++) {
        let a = acc[j]!;
        a += z0 * vectors[v0 + j]!;
        a += z1 * vectors[v1 + j]!;
        a += z2 * vectors[v2 + j]!;
        a += z3 * vectors[v3 + j]!;
        acc[j] = a;
      }
    }
    for (; m < l; m++) {
      const z = Z[zo + m]!;
      if (z === 0) continue; // adds exactly 0
      const vo = m * l;
      for (let j = 0; j < kk; j++) acc[j] = acc[j]! + z * vectors[vo + j]!;
    }
    for (let j = 0; j < kk; j++) V[r * kk + j] = acc[j]!;
  }
  const sigma = new Float64Array(kk);
  for (let j = 0; j < kk; j++) sigma[j] = Math.sqrt(Math.max(values[j]!, 0));
  return { V, sigma };
}
