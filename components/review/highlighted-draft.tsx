"use client";
/** The checked draft: sanitized highlighted_text rendered as text plus interactive marks. */
import type { DraftNode } from "@/lib/ui/review-model";
import { CitationMark } from "./citation-mark";

function render(nodes: DraftNode[], prefix: string): React.ReactNode[] {
  return nodes.map((n, i) =>
    typeof n === "string" ? (
      n
    ) : (
      <CitationMark key={`${prefix}${i}`} mark={n}>
        {render(n.children, `${prefix}${i}.`)}
      </CitationMark>
    ),
  );
}

export function HighlightedDraft({ nodes }: { nodes: DraftNode[] }) {
  return (
    <div className="draft-render rounded-lg border border-line bg-white px-5 py-4 font-serif text-[15.5px] print:border-0 print:px-0" data-testid="draft-render">
      {nodes.length ? render(nodes, "") : <span className="text-muted">（空文稿）</span>}
    </div>
  );
}
