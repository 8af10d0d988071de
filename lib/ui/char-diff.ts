/**
 * A small character diff for the hover card: "this quote differs from the source here".
 * Longest common subsequence over characters, ignoring whitespace and treating full- and
 * half-width punctuation as equal. The authoritative text outside the aligned stretch is
 * "context" (a quote is usually an excerpt), not a difference.
 */
export type SegKind = "same" | "diff" | "context";
export interface Seg {
  text: string;
  kind: SegKind;
}
export interface CharDiff {
  quote: Seg[];
  source: Seg[];
  /** Characters of the quote that differ (added or changed relative to the source). */
  quoteDiffChars: number;
  /** Characters of the source inside the aligned stretch missing from the quote. */
  sourceDiffChars: number;
}

const MAX_CELLS = 4_000_000;

const PUNCT: Record<string, string> = {
  "，": ",", "；": ";", "：": ":", "（": "(", "）": ")", "！": "!", "？": "?", "“": '"', "”": '"',
  "‘": "'", "’": "'", "【": "[", "】": "]", "．": ".", "。": ".",
};

function canon(ch: string): string {
  return PUNCT[ch] ?? ch;
}

function isSpace(ch: string): boolean {
  return /\s/.test(ch);
}

/** Returns null when the texts are too long for a quick in-browser diff. */
export function diffChars(quote: string, source: string): CharDiff | null {
  const a = Array.from(quote);
  const b = Array.from(source);
  const ai: number[] = [];
  const bi: number[] = [];
  a.forEach((c, i) => { if (!isSpace(c)) ai.push(i); });
  b.forEach((c, i) => { if (!isSpace(c)) bi.push(i); });
  const n = ai.length;
  const m = bi.length;
  if ((n + 1) * (m + 1) > MAX_CELLS) return null;
  const A = ai.map((i) => canon(a[i]!));
  const B = bi.map((i) => canon(b[i]!));
  const w = m + 1;
  const dp = new Int32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      dp[i * w + j] = A[i] === B[j] ? dp[(i + 1) * w + j + 1]! + 1 : Math.max(dp[(i + 1) * w + j]!, dp[i * w + j + 1]!);
    }
  }
  const aSame = new Uint8Array(a.length);
  const bSame = new Uint8Array(b.length);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (A[i] === B[j]) {
      aSame[ai[i]!] = 1;
      bSame[bi[j]!] = 1;
      i++;
      j++;
    } else if (dp[(i + 1) * w + j]! >= dp[i * w + j + 1]!) i++;
    else j++;
  }
  // whitespace counts as same on both sides
  a.forEach((c, k) => { if (isSpace(c)) aSame[k] = 1; });
  b.forEach((c, k) => { if (isSpace(c)) bSame[k] = 1; });

  // aligned stretch of the source: first..last matched non-space char
  let first = -1;
  let last = -1;
  for (const k of bi) {
    if (bSame[k]) {
      if (first < 0) first = k;
      last = k;
    }
  }
  // A quote that starts (ends) with unmatched characters replaced the source's characters
  // just before (after) the aligned stretch: mark that many of them as different, the rest
  // of the source outside the stretch is context.
  let qLead = 0;
  for (const k of ai) { if (aSame[k]) break; qLead++; }
  let qTrail = 0;
  for (let x = ai.length - 1; x >= 0; x--) { if (aSame[ai[x]!]) break; qTrail++; }
  const leadIdx = bi.filter((k) => k < first);
  const trailIdx = bi.filter((k) => k > last);
  const leadDiff = new Set(leadIdx.slice(Math.max(0, leadIdx.length - qLead)));
  const trailDiff = new Set(trailIdx.slice(0, qTrail));
  const bKind = (k: number): SegKind => {
    if (first < 0) return "diff";
    if (k < first) return leadDiff.has(k) ? "diff" : "context";
    if (k > last) return trailDiff.has(k) ? "diff" : "context";
    return bSame[k] ? "same" : "diff";
  };
  const sourceSegs = group(b, bKind);
  const quoteSegs = group(a, (k) => (aSame[k] ? "same" : "diff"));
  return {
    quote: quoteSegs,
    source: sourceSegs,
    quoteDiffChars: quoteSegs.filter((s) => s.kind === "diff").reduce((s, x) => s + Array.from(x.text).length, 0),
    sourceDiffChars: sourceSegs.filter((s) => s.kind === "diff").reduce((s, x) => s + Array.from(x.text).length, 0),
  };
}

function group(chars: string[], kindOf: (k: number) => SegKind): Seg[] {
  const out: Seg[] = [];
  chars.forEach((c, k) => {
    const kind = kindOf(k);
    const prev = out[out.length - 1];
    if (prev && prev.kind === kind) prev.text += c;
    else out.push({ text: c, kind });
  });
  return out;
}
