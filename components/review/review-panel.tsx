"use client";
/**
 * The side panel: counts per verdict (which double as filters), and every citation and case
 * in document order; choosing one scrolls to its mark and focuses it (opening its card).
 */
import Link from "next/link";
import { inAppDetailHref } from "@/lib/ui/detail-url";
import type { ReviewItem } from "@/lib/ui/review-model";
import { VERDICT_LABEL, VERDICTS, type Verdict } from "@/lib/ui/verdict";
import { ValidityBadge, VERDICT_DOT, VerdictBadge } from "./verdict-badge";

export function scrollToMark(markId: string): void {
  const el = document.getElementById(markId);
  if (!el) return;
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ block: "center", behavior: reduce ? "auto" : "smooth" });
  el.focus({ preventScroll: true });
  el.setAttribute("data-flash", "1");
  window.setTimeout(() => el.removeAttribute("data-flash"), 1200);
}

export function VerdictCounts({
  counts,
  filter,
  onToggle,
}: {
  counts: Record<Verdict, number>;
  filter: Set<Verdict>;
  onToggle: (v: Verdict) => void;
}) {
  return (
    <div role="group" aria-label="按结论筛选" className="flex flex-wrap gap-1.5" data-testid="verdict-counts">
      {VERDICTS.map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={filter.has(v)}
          disabled={counts[v] === 0}
          onClick={() => onToggle(v)}
          className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs transition-colors disabled:opacity-40 ${
            filter.has(v) ? "border-stone-700 bg-stone-800 text-white" : "border-line bg-white hover:bg-stone-50"
          }`}
          data-testid={`count-${v}`}
          data-count={counts[v]}
        >
          <span aria-hidden className={`h-2 w-2 rounded-full ${VERDICT_DOT[v]}`} />
          {VERDICT_LABEL[v]}
          <span className="font-semibold tabular-nums">{counts[v]}</span>
        </button>
      ))}
    </div>
  );
}

export function ReviewPanel({ items, filter }: { items: ReviewItem[]; filter: Set<Verdict> }) {
  const shown = filter.size ? items.filter((i) => filter.has(i.verdict)) : items;
  return (
    <div data-testid="review-panel">
      <p className="mb-2 text-xs text-muted" aria-live="polite">
        {filter.size ? `已筛选：显示 ${shown.length} / ${items.length} 条` : `共 ${items.length} 条引用`}
      </p>
      {items.length === 0 && <p className="rounded border border-line bg-white px-3 py-4 text-sm text-muted">未识别到法规或案例引用。</p>}
      <ol className="space-y-2">
        {shown.map((it) => {
          const href = inAppDetailHref(it.kind === "case" ? it.kase?.url : it.reg?.url);
          return (
            <li key={it.key} className="rounded border border-line bg-white" data-testid="panel-item" data-verdict={it.verdict} data-kind={it.kind}>
              <button
                type="button"
                disabled={!it.markId}
                onClick={() => scrollToMark(it.markId)}
                className="block w-full px-3 py-2 text-left hover:bg-stone-50 disabled:cursor-default"
                aria-label={`${it.label}，${it.kind === "case" ? "案例" : "法规"}引用，跳到原文位置`}
              >
                <span className="flex items-start gap-2">
                  <span className="mt-0.5 w-5 shrink-0 text-right text-xs tabular-nums text-muted">{it.n}</span>
                  <span className="min-w-0 flex-1 text-sm leading-snug">{it.label}</span>
                </span>
                <span className="mt-1 flex flex-wrap items-center gap-1.5 pl-7">
                  <VerdictBadge verdict={it.verdict} kind={it.kind} />
                  <ValidityBadge flag={it.validity} />
                  {!it.markId && <span className="text-xs text-muted">（原文中无标记）</span>}
                </span>
              </button>
              {href && (
                <div className="border-t border-line px-3 py-1 pl-10 text-xs">
                  <Link href={href} prefetch={false} className="text-accent hover:underline">
                    {it.kind === "case" ? "案例详情" : "法规全文"}
                  </Link>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
