/**
 * Parses one LawRefBook-style Markdown document (pure; no file access):
 *
 *   # 中华人民共和国民法典        ← title (first "# " line)
 *   # 合同编                      ← optional subtitle (split laws)
 *   2020年5月28日 …通过           ← header event lines
 *   <!-- INFO END -->
 *   ## 第一分编 通则              ← headings (编/章/节), any depth
 *   第四百六十三条 本编调整…       ← one article per paragraph line
 *   婚姻、收养…                   ← following paragraphs belong to the article (款/项)
 *
 * Paragraphs before the first article (preambles) and after a heading but before the next
 * article are kept as text blocks; nothing is dropped except blank/zero-width lines.
 */
import type { BodyBlock } from "../store/types";
import { clauseTidFromLabel } from "../text/numerals";

export const INFO_END = "<!-- INFO END -->";

/** An article label at the start of a paragraph, followed by whitespace or the end of line. */
const ARTICLE = /^(第[零〇一二两三四五六七八九十百千万0-9０-９]+条(?:之[一二三四五六七八九十]+)?)(?:[\s\u3000]+(.*))?$/;
const HEADING = /^(#{1,6})(?:\s+(.*))?$/;
const INVISIBLE = /[\u200b-\u200f\u2060\ufeff]/g;

export interface ParsedArticle {
  tid: string;
  ft_num: string;
  paragraphs: string[];
  /** Heading path, " / "-joined. */
  chapter: string;
}

export interface ParsedLawDoc {
  title: string;
  subtitle: string;
  /** Header event lines (promulgation history), trimmed, in order. */
  header: string[];
  blocks: BodyBlock[];
  articles: ParsedArticle[];
  /** Article labels that occurred more than once; later ones got tid "N#k". */
  duplicateArticles: number;
}

export type ParseResult = { ok: true; doc: ParsedLawDoc } | { ok: false; reason: string };

export interface ParseOptions {
  /** Heading path prefix for every article (民法典 parts: "第三编 合同"). */
  chapterPrefix?: string;
  /** Added to heading levels ("##" → 1 + offset). */
  headingLevelOffset?: number;
  /** tids already used by earlier parts of the same regulation. */
  usedTids?: Map<string, number>;
}

/** Cleans one line: no zero-width characters, no HTML comments, trimmed. */
export function cleanLine(line: string): string {
  return line.replace(INVISIBLE, "").replace(/<!--.*?-->/g, "").replace(/\s+$/, "").replace(/^[\s\u3000]+/, "");
}

function collapseSpaces(s: string): string {
  return s.replace(/[\s\u3000]+/g, " ").trim();
}

export function parseLawMarkdown(text: string, opts: ParseOptions = {}): ParseResult {
  if (text.trim() === "") return { ok: false, reason: "empty file" };
  const cut = text.indexOf(INFO_END);
  if (cut < 0) return { ok: false, reason: `no "${INFO_END}" header marker` };
  const headLines = text.slice(0, cut).split(/\r?\n/).map(cleanLine).filter((l) => l !== "");
  const titles = headLines.filter((l) => /^#\s/.test(l)).map((l) => collapseSpaces(l.slice(1)));
  const title = titles[0] ?? "";
  if (title === "") return { ok: false, reason: "no '# ' title line before the header marker" };
  const header = headLines.filter((l) => !l.startsWith("#"));

  const parsed = parseBody(text.slice(cut + INFO_END.length), opts);
  const body = parsed.articles.length === 0 && !opts.usedTids ? (numberedArticles(parsed.blocks) ?? parsed) : parsed;
  return { ok: true, doc: { title, subtitle: titles[1] ?? "", header, ...body } };
}

/** A numbered paragraph of a document written without 第…条 (1998 执行工作规定（试行）: 「18.被执行人…」). */
const NUMBERED = /^([0-9]{1,3})[.．、]\s*(\S.*)$/;
/** Fewest numbered paragraphs that make a document's articles. */
const MIN_NUMBERED = 10;

/**
 * Some judicial documents number their articles 1. 2. 3. … instead of 第一条 (the 1998 执行工作规定（试行）);
 * courts cite them as 第18条. When a document has no 第…条 and its numbered paragraphs run 1, 2, 3, … without
 * a restart (a restart means nested lists under 一、二、, which are not articles), each becomes article N
 * (ft_num 第N条), its following paragraphs its 款/项. Null when the document is not of that shape.
 */
export function numberedArticles(blocks: BodyBlock[]): { blocks: BodyBlock[]; articles: ParsedArticle[]; duplicateArticles: number } | null {
  let expect = 1;
  for (const b of blocks)
    if (b.kind === "text")
      for (const p of b.paragraphs) {
        const m = NUMBERED.exec(p);
        if (!m) continue;
        if (Number(m[1]) !== expect) return null;
        expect++;
      }
  if (expect - 1 < MIN_NUMBERED) return null;
  const out: BodyBlock[] = [];
  const articles: ParsedArticle[] = [];
  const path: string[] = [];
  let current: ParsedArticle | null = null;
  let text: string[] | null = null;
  for (const b of blocks) {
    if (b.kind !== "text") {
      if (b.kind === "heading") {
        path.length = Math.max(0, b.level - 1);
        path[b.level - 1] = b.text;
      }
      out.push(b);
      current = null;
      text = null;
      continue;
    }
    for (const p of b.paragraphs) {
      const m = NUMBERED.exec(p);
      if (m) {
        current = { tid: String(Number(m[1])), ft_num: `第${Number(m[1])}条`, paragraphs: [m[2]!], chapter: path.filter((x) => x).join(" / ") };
        articles.push(current);
        out.push({ kind: "clause", tid: current.tid, ft_num: current.ft_num, paragraphs: current.paragraphs });
        text = null;
      } else if (current) current.paragraphs.push(p);
      else {
        if (!text) {
          text = [];
          out.push({ kind: "text", paragraphs: text });
        }
        text.push(p);
      }
    }
  }
  return { blocks: out, articles, duplicateArticles: 0 };
}

function parseBody(bodyText: string, opts: ParseOptions) {
  const offset = opts.headingLevelOffset ?? 0;
  const used = opts.usedTids ?? new Map<string, number>();
  const blocks: BodyBlock[] = [];
  const articles: ParsedArticle[] = [];
  // heading stack indexed by markdown depth; the chapter path is its non-empty entries
  const stack: string[] = [];
  let current: ParsedArticle | null = null;
  let text: string[] | null = null;
  let duplicateArticles = 0;

  const chapterPath = () => [opts.chapterPrefix ?? "", ...stack].filter((s) => s).join(" / ");

  for (const raw of bodyText.split(/\r?\n/)) {
    const line = cleanLine(raw);
    if (line === "") continue;
    const h = HEADING.exec(line);
    if (h) {
      const depth = h[1]!.length;
      const heading = collapseSpaces(h[2] ?? "");
      current = null;
      text = null;
      if (heading === "") continue; // a bare "##" (民法典 附则) opens nothing
      stack.length = Math.max(0, depth - 1);
      stack[depth - 1] = heading;
      for (let i = 0; i < depth - 1; i++) stack[i] ??= "";
      blocks.push({ kind: "heading", level: Math.max(1, depth - 1) + offset, text: heading });
      continue;
    }
    const a = ARTICLE.exec(line);
    const tid = a ? clauseTidFromLabel(a[1]!) : null;
    if (a && tid !== null) {
      const seen = used.get(tid) ?? 0;
      used.set(tid, seen + 1);
      if (seen > 0) duplicateArticles++;
      const uniqueTid = seen > 0 ? `${tid}#${seen + 1}` : tid;
      const first = (a[2] ?? "").trim();
      current = { tid: uniqueTid, ft_num: a[1]!, paragraphs: first ? [first] : [], chapter: chapterPath() };
      articles.push(current);
      blocks.push({ kind: "clause", tid: uniqueTid, ft_num: current.ft_num, paragraphs: current.paragraphs });
      text = null;
      continue;
    }
    if (current) {
      current.paragraphs.push(line);
    } else {
      if (!text) {
        text = [];
        blocks.push({ kind: "text", paragraphs: text });
      }
      text.push(line);
    }
  }
  return { blocks, articles, duplicateArticles };
}
