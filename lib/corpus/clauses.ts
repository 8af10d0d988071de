/**
 * Turns parsed articles into Clause rows. A document without 第…条 structure (决定,
 * interpretations numbered 一、二、…, guides) becomes one clause tid "0" holding its whole
 * text, so it can still be found and cited; its blocks keep the original layout.
 */
import type { BodyBlock, Clause } from "../store/types";
import type { ParsedArticle } from "./law-markdown";

export const WHOLE_TEXT_TID = "0";

export function buildClauses(fgid: string, articles: ParsedArticle[], blocks: BodyBlock[]): Clause[] {
  if (articles.length > 0) {
    return articles.map((a, ord) => ({
      id: `${fgid}_${a.tid}`,
      fgid,
      tid: a.tid,
      ord,
      ft_num: a.ft_num,
      content: a.paragraphs.join("\n"),
      chapter: a.chapter,
    }));
  }
  const text = blocks.flatMap((b) => (b.kind === "text" ? b.paragraphs : b.kind === "clause" ? b.paragraphs : []));
  if (text.length === 0) return [];
  return [{ id: `${fgid}_${WHOLE_TEXT_TID}`, fgid, tid: WHOLE_TEXT_TID, ord: 0, ft_num: "", content: text.join("\n"), chapter: "" }];
}

/** All readable text of a body (headings and paragraphs), for the regulation-level index. */
export function blocksText(blocks: BodyBlock[]): string {
  return blocks.map((b) => (b.kind === "heading" ? b.text : b.paragraphs.join("\n"))).join("\n");
}
