/**
 * The build step's speed-ups change nothing it computes: the blocked linear algebra gives the
 * same doubles as the plain loops, the character-code term filter the same terms as the former
 * regular expressions, and the model trained in a worker thread (while the ingest writes the
 * index) is the model trained in place, bit for bit. Over the real slice index (test/global-setup.ts).
 */
import { withIndexSql } from "@/test/helpers/index-sql";
import { describe, expect, it } from "vitest";
import { gram, mulAtY, mulAX, rng, transpose, type Csr } from "./linalg";
import { isTerm, STOPWORDS } from "./terms";
import { DEFAULT_LSA } from "./lsa";
import { lsaInput, sameInput, startLsaTraining, trainLsaHere } from "./lsa-train";


/** A random sparse matrix with empty rows and columns, entries in column order. */
function randomCsr(rows: number, cols: number, seed: number): Csr {
  const r = rng(seed);
  const ptr = new Uint32Array(rows + 1);
  const idx: number[] = [];
  const val: number[] = [];
  for (let i = 0; i < rows; i++) {
    const k = i % 7 === 3 ? 0 : Math.floor(r() * 11);
    const set = new Set<number>();
    while (set.size < k) set.add(Math.floor(r() * r() * cols));
    for (const c of [...set].sort((a, b) => a - b)) {
      idx.push(c);
      val.push(r() - 0.3);
    }
    ptr[i + 1] = idx.length;
  }
  return { rows, cols, ptr, idx: Uint32Array.from(idx), val: Float32Array.from(val) };
}

const dense = (rows: number, cols: number, seed: number, zeroRowEvery = 5) => {
  const r = rng(seed);
  return Float32Array.from({ length: rows * cols }, (_, i) => (Math.floor(i / cols) % zeroRowEvery === 2 ? 0 : r() - 0.5));
};

describe("blocked linear algebra of the LSA build", () => {
  const A = randomCsr(103, 57, 5);
  const l = 13;

  it("A·X sums each entry's products in order, as the plain loop does", () => {
    const X = dense(A.cols, l, 9);
    const want = new Float32Array(A.rows * l);
    for (let r = 0; r < A.rows; r++) {
      for (let j = 0; j < l; j++) {
        let s = 0;
        for (let p = A.ptr[r]!; p < A.ptr[r + 1]!; p++) s += A.val[p]! * X[A.idx[p]! * l + j]!;
        want[r * l + j] = s;
      }
    }
    expect(mulAX(A, X, l)).toEqual(want);
  });

  it("Aᵀ·Y over the transpose equals scattering row by row", () => {
    const Y = dense(A.rows, l, 11);
    const Z = new Float64Array(A.cols * l);
    for (let r = 0; r < A.rows; r++) {
      for (let p = A.ptr[r]!; p < A.ptr[r + 1]!; p++) for (let j = 0; j < l; j++) Z[A.idx[p]! * l + j] = Z[A.idx[p]! * l + j]! + A.val[p]! * Y[r * l + j]!;
    }
    expect(mulAtY(A, Y, l)).toEqual(Float32Array.from(Z));
    const T = transpose(transpose(A));
    expect([T.ptr, T.idx, T.val]).toEqual([A.ptr, A.idx, A.val]);
  });

  it("XᵀX four rows at a time equals one row at a time (rows not a multiple of four, zero rows)", () => {
    for (const rows of [0, 3, 4, 37]) {
      const X = dense(rows, l, 3 + rows, 3);
      const G = new Float64Array(l * l);
      for (let r = 0; r < rows; r++) for (let i = 0; i < l; i++) for (let j = i; j < l; j++) G[i * l + j] = G[i * l + j]! + X[r * l + i]! * X[r * l + j]!;
      for (let i = 0; i < l; i++) for (let j = 0; j < i; j++) G[i * l + j] = G[j * l + i]!;
      expect(gram(X, rows, l)).toEqual(G);
    }
  });
});

describe("term filter", () => {
  const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
  const WORDCHAR = /^[\u3400-\u9fff\uf900-\ufaffa-z0-9]+$/;
  const byRegex = (tok: string) =>
    WORDCHAR.test(tok) && !(CJK.test(tok[0]!) && tok.length < 2) && !(!CJK.test(tok[0]!) && (tok.length < 2 || /^\d+$/.test(tok))) && !STOPWORDS.has(tok);

  it.each(["", "a", "1", "12", "2024", "a1", "1a", "ab", "AB", "中", "中国", "中a", "a中", "1中", "的", "我们", "应当", "𠀀𠀀", "\u3400\u3400", "\u33ff\u3400", "\u9fff\ua000", "\uf900\ufaff", "\ufb00\u4e00", "劳动合同", "第1条", "x-y", "中 国"])(
    "%j as the regular expressions decide",
    (tok) => expect(isTerm(tok)).toBe(byRegex(tok)),
  );
});

describe("LSA trained in a worker thread", () => {
  it("is the model trained in place, bit for bit, and the step recognises its own input", async () => {
    const rows = withIndexSql(
      (db) =>
        db.prepare("SELECT c.content, c.chapter, r.fgmc FROM clauses c JOIN regulations r ON r.rid = c.rid ORDER BY c.cid LIMIT 1500").all() as Array<{
          content: string;
          chapter: string;
          fgmc: string;
        }>,
    );
    const input = lsaInput(rows.map((r) => ({ body: r.content, title: r.fgmc, chapter: r.chapter })));
    expect(sameInput(input, rows)).toBe(true);
    expect(sameInput(input, rows.slice(1))).toBe(false);
    expect(sameInput(input, rows.map((r, i) => (i === 7 ? { ...r, chapter: r.chapter + "x" } : r)))).toBe(false);
    const opts = { ...DEFAULT_LSA, dims: 16 };
    const here = await trainLsaHere(input, opts, 1);
    const there = await startLsaTraining(input, opts).result;
    expect(there.model.terms).toEqual(here.model.terms);
    expect(there.model.idf).toEqual(here.model.idf);
    expect(there.model.projection).toEqual(here.model.projection);
    expect(there.vectors).toEqual(here.vectors);
  });
});
