import type { Seg } from "@/lib/ui/char-diff";

/** Renders diff segments; differences are marked for sight and named for screen readers. */
export function DiffText({ segs, side }: { segs: Seg[]; side: "source" | "quote" }) {
  return (
    <span className={side === "quote" ? "diff-quote" : "diff-source"}>
      {segs.map((s, i) =>
        s.kind === "same" ? (
          <span key={i}>{s.text}</span>
        ) : s.kind === "context" ? (
          <span key={i} className="diff-context">{s.text}</span>
        ) : side === "source" ? (
          <ins key={i} className="diff-diff no-underline" title="引文中缺少或改动的文字" aria-label={`引文缺少：${s.text}`}>{s.text}</ins>
        ) : (
          <del key={i} className="diff-diff" title="原文中没有的文字" aria-label={`原文没有：${s.text}`}>{s.text}</del>
        ),
      )}
    </span>
  );
}
