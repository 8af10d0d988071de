/**
 * Strict check: the output must be escaped text plus only <span class="…" data-…="…"> and
 * </span>, balanced, with the classes of the spec. Anything else (a tag, an attribute, a raw
 * quote or angle bracket) fails.
 */
const SPAN_OPEN = /^<span class="(hl-statute-link|missing-ref|hl-case-ref case-hit|hl-case-ref missing-ref)" data-extract-reg-id="[^"<>&]*(?:&[a-z]+;[^"<>&]*)*"(?: data-extract-reg-ids="[^"<>]*")? data-kind="(statute|case)">/;

export function assertOnlySpecSpans(html: string): string {
  let depth = 0;
  let plain = "";
  let i = 0;
  while (i < html.length) {
    if (html[i] === "<") {
      const rest = html.slice(i);
      const open = SPAN_OPEN.exec(rest);
      if (open) {
        depth++;
        if (depth > 1) throw new Error("nested span");
        i += open[0].length;
        continue;
      }
      if (rest.startsWith("</span>")) {
        depth--;
        if (depth < 0) throw new Error("unbalanced </span>");
        i += 7;
        continue;
      }
      throw new Error(`markup outside the spec spans at ${i}: ${rest.slice(0, 40)}`);
    }
    if (html[i] === ">" || html[i] === '"') throw new Error(`unescaped ${html[i]} at ${i}`);
    if (html[i] === "&" && !/^&(?:amp|lt|gt|quot|#39);/.test(html.slice(i))) throw new Error(`bare & at ${i}`);
    plain += html[i];
    i++;
  }
  if (depth !== 0) throw new Error("unclosed span");
  return plain.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
}
