"use client";
/**
 * `?text={tid}`: bring the article into view and move focus to it (screen readers announce
 * it). The highlight itself is server-rendered (class is-target), so it shows without JS.
 */
import { useEffect } from "react";

export function ScrollToArticle({ targetId }: { targetId: string }) {
  useEffect(() => {
    const el = document.getElementById(targetId);
    if (!el) return;
    el.scrollIntoView({ block: "start" });
    el.focus({ preventScroll: true });
  }, [targetId]);
  return null;
}
