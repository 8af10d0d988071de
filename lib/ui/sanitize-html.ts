/**
 * The only two ways server-produced HTML reaches the page, each through DOMPurify with a
 * closed allow-list:
 * - `sanitizeHighlighted`: the citation check's `highlighted_text` — SPAN elements only, the
 *   spec's four mark classes (other class tokens dropped) and data-* attributes; nothing else.
 * - `sanitizeEm`: the regulation search's highlight fragments — EM elements only, no attributes.
 * Disallowed elements are removed (their text kept, except script/style whose content goes too).
 * Runs in the browser only: without a DOM it returns "" so nothing unsafe is ever server-rendered.
 * Note: DOMPurify is unsafe under happy-dom; its tests run under jsdom.
 */
import DOMPurify, { type DOMPurify as Purifier } from "dompurify";

export const MARK_CLASSES = ["hl-statute-link", "hl-case-ref", "missing-ref", "case-hit"] as const;
export type MarkClass = (typeof MARK_CLASSES)[number];
const MARK_CLASS_SET = new Set<string>(MARK_CLASSES);

let highlightPurifier: Purifier | null = null;
let emPurifier: Purifier | null = null;

function windowOrNull(): (Window & typeof globalThis) | null {
  return typeof window === "undefined" ? null : window;
}

function getHighlightPurifier(): Purifier | null {
  if (highlightPurifier) return highlightPurifier;
  const win = windowOrNull();
  if (!win) return null;
  const p = DOMPurify(win);
  if (!p.isSupported) return null;
  p.addHook("uponSanitizeAttribute", (_node, data) => {
    if (data.attrName === "class") {
      const kept = data.attrValue.split(/\s+/).filter((c) => MARK_CLASS_SET.has(c));
      if (kept.length === 0) data.keepAttr = false;
      else data.attrValue = kept.join(" ");
    }
  });
  highlightPurifier = p;
  return p;
}

function getEmPurifier(): Purifier | null {
  if (emPurifier) return emPurifier;
  const win = windowOrNull();
  if (!win) return null;
  const p = DOMPurify(win);
  if (!p.isSupported) return null;
  emPurifier = p;
  return p;
}

const HIGHLIGHT_CONFIG = {
  ALLOWED_TAGS: ["span"],
  ALLOWED_ATTR: ["class"],
  ALLOW_DATA_ATTR: true,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

const EM_CONFIG = {
  ALLOWED_TAGS: ["em"],
  ALLOWED_ATTR: [] as string[],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
};

/** `highlighted_text` → safe HTML string (SPAN + mark classes + data-* only). */
export function sanitizeHighlighted(html: string): string {
  const p = getHighlightPurifier();
  if (!p) return "";
  return p.sanitize(html, { ...HIGHLIGHT_CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

/** `highlighted_text` → a sanitized DocumentFragment (for turning marks into React components). */
export function sanitizeHighlightedToFragment(html: string): DocumentFragment | null {
  const p = getHighlightPurifier();
  if (!p) return null;
  return p.sanitize(html, { ...HIGHLIGHT_CONFIG, RETURN_DOM_FRAGMENT: true });
}

/** A search highlight fragment → safe HTML string with only <em>. */
export function sanitizeEm(html: string): string {
  const p = getEmPurifier();
  if (!p) return "";
  return p.sanitize(html, { ...EM_CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

/** Mark classes present on an element's class attribute, in allow-list order. */
export function markClassesOf(className: string): MarkClass[] {
  const tokens = new Set(className.split(/\s+/));
  return MARK_CLASSES.filter((c) => tokens.has(c));
}
