"use client";
/**
 * The side panel: counts per verdict (which double as filters), and every citation and case
 * in document order, repeats of one clause grouped; choosing one scrolls to its mark and
 * focuses it (opening its card).
 */
import Link from "next/link";
import { useMemo, useState } from "react";
import { inAppDetailHref } from "@/lib/ui/detail-url";
import { groupItems, type ReviewItem } from "@/lib/ui/review-model";
import { VALIDITY_LABEL, VERDICT_LABEL, VERDICTS, type Verdict } from "@/lib/ui/verdict";
import { CitationCard } from "./citation-card";
import { ValidityBadge, VERDICT_DOT, VerdictBadge, verdictText } from "./verdict-badge";

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

function itemVerdictText(it: ReviewItem): string {
  return `${verdictText(it.verdict, it.kind)}${it.validity ? `，${VALIDITY_LABEL[it.validity]}` : ""}`;
}

/** Where a citation stands in the draft, for people: the character offset when the API gives it. */
function positionText(it: ReviewItem): string {
  const start = it.kind === "case" ? it.kase?.start_index : it.reg?.start_index;
  return typeof start === "number" ? `第 ${(start + 1).toLocaleString("zh-CN")} 字` : `第 ${it.n} 处`;
}

/**
 * Every citation, repeated citations of one clause (or one case number) grouped with their
 * count and positions. A group's button jumps to its first mark; each position button to its
 * own; 详情 opens the card in the panel, where its links are reachable by keyboard.
 */
export function ReviewPanel({ items, filter }: { items: ReviewItem[]; filter: Set<Verdict> }) {
  const shown = filter.size ? items.filter((i) => filter.has(i.verdict)) : items;
  const groups = useMemo(() => groupItems(shown), [shown]);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (k: string) =>
    setOpen((o) => {
      const n = new Set(o);
      if (n.has(k)) n.delete(k);
      else n.add(k);
      return n;
    });
  return (
    <div data-testid="review-panel">
      <p className="mb-2 text-xs text-muted" aria-live="polite" data-testid="panel-summary">
        {filter.size ? `已筛选：显示 ${shown.length} / ${items.length} 处` : `共 ${items.length} 处引用`}
        {groups.length < shown.length ? `，涉及 ${groups.length} 个条文或案号` : ""}
      </p>
      {items.length === 0 && <p className="rounded border border-line bg-white px-3 py-4 text-sm text-muted">未识别到法规或案例引用。</p>}
      <ol className="space-y-2">
        {groups.map((g, gi) => {
          const first = g.items[0]!;
          const href = inAppDetailHref(g.kind === "case" ? first.kase?.url : first.reg?.url);
          const verdicts = [...new Set(g.items.map(itemVerdictText))];
          const detailsId = `panel-details-${gi}`;
          return (
            <li
              key={g.key}
              className="rounded border border-line bg-white"
              data-testid="panel-item"
              data-verdict={first.verdict}
              data-kind={g.kind}
              data-count={g.items.length}
            >
              <button
                type="button"
                disabled={!first.markId}
                onClick={() => scrollToMark(first.markId)}
                className="block w-full px-3 py-2 text-left hover:bg-stone-50 disabled:cursor-default"
                aria-label={`${g.label}：${verdicts.join("；")}${g.items.length > 1 ? `，共 ${g.items.length} 处` : ""}，${g.kind === "case" ? "案例" : "法规"}引用，跳到原文位置`}
              >
                <span className="flex items-start gap-2">
                  <span className="mt-0.5 w-5 shrink-0 text-right text-xs tabular-nums text-muted">{first.n}</span>
                  <span className="min-w-0 flex-1 text-sm leading-snug">{g.label}</span>
                  {g.items.length > 1 && (
                    <span className="shrink-0 rounded-full bg-stone-100 px-1.5 text-xs tabular-nums text-stone-700" data-testid="group-count">
                      ×{g.items.length}
                    </span>
                  )}
                </span>
                <span className="mt-1 flex flex-wrap items-center gap-1.5 pl-7">
                  {[...new Map(g.items.map((it) => [`${it.verdict}|${it.validity}`, it])).values()].map((it) => (
                    <span key={it.key} className="inline-flex gap-1">
                      <VerdictBadge verdict={it.verdict} kind={it.kind} />
                      <ValidityBadge flag={it.validity} />
                    </span>
                  ))}
                  {!first.markId && <span className="text-xs text-muted">（原文中无标记）</span>}
                </span>
              </button>
              {g.items.length > 1 && (
                <div className="flex flex-wrap gap-1 border-t border-line px-3 py-1.5 pl-10 text-xs" data-testid="group-positions">
                  <span className="text-muted">位置：</span>
                  {g.items.map((it, k) => (
                    <button
                      key={it.key}
                      type="button"
                      disabled={!it.markId}
                      onClick={() => scrollToMark(it.markId)}
                      className="rounded border border-line px-1.5 hover:bg-stone-50 disabled:opacity-50"
                      aria-label={`${g.label} 第 ${k + 1} 处（${positionText(it)}）：${itemVerdictText(it)}`}
                      data-verdict={it.verdict}
                    >
                      {positionText(it)}
                    </button>
                  ))}
                </div>
              )}
              <div className="flex items-center gap-3 border-t border-line px-3 py-1 pl-10 text-xs">
                <button
                  type="button"
                  aria-expanded={open.has(g.key)}
                  aria-controls={detailsId}
                  onClick={() => toggle(g.key)}
                  className="text-muted underline-offset-2 hover:text-ink hover:underline"
                  data-testid="panel-details-toggle"
                >
                  {open.has(g.key) ? "收起详情" : "详情"}
                  <span className="sr-only">：{g.label}</span>
                </button>
                {href && (
                  <Link href={href} prefetch={false} className="text-accent hover:underline">
                    {g.kind === "case" ? "案例详情" : "法规全文"}
                    <span className="sr-only">：{g.label}</span>
                  </Link>
                )}
              </div>
              {open.has(g.key) && (
                <div id={detailsId} className="border-t border-line px-3 py-3" data-testid="panel-details">
                  <CitationCard item={first} />
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
