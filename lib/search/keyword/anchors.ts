/**
 * Anchor text for the keyword search (issue 16): the words real legal writing uses when it cites
 * an article, like the anchor text of links in web search. A sentence that cites an article says
 * in its own words what the article is about: 「被告人…以非法占有为目的，采用暴力手段劫取他人财物，
 * 其行为触犯了《刑法》第二百六十三条…以抢劫罪…」, 「依照刑法第六十八条关于立功的规定，可以从轻…」,
 * 「企业所得税法第三条所称所得，包括…」. Those words (the claim) are stored per cited article and the
 * keyword search takes an article whose anchors match every part of the query in one citing
 * sentence as a candidate (search-clauses.ts withAnchorCandidates, lawyer-rank.ts W.ANCHOR*).
 *
 * Built at ingest by the build step "keyword-anchors" (lib/ingest/build-steps.ts) from what the
 * index holds:
 *   - every article of a current 法律 / 行政法规 / 司法解释 (ANCHOR_LEVELS) that cites another
 *     instrument's article (its own family's articles, 本法第X条, are how a law is built, not anchors);
 *   - every case (LeCaRD judgments, guiding cases, the LawRefBook 案例 write-ups): its text.
 * Citations are found by the citation check's extractor (lib/citations extractCitations), their
 * names resolved to a family and its current version's article as the authority counts do
 * (authority.ts resolverFor: the index's reg_aliases), and the sentence reduced to its own words by
 * the check's sentenceClaim (lib/citations/judge.ts: without the citations, party names and the
 * citing formula 依照…之规定 / 其行为触犯了 / 判决如下). A quotation (规定：“…”) is the article's own
 * text, not anchor text: left out. A sentence citing more than MAX_CITED articles (依照…第二百六十三条、
 * 第六十七条、第五十二条…判决如下) says nothing of any one of them: left out; so is an amending
 * sentence (将第X条修改为：“…”: the article's new wording).
 */
import type { BuildStep } from "@/lib/store/write-index";
import type { BuildTarget } from "@/lib/store/build-target";
import { extractCitations } from "@/lib/citations/extract-citations";
import { sentenceClaim } from "@/lib/citations/judge";
import { clauseLabelFromTid } from "@/lib/text/numerals";
import { resolverFor, type Resolver } from "./authority";

/** 效力级别 whose current articles' citations of other instruments are anchors (statute language). */
export const ANCHOR_LEVELS = ["法律", "行政法规", "司法解释"] as const;
/** A sentence citing more articles than this is a list (依照…判决如下): no anchor for any of them. */
export const MAX_CITED = 3;
/** An amending text's sentence (将第X条修改为：“…” / 增加一条): the article's new wording, not words about it. */
const AMENDS = /修改为|增加一条|增加一款|删去|删除/u;
/** Anchor text shorter than this (in characters) says nothing. */
const MIN_CHARS = 2;
/** Longest anchor text kept (a run-on sentence of a judgment). */
const MAX_CHARS = 300;
/** A text without a 第X条 holds no article citation (cheap pre-check before the extractor). */
const CITES_ARTICLE = /第[零〇一二两三四五六七八九十百千0-9]+条/u;
/** What is left of a citation after sentenceClaim: a 款 / 项 on its own, an item number, a list's joints. */
const LEFTOVER = /第[零〇一二两三四五六七八九十百千0-9]*[款项]|[（(][一二三四五六七八九十]+[)）]|^[、，,和及与或]+|[、，,和及与或]+$/gu;

export interface Anchor {
  cid: number;
  source: "text" | "case";
  text: string;
}

/**
 * The anchors one text gives: per citing sentence, the articles it cites (each resolved to the
 * current version's cid, other than `ownFamily`'s) and the sentence's own words.
 */
export function anchorsOf(text: string, r: Resolver, ownFamily: string | null, source: Anchor["source"]): Anchor[] {
  if (!CITES_ARTICLE.test(text)) return [];
  const ex = extractCitations(text, { isKnownName: (n) => r.family(n) !== null });
  const sentences = new Map<string, { start: number; end: number; cids: Set<number>; names: Set<string>; list: boolean }>();
  for (const s of ex.statutes) {
    if (!s.tid || s.quoted || /^(?:本|该|同|上述|前述)/u.test(s.nameRaw)) continue;
    const key = `${s.contentStart}:${s.contentEnd}`;
    let sen = sentences.get(key);
    if (!sen) sentences.set(key, (sen = { start: s.contentStart, end: s.contentEnd, cids: new Set(), names: new Set(), list: false }));
    sen.names.add(s.nameRaw);
    const family = r.family(s.name);
    const cid = family && family !== ownFamily ? r.cid(family, clauseLabelFromTid(s.tid)) : undefined;
    if (cid === undefined) continue;
    sen.cids.add(cid);
    if (sen.cids.size > MAX_CITED) sen.list = true;
  }
  const out: Anchor[] = [];
  for (const sen of sentences.values()) {
    if (sen.list || sen.cids.size === 0) continue;
    let s = text.slice(sen.start, sen.end);
    if (AMENDS.test(s)) continue;
    for (const n of sen.names) if (!n.startsWith("《")) s = s.split(n).join("，");
    const words = sentenceClaim(s).replace(LEFTOVER, "").replace(/[，,]{2,}/gu, "，").replace(/^[\s，,、。；;：:]+|[\s，,、；;：:]+$/gu, "").slice(0, MAX_CHARS);
    if (words.replace(/[^\p{Script=Han}A-Za-z0-9]/gu, "").length < MIN_CHARS) continue;
    for (const cid of sen.cids) out.push({ cid, source, text: words });
  }
  return out;
}

/** A case record's text (the stored JSON): its full text, else its sections. */
function caseText(data: string): string {
  const o = JSON.parse(data) as Record<string, unknown>;
  const s = (k: string) => (typeof o[k] === "string" ? (o[k] as string) : "");
  return s("full_text") || ["basic_facts", "judgment_key_points", "judgment_analysis", "judgment_result", "typical_significance", "case_commentary"].map(s).filter(Boolean).join("\n");
}

export function buildAnchors(db: BuildTarget): { anchors: number; articles: number; ms: number } {
  const t0 = performance.now();
  const r = resolverFor(db);
  const seen = new Set<string>();
  const rows: Array<[number, string, string]> = [];
  const add = (as: Anchor[]) => {
    for (const a of as) {
      const k = `${a.cid}|${a.text}`;
      if (seen.has(k)) continue;
      seen.add(k);
      rows.push([a.cid, a.source, a.text]);
    }
  };
  for (const [content, family] of db.currentClauseTexts(ANCHOR_LEVELS)) add(anchorsOf(content, r, family, "text"));
  for (const data of db.caseTexts()) add(anchorsOf(caseText(data), r, null, "case"));
  db.writeAnchors(rows);
  return { anchors: rows.length, articles: new Set(rows.map((x) => x[0])).size, ms: Math.round(performance.now() - t0) };
}

export const anchorBuildStep: BuildStep = {
  name: "keyword-anchors",
  run(db) {
    // KEYWORD_ANCHORS=0: no anchor tables (the search then has no anchors; for comparisons)
    if (process.env.KEYWORD_ANCHORS === "0") return;
    buildAnchors(db);
  },
};
