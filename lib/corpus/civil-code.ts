/**
 * 民法典 is stored as 8 files (总则, 物权编, …, 附则) but is one regulation with 1,260
 * articles. Parts are ordered by the DB `order` column; each part's 编 heading is derived
 * from its subtitle (合同编 → "第三编 合同") and prefixed to every chapter path.
 */
import type { BodyBlock } from "../store/types";
import { toChineseNumber } from "../text/numerals";
import { buildClauses } from "./clauses";
import { parseLawMarkdown, type ParsedArticle } from "./law-markdown";
import type { FileContext } from "./lawrefbook-meta";
import { toRecord } from "./lawrefbook-record";
import { stableId } from "./read-text";
import type { CorpusProblem, RegulationRecord } from "./types";

export interface CivilCodePart {
  ctx: FileContext;
  text: string;
}

/** The official order, used when a part has no DB row. */
const OFFICIAL_ORDER = ["总则", "物权编", "合同编", "人格权编", "婚姻家庭编", "继承编", "侵权责任编", "附则"];

function partRank(p: CivilCodePart): number {
  const i = OFFICIAL_ORDER.indexOf(p.ctx.stem);
  return p.ctx.row ? p.ctx.row.order : 1000 + (i < 0 ? 99 : i);
}

export function mergeCivilCode(parts: CivilCodePart[]): {
  record: RegulationRecord | null;
  problems: CorpusProblem[];
  duplicateArticles: number;
} {
  const problems: CorpusProblem[] = [];
  const usedTids = new Map<string, number>();
  const blocks: BodyBlock[] = [];
  const articles: ParsedArticle[] = [];
  let first: { ctx: FileContext; title: string; header: string[] } | null = null;
  let duplicateArticles = 0;
  let bookNo = 0;
  for (const part of [...parts].sort((a, b) => partRank(a) - partRank(b))) {
    // peek at the subtitle first so the 编 heading can prefix every chapter path
    const probe = parseLawMarkdown(part.text);
    if (!probe.ok) {
      problems.push({ path: part.ctx.relPath, kind: "unparsed", reason: probe.reason });
      continue;
    }
    const partName = probe.doc.subtitle || part.ctx.stem;
    const book = partName.endsWith("编") || partName === "总则" ? `第${toChineseNumber(++bookNo)}编 ${partName.replace(/编$/, "")}` : partName;
    const parsed = parseLawMarkdown(part.text, { chapterPrefix: book, headingLevelOffset: 1, usedTids });
    if (!parsed.ok) continue;
    first ??= { ctx: part.ctx, title: parsed.doc.title, header: parsed.doc.header };
    duplicateArticles += parsed.doc.duplicateArticles;
    blocks.push({ kind: "heading", level: 1, text: book }, ...parsed.doc.blocks);
    articles.push(...parsed.doc.articles);
  }
  if (!first) return { record: null, problems, duplicateArticles };
  const doc = { title: first.title, subtitle: "", header: first.header, blocks, articles, duplicateArticles };
  // the parts' DB rows have no publish date; the header's 通过 date identifies the version
  const probe = toRecord({ ...first.ctx, row: null, relPath: "lawrefbook/民法典/" }, doc, "");
  const fgid = stableId(`lawrefbook:民法典:${probe.reg.fbrq}`);
  const rec = toRecord({ ...first.ctx, row: null, relPath: "lawrefbook/民法典/" }, doc, fgid);
  rec.clauses = buildClauses(fgid, articles, blocks);
  rec.aliases.push("民法典");
  return { record: rec, problems, duplicateArticles };
}
