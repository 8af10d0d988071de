/**
 * Step 4 of the citation check: `highlighted_text`. The whole input is HTML-escaped; the only
 * markup in the result is one `<span>` per cited fragment:
 *
 *   <span class="hl-statute-link" data-extract-reg-id="…" data-kind="statute">《民法典》第五百七十七条</span>
 *
 * Classes:
 * - statute found (clause present, or name-only found):  `hl-statute-link`
 * - statute no-hit or clause missing:                     `missing-ref`
 * - case number found:                                    `hl-case-ref case-hit`
 * - case number not found:                                `hl-case-ref missing-ref`
 * Attributes: `data-extract-reg-id` (the entry's id; for fragments shared by several entries, e.g.
 * a range 第二十至二十三条, the first entry's id) and `data-extract-reg-ids` (all entries' ids,
 * space-separated), `data-kind` (statute | case). Attribute values are escaped.
 * Overlapping fragments: the earlier one wins; a later one that overlaps is clipped to the part
 * after it, or merged into it when nothing is left.
 */
import { escapeHtml } from "../text/normalize";

export interface Mark {
  start: number;
  end: number;
  id: string;
  kind: "statute" | "case";
  /** found: matched; false: no-hit / missing clause / unknown case. */
  found: boolean;
}

export function classFor(m: Pick<Mark, "kind" | "found">): string {
  if (m.kind === "case") return m.found ? "hl-case-ref case-hit" : "hl-case-ref missing-ref";
  return m.found ? "hl-statute-link" : "missing-ref";
}

interface Placed {
  start: number;
  end: number;
  marks: Mark[];
}

export function markText(text: string, marks: Mark[]): string {
  const sorted = marks
    .filter((m) => m.end > m.start && m.start >= 0 && m.end <= text.length)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const placed: Placed[] = [];
  for (const m of sorted) {
    const last = placed[placed.length - 1];
    if (last && m.start < last.end) {
      if (m.end <= last.end) {
        last.marks.push(m); // fully inside (or identical): shares the earlier span
        continue;
      }
      placed.push({ start: last.end, end: m.end, marks: [m] }); // clip
      continue;
    }
    placed.push({ start: m.start, end: m.end, marks: [m] });
  }
  let out = "";
  let pos = 0;
  for (const p of placed) {
    out += escapeHtml(text.slice(pos, p.start));
    const head = p.marks[0]!;
    const ids = [...new Set(p.marks.map((m) => m.id))];
    // a shared fragment shows as missing if any entry it stands for is missing
    const found = p.marks.every((m) => m.found);
    const cls = classFor({ kind: head.kind, found });
    out +=
      `<span class="${cls}" data-extract-reg-id="${escapeHtml(head.id)}"` +
      (ids.length > 1 ? ` data-extract-reg-ids="${escapeHtml(ids.join(" "))}"` : "") +
      ` data-kind="${head.kind}">` +
      escapeHtml(text.slice(p.start, p.end)) +
      "</span>";
    pos = p.end;
  }
  out += escapeHtml(text.slice(pos));
  return out;
}
