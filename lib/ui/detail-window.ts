/**
 * Which part of a long regulation the detail page renders first (the rest loads on demand):
 * the window around the cited article (?text=), or around a heading (?at=h-N), or the opening;
 * plus the headings (编/章/节) that enclose the window, so the reader knows where it stands.
 */
export interface WindowBlock {
  kind: "heading" | "clause" | "text";
  level?: number;
  tid?: string;
}

/** Blocks rendered before / after the anchor. A 民法典 article is ~1.3 KB of HTML and payload. */
export const WINDOW_BEFORE = 12;
export const WINDOW_AFTER = 60;
/** Documents up to this many blocks are rendered whole. */
export const WHOLE_UP_TO = 160;

export interface DetailWindow {
  from: number;
  to: number;
  /** Indices of the headings before `from` that enclose it (outermost first). */
  context: number[];
}

export function detailWindow(blocks: WindowBlock[], opts: { target?: string; at?: number } = {}): DetailWindow {
  const n = blocks.length;
  if (n <= WHOLE_UP_TO) return { from: 0, to: n, context: [] };
  let anchor = 0;
  let before = WINDOW_BEFORE;
  if (opts.target) {
    const i = blocks.findIndex((b) => b.kind === "clause" && b.tid === opts.target);
    if (i >= 0) anchor = i;
  } else if (typeof opts.at === "number" && opts.at >= 0 && opts.at < n) {
    anchor = opts.at;
    before = 0;
  }
  const from = Math.max(0, anchor - before);
  const to = Math.min(n, Math.max(from, anchor) + WINDOW_AFTER);
  // enclosing headings: walking back from `from`, the nearest heading of each shallower level
  const context: number[] = [];
  let level = Infinity;
  for (let i = from - 1; i >= 0 && level > 1; i--) {
    const b = blocks[i]!;
    if (b.kind === "heading" && (b.level ?? 1) < level) {
      context.unshift(i);
      level = b.level ?? 1;
    }
  }
  return { from, to, context };
}
