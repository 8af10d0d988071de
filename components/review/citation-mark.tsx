"use client";
/**
 * One mark in the checked draft: coloured by verdict (and marked by a shape, see globals.css),
 * focusable, and opening a Radix hover card on hover or keyboard focus (Enter/Space toggles it,
 * Escape closes it). The card is rendered right after its mark (no portal), so Tab moves from
 * the mark into the card's links and on to the next mark; it stays open while focus is in it.
 */
import * as HoverCard from "@radix-ui/react-hover-card";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { MarkNode } from "@/lib/ui/review-model";
import { verdictOfMark } from "@/lib/ui/review-model";
import { VALIDITY_LABEL, VERDICT_HINT } from "@/lib/ui/verdict";
import { CitationCard } from "./citation-card";
import { verdictText } from "./verdict-badge";

export function CitationMark({ mark, children }: { mark: MarkNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const triggerRef = useRef<HTMLSpanElement | null>(null);
  // Radix makes a hover card's links untabbable (tabindex=-1) on every render; this card is meant
  // to be read by keyboard too, so its links are given back to the Tab order while it is open.
  const [contentEl, setContentEl] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    const el = contentEl;
    if (!el) return;
    const restore = () =>
      el.querySelectorAll('a[href][tabindex="-1"], button[tabindex="-1"]').forEach((n) => n.removeAttribute("tabindex"));
    restore();
    const mo = new MutationObserver(restore);
    mo.observe(el, { subtree: true, attributes: true, attributeFilter: ["tabindex"], childList: true });
    return () => mo.disconnect();
  }, [contentEl]);
  const attachContent = useCallback((el: HTMLDivElement | null) => {
    contentRef.current = el;
    setContentEl(el);
  }, []);
  const focusInCard = () => Boolean(contentRef.current && contentRef.current.contains(document.activeElement));
  const verdict = verdictOfMark(mark);
  const item = mark.item;
  const label = item
    ? `${item.label}：${verdictText(verdict, item.kind)}${item.validity ? `，${VALIDITY_LABEL[item.validity]}` : ""}`
    : `${mark.text}：${VERDICT_HINT[verdict]}`;
  const cardId = `card-${mark.id || item?.key || "x"}`;
  const span = (
    <span
      ref={triggerRef}
      id={mark.id || undefined}
      tabIndex={0}
      role="button"
      aria-label={label}
      aria-expanded={item ? open : undefined}
      aria-describedby={item && open ? cardId : undefined}
      className={`cite-mark ${mark.classes.join(" ")}`}
      data-verdict={verdict}
      data-validity={item?.validity ?? undefined}
      data-kind={item?.kind ?? (mark.classes.some((c) => c === "hl-case-ref" || c === "case-hit") ? "case" : "regulation")}
      data-item={item?.key}
      data-testid="cite-mark"
      onKeyDown={(e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          setOpen((o) => !o);
        } else if (e.key === "Escape") setOpen(false);
      }}
    >
      {children}
    </span>
  );
  if (!item) return span;
  return (
    <HoverCard.Root open={open} onOpenChange={(o) => (o || !focusInCard() ? setOpen(o) : undefined)} openDelay={250} closeDelay={200}>
      <HoverCard.Trigger asChild>{span}</HoverCard.Trigger>
      <HoverCard.Content
          ref={attachContent}
          onFocus={() => setOpen(true)}
          onBlur={(e) => {
            const next = e.relatedTarget as Node | null;
            if (next && (contentRef.current?.contains(next) || triggerRef.current === next)) return;
            setOpen(false);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              setOpen(false);
              triggerRef.current?.focus();
            }
          }}
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          id={cardId}
          aria-label={`${item.label} 详情`}
          avoidCollisions
          className="z-50 max-h-[min(32rem,var(--radix-hover-card-content-available-height))] w-[min(30rem,calc(100vw-24px))] overflow-y-auto whitespace-normal rounded-lg border border-line bg-white p-4 font-sans text-[14px] leading-normal shadow-xl"
          data-testid="hover-card"
        >
          <CitationCard item={item} compact />
          <HoverCard.Arrow className="fill-white" />
      </HoverCard.Content>
    </HoverCard.Root>
  );
}
