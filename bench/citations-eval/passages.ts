/**
 * Labelled citation set from real text (bench only; nothing of the corpus is copied into the repo).
 *
 * Reads the court judgments (LeCaRDv2) and the guiding cases (spc-guiding) from the corpus at bench
 * time, splits them into sentences (never inside 「」/“” quotations), finds every statute clause
 * citation written 《name》第X条[第Y款][第Z项], and classifies how the sentence uses it, by how it is
 * written:
 *
 *   quote        the clause's words follow in quotation marks (…第X条规定：“…”)
 *   pasted       the clause's text follows without quotation marks (…第X条规定，<text>): at least 12
 *                characters, no party or fact in them, and the clause's own wording (character-bigram
 *                containment ≥ PASTED_MIN in some version the index holds)
 *   restatement  text follows that states a rule in other words, with no party or fact in the sentence
 *   application  the sentence applies the article to facts (被告人…其行为触犯…, 原告…应当承担…)
 *   bare         a list saying nothing about content (依照……第X条之规定，判决如下; 相关法条 entries)
 *
 * Citations are presumed correct (courts' own). Each passage carries the document's reference date:
 * the judgment date (裁判结果's last ruling 「…年…月…日作出」, guiding cases) or the 案号 year as
 * yyyy-12-31 (LeCaRD records carry no date). Sampling is seeded and deterministic.
 */
import fs from "node:fs";
import path from "node:path";
import { parseLecardQuery } from "../../lib/corpus/lecard";
import { parseGuidingCase } from "../../lib/corpus/spc-guiding";
import { GUIDING_CASES, LECARD_DIR } from "../../lib/corpus/read-corpus";
import { NUMERAL_CHARS, clauseTidFromLabel, parseChineseNumber } from "../../lib/text/numerals";
import { rng } from "../../lib/search/semantic/linalg";
import { referenceDate, todayInChina } from "../../lib/citations/reference-date";
import type { CitationStore } from "../../lib/citations/types";

export const STYLES = ["quote", "pasted", "restatement", "application", "bare"] as const;
export type Style = (typeof STYLES)[number];

/** A whole source document (one judgment or guiding case). */
export interface SourceDoc {
  id: string;
  source: "lecardv2" | "spc-guiding" | "write-up" | "legislation";
  title: string;
  /** Text as one string (guiding cases: sections joined with blank lines). */
  text: string;
  /** yyyy-MM-dd the document is judged at, and where it came from. */
  referenceDate: string;
  dateBasis: "judgment_date" | "case_number_year" | "released" | "as_the_check_reads_it" | "in_force_date";
  /** Legislation: the instrument the text is from, every version (its own words are no evidence about the articles it cites). */
  ownFamily?: string;
  /** Guiding cases: the 相关法条 section (bare citations), else "". */
  relatedLaws: string;
}

/** A statute clause citation inside a passage. */
export interface PassageCitation {
  /** Law name as written, without 《》. */
  name: string;
  /** 第X条 as written (the part a swap replaces). */
  article: string;
  /** Canonical article id ("263", "120-1"). */
  tid: string;
  /** 款 / 项 cited, 0 when none. */
  paragraph: number;
  item: number;
  /** Offsets in the passage: start of 《, start and end of the 第X条 label, end of the whole citation. */
  start: number;
  articleStart: number;
  articleEnd: number;
  end: number;
}

export interface Passage {
  /** Stable id: doc id + sentence index + citation index. */
  id: string;
  docId: string;
  source: SourceDoc["source"];
  style: Style;
  text: string;
  cite: PassageCitation;
  referenceDate: string;
  dateBasis: SourceDoc["dateBasis"];
  /** The text the passage says about the clause (quote body, or the sentence after the citation); "" for bare. */
  claim: string;
  /** Offsets of `claim` in `text`. */
  claimStart: number;
  claimEnd: number;
}

// ---------------------------------------------------------------- documents

export function readSourceDocs(corpus: string): SourceDoc[] {
  const docs: SourceDoc[] = [];
  const lecard = path.join(corpus, LECARD_DIR);
  const seen = new Set<number>();
  for (const f of fs.readdirSync(lecard).filter((f) => f.endsWith(".json")).sort()) {
    for (const raw of fs.readFileSync(path.join(lecard, f), "utf8").split(/\r?\n/)) {
      if (!raw.trim()) continue;
      const o = JSON.parse(raw) as { id: number; query: string; fact?: string };
      if (seen.has(o.id)) continue;
      seen.add(o.id);
      const rec = parseLecardQuery(o.id, o.query, o.fact ?? "");
      const year = /^[（(](\d{4})[)）]/.exec(rec.case_number)?.[1];
      const closing = closingDate(o.query);
      if (!closing && !year) continue;
      docs.push({
        id: rec.id,
        source: "lecardv2",
        title: rec.name,
        text: o.query,
        referenceDate: closing ?? `${year}-12-31`,
        dateBasis: closing ? "judgment_date" : "case_number_year",
        relatedLaws: "",
      });
    }
  }
  for (const raw of fs.readFileSync(path.join(corpus, GUIDING_CASES), "utf8").split(/\r?\n/)) {
    if (!raw.trim()) continue;
    const line = JSON.parse(raw) as { number: number; title: string; released?: string; sections?: Record<string, string> };
    const rec = parseGuidingCase(line);
    const s = line.sections ?? {};
    const year = /^[（(](\d{4})[)）]/.exec(rec.case_number)?.[1];
    const date = rec.judgment_date || (year ? `${year}-12-31` : line.released ?? "");
    if (!date) continue;
    docs.push({
      id: rec.id,
      source: "spc-guiding",
      title: rec.name,
      text: ["裁判要点", "基本案情", "裁判结果", "裁判理由"].map((k) => s[k] ?? "").filter(Boolean).join("\n\n"),
      referenceDate: date,
      dateBasis: rec.judgment_date ? "judgment_date" : year ? "case_number_year" : "released",
      relatedLaws: s["相关法条"] ?? "",
    });
  }
  return docs;
}

/** The case write-ups' folder of LawRefBook (analyses written for readers: 案例分析, 典型意义, 法律依据). */
export const WRITE_UPS_DIR = "lawrefbook/案例";

/**
 * The 案例 write-ups (人社部/最高法 typical cases, 民法典 cases, 行政协议 cases): recent writing that applies,
 * restates and pastes articles as a lawyer's answer does. They carry no date of their own, as a lawyer's
 * pasted draft often does not: the reference date is the one the check itself reads from the whole text
 * (a date on its own line, 本判决于…作出, its 案号's year, else today). Markdown headings and the INFO marker
 * are dropped.
 */
export function readWriteUps(corpus: string): SourceDoc[] {
  const root = path.join(corpus, WRITE_UPS_DIR);
  const docs: SourceDoc[] = [];
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith(".md") && e.name !== "_index.md" ? [path.join(dir, e.name)] : []));
  for (const f of walk(root).sort()) {
    const raw = fs.readFileSync(f, "utf8");
    const title = /^#\s+(.+)$/m.exec(raw)?.[1]?.trim() ?? path.basename(f, ".md");
    const text = raw
      .split(/\r?\n/)
      .filter((l) => !/^#|^<!--|^---|^\w+:/.test(l.trim()))
      .join("\n")
      .trim();
    docs.push({
      id: `wu-${path.relative(root, f).replace(/\.md$/, "")}`,
      source: "write-up",
      title,
      text,
      referenceDate: referenceDate(text, undefined, todayInChina()).date,
      dateBasis: "as_the_check_reads_it",
      relatedLaws: "",
    });
  }
  return docs;
}

/** Kinds of instrument whose articles cite other instruments' articles in statute language. */
const LEGISLATION_LEVELS = new Set(["法律", "行政法规", "司法解释"]);
/** Another instrument's article named in an article's text (刑法第六十八条, 《民法典》第五百八十五条), not 本法 / 本解释. */
const CITES_ANOTHER = new RegExp(`(?<!本)(?:法|条例|规定|解释|办法|细则)》?\\s*第[${NUMERAL_CHARS}]+条`);
/** Titles that only amend or decide (修正案, 关于修改…的决定): their text is another law's new wording, not a citation of it. */
const AMENDING = /修正案|决定|修改/;

/**
 * The legislation set: every article of a current 法律, 行政法规 or 司法解释 in the index that cites another
 * instrument's article (依照刑法第六十八条关于立功的规定，可以从轻…; 债权人申请支付令，适用民事诉讼法第二十二条规定…).
 * These are the legislator's own citations, restated and applied in statute language as a lawyer's answer or an
 * LLM writes them. Each article is one document, dated at its instrument's effective date; a re-adopted
 * interpretation may keep a number its law has since changed (反不正当竞争法 第五条 in the 2020 re-adoption), so
 * an alarm on these citations is an upper bound on false alarms.
 */
export function readLegislation(store: CitationStore): SourceDoc[] {
  const docs: SourceDoc[] = [];
  if (!store.getRegulation) return docs;
  const seen = new Set<string>();
  for (const t of [...store.listTitles()].sort((a, b) => a.fgid.localeCompare(b.fgid))) {
    if (AMENDING.test(t.fgmc)) continue;
    const reg = store.getRegulation(t.fgid);
    if (!reg || reg.sxx !== "现行有效" || !LEGISLATION_LEVELS.has(reg.xljb_1) || !reg.has_fulltext) continue;
    for (const c of store.getClauses(reg.fgid)) {
      if (!CITES_ANOTHER.test(c.content) || seen.has(c.content)) continue;
      seen.add(c.content);
      docs.push({
        id: `leg-${reg.fgmc}#${c.tid}`,
        source: "legislation",
        title: `${reg.fgmc}${c.ft_num}`,
        text: c.content,
        referenceDate: reg.ssrq || reg.fbrq,
        dateBasis: "in_force_date",
        relatedLaws: "",
        ownFamily: reg.family,
      });
    }
  }
  return docs.filter((d) => d.referenceDate);
}

/** 「本判决于…年…月…日作出」 or a bare date in the last 80 characters (a judgment's 落款), as yyyy-MM-dd. */
function closingDate(text: string): string | null {
  const tail = text.slice(-80);
  const m = /([0-9]{4}|[〇零一二三四五六七八九]{4})年([0-9]{1,2}|[一二三四五六七八九十]{1,3})月([0-9]{1,2}|[一二三四五六七八九十]{1,3})日\s*$/.exec(tail);
  if (!m) return null;
  const y = /^\d+$/.test(m[1]!) ? Number(m[1]) : Number(Array.from(m[1]!).map((c) => (c === "〇" ? 0 : parseChineseNumber(c))).join(""));
  const mo = /^\d+$/.test(m[2]!) ? Number(m[2]) : parseChineseNumber(m[2]!);
  const d = /^\d+$/.test(m[3]!) ? Number(m[3]) : parseChineseNumber(m[3]!);
  if (!mo || !d) return null;
  return `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

// ---------------------------------------------------------------- sentences and citations

/** Splits at 。！？；and line breaks, never inside 「」 / “” / "" quotations. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of text) {
    if (ch === "「" || ch === "“") depth++;
    else if ((ch === "」" || ch === "”") && depth > 0) depth--;
    if (ch === "\n" && depth === 0) {
      if (cur.trim()) out.push(cur.trim());
      cur = "";
      continue;
    }
    cur += ch;
    if (depth === 0 && /[。！？；]/.test(ch)) {
      if (cur.trim()) out.push(cur.trim());
      cur = "";
    }
    if (cur.length > 600) depth = 0; // an unbalanced quotation mark must not swallow the document
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

const N = `[${NUMERAL_CHARS}]+`;
const CITE = new RegExp(
  `《([^《》\\n]{2,60})》(?:[（(][^（）()]{2,20}[)）])?(第${N}条(?:之[一二三四五六七八九十]+)?)(?:第(${N})款)?(?:第(${N})项)?`,
  "g",
);
const LAW_SHAPE = /(?:法典|法|条例|规定|解释|办法|细则|决定|规则|批复|修正案|宪法)(?:[（(][一二三四五六七八九十]+[)）])?$/;

export function findCitations(sentence: string): PassageCitation[] {
  const out: PassageCitation[] = [];
  for (const m of sentence.matchAll(CITE)) {
    const name = m[1]!.trim();
    if (!LAW_SHAPE.test(name)) continue;
    const tid = clauseTidFromLabel(m[2]!);
    if (!tid) continue;
    const articleStart = m.index! + m[0].indexOf(m[2]!, m[1]!.length + 2);
    out.push({
      name,
      article: m[2]!,
      tid,
      paragraph: m[3] ? (parseChineseNumber(m[3]) ?? 0) : 0,
      item: m[4] ? (parseChineseNumber(m[4]) ?? 0) : 0,
      start: m.index!,
      articleStart,
      articleEnd: articleStart + m[2]!.length,
      end: m.index! + m[0].length,
    });
  }
  return out;
}

// ---------------------------------------------------------------- styles

const FACTS =
  /被告|原告|上诉人|申请人|被申请人|被执行人|申诉人|第三人|罪犯|本案|其行为|该行为|涉案|案涉|某|公司|公诉机关|指控|应予|不予|予以支持|予以采纳|犯[^，。；]{1,12}罪|构成[^，。；]{0,12}罪|判处|追究|合同约定|双方/;
const LIST_TAIL = new RegExp(
  `^(?:(?:[、，,和及与以]|以及)\\s*(?:《[^《》]{2,60}》)?(?:第${N}条(?:之[一二三四五六七八九十]+)?)?(?:第${N}[款项])*)*\\s*(?:之|的)?(?:规定|相关规定)?`,
);

/** The quotation right after the citation (规定：“…” / 「…」), with its offsets in `sentence`. */
function quoteAfter(sentence: string, end: number): { start: number; end: number } | null {
  const m = /^(?:第[^，。；]{1,12}[款项])*(?:的|中|明确|亦|也|同时)?(?:规定|明确规定|载明)?(?:的)?\s*[:：，,]?\s*([“「])/.exec(sentence.slice(end));
  if (!m) return null;
  const open = end + m[0].length;
  const close = sentence.indexOf(m[1] === "「" ? "」" : "”", open);
  if (close < 0 || close - open < 6) return null;
  return { start: open, end: close };
}

/** Character-bigram containment of `a` in `b` (share of a's bigrams found in b). */
export function containment(a: string, b: string): number {
  const clean = (s: string) => s.replace(/[\s，。；：、,.;:“”「」（）()《》]/g, "");
  const ca = clean(a);
  const cb = clean(b);
  if (ca.length < 2) return 0;
  const set = new Set<string>();
  for (let i = 0; i + 1 < cb.length; i++) set.add(cb.slice(i, i + 2));
  let hit = 0;
  for (let i = 0; i + 1 < ca.length; i++) if (set.has(ca.slice(i, i + 2))) hit++;
  return hit / (ca.length - 1);
}

export const PASTED_MIN = 0.8;

/**
 * How `sentence` uses citation `c`. `clauseTexts` gives the cited article's text in every version the
 * index holds (for telling pasted text from a restatement); [] when unknown.
 */
export function classify(sentence: string, c: PassageCitation, clauseTexts: string[]): { style: Style; claimStart: number; claimEnd: number } {
  const q = quoteAfter(sentence, c.end);
  if (q) return { style: "quote", claimStart: q.start, claimEnd: q.end };
  const rest = sentence.slice(c.end);
  const list = LIST_TAIL.exec(rest)?.[0] ?? "";
  const afterStart = c.end + list.length;
  const lead = /^[\s，,:：]*/.exec(sentence.slice(afterStart))![0].length;
  const claimStart = afterStart + lead;
  const after = sentence.slice(claimStart).replace(/[。；！？]$/, "");
  const claimEnd = claimStart + after.length;
  const before = sentence.slice(0, c.start);
  if (/判决如下|裁定如下|决定如下|判决：|裁定：|^$/.test(after) || /^(?:判决|裁定|决定)/.test(after)) {
    // 依照…之规定，判决如下 / a citation ending its sentence after 依照…规定
    if (/(?:依照|依据|根据|按照|适用)[^，。；]*$/.test(before) && !FACTS.test(after)) return { style: "bare", claimStart: 0, claimEnd: 0 };
    if (!after) return FACTS.test(before) ? { style: "application", claimStart: 0, claimEnd: c.start } : { style: "bare", claimStart: 0, claimEnd: 0 };
    return { style: "bare", claimStart: 0, claimEnd: 0 };
  }
  if (after.length >= 12 && !FACTS.test(after) && clauseTexts.some((t) => containment(after, t) >= PASTED_MIN)) return { style: "pasted", claimStart, claimEnd };
  if (FACTS.test(sentence)) return { style: "application", claimStart, claimEnd };
  return { style: "restatement", claimStart, claimEnd };
}

// ---------------------------------------------------------------- the set

/** Deterministic PRNG (mulberry32): the one the semantic build uses. */
export const prng = rng;

export function shuffle<T>(xs: T[], rand: () => number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/**
 * Every citation passage of the documents, classified. `clauseTexts(name, tid)` returns the cited
 * article's text in each version the index holds ([] when the law or article is unknown).
 */
export function buildPassages(docs: SourceDoc[], clauseTexts: (name: string, tid: string) => string[]): Passage[] {
  const out: Passage[] = [];
  for (const doc of docs) {
    const parts: { text: string; bareOnly: boolean }[] = [
      ...splitSentences(doc.text).map((s) => ({ text: s, bareOnly: false })),
      ...doc.relatedLaws.split(/\n+/).map((s) => s.trim()).filter(Boolean).map((s) => ({ text: s, bareOnly: true })),
    ];
    parts.forEach((p, si) => {
      if (p.text.length > 500) return; // a run-on paragraph is not a passage
      findCitations(p.text).forEach((c, ci) => {
        const k = p.bareOnly ? { style: "bare" as const, claimStart: 0, claimEnd: 0 } : classify(p.text, c, clauseTexts(c.name, c.tid));
        out.push({
          id: `${doc.id}#${si}.${ci}`,
          docId: doc.id,
          source: doc.source,
          style: k.style,
          text: p.text,
          cite: c,
          referenceDate: doc.referenceDate,
          dateBasis: doc.dateBasis,
          claim: p.text.slice(k.claimStart, k.claimEnd),
          claimStart: k.claimStart,
          claimEnd: k.claimEnd,
        });
      });
    });
  }
  return out;
}

/** A seeded sample of at most `perStyle` passages of each style (at most `perDoc` per document and style). */
export function samplePassages(all: Passage[], perStyle: number, seed: number, perDoc = 3): Passage[] {
  const rand = prng(seed);
  const out: Passage[] = [];
  for (const style of STYLES) {
    const taken = new Map<string, number>();
    for (const p of shuffle(
      all.filter((p) => p.style === style),
      rand,
    )) {
      if (out.filter((o) => o.style === style).length >= perStyle) break;
      const k = taken.get(p.docId) ?? 0;
      if (k >= perDoc) continue;
      taken.set(p.docId, k + 1);
      out.push(p);
    }
  }
  return out;
}
