/**
 * The k-th largest of a[0 .. n) (1 ≤ k ≤ n, no NaN), reordering `a` (scratch): a selection by
 * partitioning (Hoare, median of three), a sort of the remaining range when it takes too many rounds. Shared by the store's bm25 lists
 * (fts5-bm25.ts) and the semantic search's top-by-score; written by hand because it selects in place
 * over a typed array, which no small library does without copying.
 */
export function kthLargest(a: Float64Array, n: number, k: number): number {
  // the k-th largest is the element at index n − k of the ascending order
  const target = n - k;
  let lo = 0;
  let hi = n - 1;
  let rounds = 0;
  const maxRounds = 2 * Math.ceil(Math.log2(n + 1)) + 8;
  while (hi > lo) {
    if (++rounds > maxRounds) {
      a.subarray(lo, hi + 1).sort();
      return a[target]!;
    }
    const mid = (lo + hi) >> 1;
    // median of three as the pivot
    const x = a[lo]!, y = a[mid]!, z = a[hi]!; // prettier-ignore
    const pivot = x > y ? (y > z ? y : x > z ? z : x) : x > z ? x : y > z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const tv = a[i]!;
        a[i] = a[j]!;
        a[j] = tv;
        i++;
        j--;
      }
    }
    // now a[lo .. j] ≤ pivot ≤ a[i .. hi], and every element between j and i equals the pivot
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return a[target]!;
  }
  return a[target]!;
}
