/**
 * The judge step over a whole draft: for every resolved citation, what the draft says about the
 * article (judge.ts), with what only the whole draft knows — the other articles of the same list
 * or sentence, the other laws the draft cites, the versions of the law — and a work budget.
 *
 * - A list or range sharing one quotation (第二十至二十三条规定：“…”) is compared once with its
 *   articles joined (at most MAX_JOINED); the verdict is shared.
 * - A clause number the law lacks (clause_missing): a quotation may be the same number of another
 *   version (reported as that version), else the claim is located in the law (`wrong_clause`).
 * - A repealed law the index does not hold (合同法 …): the claim is located in the law that
 *   replaced it, so `replaced_by` names the article carrying the content now.
 * - Identical judgments (the same article and claim cited twice) are made once.
 * - Work budget: at most `comparisons` full comparisons for wrong-number searches in all, and
 *   nothing more is judged after `deadlineAt` (those entries are marked `deadline`).
 */
import { colloquialThesaurus, conceptTable } from "./colloquial";
import type { Clause } from "../store/types";
import { clauseLabelFromTid } from "../text/numerals";
import { GENERIC_SPREAD, judge, locateClaim, sentenceClaim, type Judgment, type LawRef } from "./judge";
import { LruMap } from "../text/lru-map";
import { compareQuote } from "./compare-quote";
import { diceSimilarity } from "./similarity";
import { bestSupport, claimTerms, judgeable, termText, type LawIndex } from "./law-index";
import { crimeTableOf } from "./crime-names";
import { lawIndexFor } from "./law-index";
import { clausesOf, detailUrl, familiesFor, findReplacement, type Resolution, type ResolveContext } from "./resolve-citation";
import { readableJudgment } from "./readable-phrases";
import { relatedTitles } from "./related-titles";
import type { CitationStore, ExtractedStatute, WrongClause } from "./types";

/** Below this similarity to the cited article a mismatch may be the article's old number (see renumberedCaveat). */
export const RENUMBER_SIMILARITY = 0.6;

/** A list or range sharing one quotation is compared with at most this many articles joined. */
export const MAX_JOINED = 10;
/**
 * Another article of the same law cited within this many characters of a citation is "cited elsewhere" for the judge step:
 * an article the draft is weighing is not the one a sentence meant. Cited further away (another part of a long judgment)
 * it no longer keeps a wrong number silent: courts' restatement swaps in context 38.9 → 40.0 %,
 * no new alarm on the three sets' whole documents (150 characters let one in: 食品安全法 第六十七条 and 第一百四十八条
 * weighed three sentences apart).
 */
export const CITED_NEAR = 400;

export interface Judged {
  ex: ExtractedStatute;
  /** The resolution, with the version switched when the claim matches another version. */
  res: Resolution;
  judgment: Judgment | null;
  /** Not judged: the request's deadline had passed. */
  deadline: boolean;
}

export interface JudgeBudget {
  deadlineAt: number;
  comparisons: number;
}

export function judgeCitations(text: string, resolved: { ex: ExtractedStatute; res: Resolution }[], ctx: ResolveContext, budget: JudgeBudget): Judged[] {
  const refOf = (fgid: string, reg: Resolution["regulation"]): LawRef => ({ regulation: reg!, index: lawIndexFor(ctx.store, fgid, () => clausesOf(fgid, ctx)) });
  const url = (fgid: string, tid: string) => detailUrl(fgid, tid);
  const shared = { comparisons: budget.comparisons };
  const colloquial = colloquialThesaurus();
  const concepts = conceptTable();

  // the laws the draft cites (one chosen version each), for claims that belong to another law
  const citedLaws = new Map<string, Resolution["regulation"]>();
  for (const { res } of resolved) if (res.regulation?.has_fulltext && res.status !== "no_fulltext") citedLaws.set(res.regulation.family, res.regulation);

  const groups = new Map<number, { ex: ExtractedStatute; res: Resolution }[]>();
  for (const r of resolved) {
    const g = groups.get(r.ex.group);
    if (g) g.push(r);
    else groups.set(r.ex.group, [r]);
  }
  const memo = new Map<string, Judgment>();
  const out: Judged[] = [];

  for (const { ex, res } of resolved) {
    if (performance.now() > budget.deadlineAt) {
      out.push({ ex, res, judgment: null, deadline: !!ex.tid && (res.status === "found" || res.status === "clause_missing") });
      continue;
    }
    const reg = res.regulation;
    const otherVersions = () => res.versions.filter((v) => v.has_fulltext && v.fgid !== reg?.fgid).map((v) => refOf(v.fgid, v));
    const otherLaws = () => [...citedLaws.values()].filter((r) => r && r.family !== reg?.family).map((r) => refOf(r!.fgid, r));
    // the whole-index search costs the request's comparison budget too (two index queries at most)
    const lawsHolding = (claim: string, minChars?: number) => {
      if (shared.comparisons <= 0) return [];
      shared.comparisons -= ANYWHERE_COST;
      return holding(claim, ctx, new Set([reg?.family ?? "", ...citedLaws.keys()]), ex.name, minChars).map((r) => refOf(r.fgid, r));
    };

    if (res.status === "found" && reg && res.clause && ex.tid) {
      const peers = (groups.get(ex.group) ?? []).filter((p) => p.res.clause && p.res.regulation?.family === reg.family);
      const sameSentence = resolved.filter((p) => p.ex.contentStart === ex.contentStart && p.res.regulation?.family === reg.family);
      const siblings = [...new Set([...peers, ...sameSentence].map((p) => p.ex.tid).filter((t) => t && t !== ex.tid))];
      const distinct = [...new Map(peers.map((p) => [p.res.clause!.tid, p.res.clause!])).values()];
      const joined = ex.quoted && distinct.length > 1 && distinct.length <= MAX_JOINED && !ex.paragraph;
      const clause: Clause = joined ? { ...res.clause, content: distinct.map((c) => c.content).join("\n") } : res.clause;
      const key = `${reg.fgid}\u0000${clause.tid}\u0000${joined ? 1 : 0}\u0000${ex.paragraph ?? 0}\u0000${ex.item ?? 0}\u0000${ex.quoted ? ex.claim : `${ex.contentStart}:${ex.chainEnd}`}`;
      let j = memo.get(key);
      if (!j) {
        j = judge({
          text,
          ex,
          law: refOf(reg.fgid, reg),
          clause,
          otherVersions: joined ? () => [] : otherVersions,
          otherLaws: joined ? () => [] : otherLaws,
          lawsHolding: joined ? undefined : lawsHolding,
          siblings,
          // the articles of the law cited near this one (a discussion weighs them against each other; one cited pages away says nothing of this sentence)
          citedTids: [...new Set(resolved.filter((p) => p.res.regulation?.fgid === reg.fgid && p.ex.tid && p.ex.tid !== ex.tid && Math.abs(p.ex.start - ex.start) <= CITED_NEAR).map((p) => p.ex.tid!))],
          // a list counts every article the sentence cites, whatever the law (依照《刑法》…、《解释》第四条之规定)
          listSize: Math.max((groups.get(ex.group) ?? []).length, resolved.filter((p) => p.ex.contentStart === ex.contentStart && p.ex.tid).length),
          url,
          budget: joined ? { comparisons: 0 } : shared,
          crimes: isCriminalLaw(reg.fgmc) ? crimeTableOf(ctx.store) : null,
          spread: (phrase) => phraseSpreadOf(ctx.store, phrase),
          colloquial,
          concepts,
          textAsOfDate: !!res.textAsOfDate,
        });
        memo.set(key, j);
      }
      // a mismatch of content (a wrong number) may be old numbering — unless the words are found at an
      // article no revision could have moved them from the cited number; an altered detail of the same
      // article may be the revision itself
      // (even when another law now holds the words: a revision may have moved them there — 商标法实施条例
      // (2002) 第四十九条 is 商标法 (2013) 第五十九条 today)
      if (res.renumbered && !j.switchTo && j.compare.结论 === "不一致") {
        if (!j.wrongClause) {
          const revised = revisedFarAway(j, ex, refOf(reg.fgid, reg), url, shared);
          if (revised) j = { ...j, wrongClause: revised };
        }
        j = tooFarForOldNumbering(j, ex, refOf(reg.fgid, reg).index) || inUnrelatedLaw(j, reg.fgmc) ? farFromOldNumbering(j, res, ex) : renumberedCaveat(j, res, ex, !!j.wrongClause || (j.compare.语义相似度 ?? 0) < RENUMBER_SIMILARITY);
      }
      // a sentence's words found at a nearby article of a version re-adopted after the draft's date: the
      // re-adoption may have renumbered it (查封规定 第二十三条 (2004) is 第二十一条 since 2021), and a
      // restatement or application is weaker evidence than a quote's words
      if (!res.renumbered && res.readopted && !j.switchTo && j.compare.结论 === "不一致" && (j.style === "restatement" || j.style === "application") && j.wrongClause?.scope === "same_version" && ex.tid && mayBeReadoptedNumber(ex.tid, j.wrongClause.tid)) {
        j = renumberedCaveat(j, { ...res, renumbered: `现有版本系「${res.readopted}」的文本，晚于文书日期` }, ex, true);
      }
      // a quote or pasted text unlike today's article, which a 修正案 changed after the draft's date: the draft read the text before it
      if (!res.renumbered && res.amendedBy && !j.switchTo && !j.wrongClause && (j.style === "quote" || j.style === "pasted") && (j.compare.结论 === "部分一致" || (j.compare.结论 === "不一致" && (j.compare.语义相似度 ?? 0) >= RENUMBER_SIMILARITY))) {
        j = amendedCaveat(j, res, res.amendedBy, ex);
      }
      // a quote unlike the article, found nowhere held: an older version whose text the index lacks may hold it
      if (!res.renumbered && !j.switchTo && !j.wrongClause && j.compare.结论 === "不一致" && (j.style === "quote" || j.style === "pasted") && (j.compare.语义相似度 ?? 0) < RENUMBER_SIMILARITY) {
        const older = olderWithoutText(res.versions, reg);
        if (older) j = olderTextHint(j, older, ex);
      }
      const moved = j.switchTo ? switched(res, j, ctx, claimOf(text, ex)) : res;
      out.push({ ex, res: moved, judgment: j.switchTo ? outdatedNumber(j, res, moved) : j, deadline: false });
      continue;
    }

    if (res.status === "clause_missing" && reg && ex.tid) {
      const claim = claimOf(text, ex);
      const wrong = claim
        ? locateClaim({ claim, quoted: ex.quoted, tries: [{ ref: refOf(reg.fgid, reg), scope: "same_version" }, ...otherVersions().map((ref) => ({ ref, scope: "other_version" as const }))], url, budget: shared })
        : null;
      // the same number in another version holding the quoted text: that version is meant
      if (wrong && wrong.scope === "other_version" && wrong.tid === ex.tid) {
        const v = res.versions.find((x) => x.fgid === wrong.fgid)!;
        const c = clausesOf(v.fgid, ctx).find((x) => x.tid === ex.tid)!;
        const r2: Resolution = { ...res, status: "found", regulation: v, clause: c };
        const j = judge({ text, ex, law: refOf(v.fgid, v), clause: c, otherVersions: () => [], otherLaws: () => [], siblings: [], listSize: 1, url, budget: shared });
        out.push({ ex, res: switched(r2, { ...j, switchTo: { law: refOf(v.fgid, v), clause: c, compare: { ...j.compare, coverage: 1 } } }, ctx, claim), judgment: j, deadline: false });
        continue;
      }
      // old numbering explains a missing number only when the quote's article could once have had it (mayBeOldNumber)
      const oldNumber = res.renumbered && (!wrong || !ex.quoted || mayBeOldNumber(ex.tid, wrong.tid)) ? res.renumbered : null;
      out.push({ ex, res, judgment: wrong ? missingWithWrong(ex, wrong, oldNumber) : null, deadline: false });
      continue;
    }

    if (res.status === "repealed_not_in_corpus" && res.replacedBy?.fgid && ex.tid) {
      const claim = claimOf(text, ex);
      const fam = familiesFor(res.replacedBy.fgmc, ctx)[0];
      const cur = fam?.versions.find((v) => v.fgid === res.replacedBy!.fgid);
      const where = claim && cur ? locateClaim({ claim, quoted: ex.quoted, tries: [{ ref: refOf(cur.fgid, cur), scope: "other_law" }], url, budget: shared }) : null;
      if (where) {
        const replacedBy = {
          ...res.replacedBy,
          tid: where.tid,
          clause: where.clause,
          content: where.content,
          url: where.url,
          similarity: where.similarity,
          note: `${res.replacedBy.note}；${ex.quoted ? "引文" : "所述内容"}现见于《${where.fgmc}》${where.clause}（相似度 ${where.similarity}）。`,
        };
        out.push({ ex, res: { ...res, replacedBy }, judgment: null, deadline: false });
        continue;
      }
    }
    out.push({ ex, res, judgment: null, deadline: false });
  }
  return out.map((o) => (o.judgment ? { ...o, judgment: readableJudgment(o.judgment, text, o.ex) } : o));
}

/** The 刑法 (any version): its articles are applied by naming the crime. */
function isCriminalLaw(title: string): boolean {
  return title.replace(/\s+/g, "") === "中华人民共和国刑法";
}

/** What the draft says about a citation: the quote, else the carrying sentence without its citations. */
function claimOf(text: string, ex: ExtractedStatute): string {
  if (ex.quoted) return ex.claim;
  return sentenceClaim(text.slice(ex.contentStart, ex.contentEnd));
}

function missingWithWrong(ex: ExtractedStatute, wrong: WrongClause, renumbered: string | null): Judgment {
  // the draft predates a revision: the number may be the old one (its version is not held)
  const text = renumbered
    ? `所引${ex.clause}在该版本中不存在；${/晚于文书日期$/.test(renumbered) ? renumbered : `文书日期早于该法规此后的修改（${renumbered}）`}，条文序号可能已变动，现行版本该内容在${wrong.clause}`
    : `所引${ex.clause}不存在；所述内容见于${wrong.clause}，疑似条号错误`;
  return {
    style: ex.quoted ? "quote" : "restatement",
    claimText: ex.quoted ? ex.claim : "",
    compare: {
      结论: "无法判断",
      语义相似度: null,
      说明: `${text}。`,
      要点: [text],
      engine: "builtin-rules-v1",
      差异: [{ kind: "scope", source: wrong.clause, quote: ex.clause, text }],
      依据: [],
    },
    wrongClause: wrong,
    switchTo: null,
    scope: null,
  };
}

/**
 * The draft predates a revision that may have renumbered the law, and the index lacks the version
 * in force at its date: a mismatch with today's article at that number proves nothing about the
 * draft. 不一致 becomes 无法判断, saying so, and where the content is now stays as a hint.
 */
export function renumberedCaveat(j: Judgment, res: Resolution, ex: ExtractedStatute, renumbering = true): Judgment {
  const reg = res.regulation!;
  const w = j.wrongClause;
  const now = !w ? "" : w.scope === "other_law" ? `；该内容现见于《${w.fgmc}》${w.clause}` : `；现行版本该内容在${w.clause}`;
  const what = renumbering ? `条文序号可能已变动，无法按文书日期核对${ex.clause}${now}` : `与该版本的差异（${j.compare.要点.slice(0, 2).join("；") || "见要点"}）可能来自修订，无法按文书日期核对${ex.clause}`;
  // res.renumbered is either an amendment's header line or already a sentence (…起施行，晚于文书日期)
  const why = /晚于文书日期$/.test(res.renumbered ?? "") ? `${res.renumbered}` : `文书日期早于该法规此后的修订（${res.renumbered}）`;
  const text = `${why}，知识库未收录当时的版本，${what}`;
  return {
    ...j,
    compare: {
      ...j.compare,
      结论: "无法判断",
      说明: `${text}（对照的是 ${reg.ssrq || reg.fbrq || "日期不详"} 起施行的版本）。`,
      要点: [text, ...j.compare.要点],
    },
  };
}

/**
 * The draft quotes an article a 修正案 changed after its date: a difference from today's text may be that 修正案's.
 * 部分一致 stays (what differs is still shown) with the amendment named; 不一致 becomes 无法判断, as for a revision —
 * only when the quote is still close to today's text (≥ RENUMBER_SIMILARITY): a 修正案 rewrites a clause, it does not
 * replace the article (「在道路上驾驶机动车追逐竞驶」 under 第一百三十四条 stays 不一致).
 */
function amendedCaveat(j: Judgment, res: Resolution, by: { title: string; effective: string }, ex: ExtractedStatute): Judgment {
  const reg = res.regulation!;
  const text = `${ex.clause}于 ${by.effective} 起经《${by.title}》修改，晚于文书日期，与现行文本的差异可能来自该修正案`;
  return {
    ...j,
    compare: {
      ...j.compare,
      结论: j.compare.结论 === "不一致" ? "无法判断" : j.compare.结论,
      说明: `${j.compare.说明.replace(/。$/, "")}；${text}（对照的是 ${reg.ssrq || reg.fbrq || "日期不详"} 起施行的版本）。`,
      要点: [...j.compare.要点, text],
    },
  };
}

/**
 * How far a revision moves an article: its old number N and its number now M satisfy
 * ⌊M·low⌋ − slack ≤ N ≤ ⌈M·high⌉ + slack. Measured on the index itself: of the 3,821 articles whose
 * text is kept word for word across the 107 pairs of consecutive full-text versions it holds
 * (1,128 of them renumbered), 4 moved outside this range (revisions insert far more than they delete).
 */
export const OLD_NUMBER_RANGE = { low: 0.5, high: 1.1, slack: 5 } as const;

/** Could the article now numbered `now` have been numbered `cited` before a revision? (tids; 之一 articles by their base number) */
export function mayBeOldNumber(cited: string, now: string): boolean {
  const n = Number(cited.split("-")[0]);
  const m = Number(now.split("-")[0]);
  if (!Number.isFinite(n) || !Number.isFinite(m) || m <= 0) return true;
  return n >= Math.floor(m * OLD_NUMBER_RANGE.low) - OLD_NUMBER_RANGE.slack && n <= Math.ceil(m * OLD_NUMBER_RANGE.high) + OLD_NUMBER_RANGE.slack;
}

/**
 * A quote or pasted text found word for word (wrong_clause) at an article of the same law that the
 * cited number cannot be an old number of (mayBeOldNumber), or a quoted term only that article
 * holds: old numbering does not explain the mismatch, the number is wrong whichever version the
 * draft read.
 */
export function tooFarForOldNumbering(j: Judgment, ex: ExtractedStatute, law: LawIndex): boolean {
  const w = j.wrongClause;
  if (!w || w.scope === "other_law" || !ex.tid) return false;
  // a sentence's support names an article less surely than a quote's words: only when the other article holds nearly all of it
  const heldBySupport = (j.style === "restatement" || j.style === "application") && w.similarity >= SUPPORT_ACROSS_REVISIONS;
  if (j.style !== "quote" && j.style !== "pasted" && !(w.scope === "same_version" && (heldOnlyBy(law, j.claimText, w.tid) || heldBySupport))) return false;
  return !mayBeOldNumber(ex.tid, w.tid);
}

/** A restatement or application held at least this much (support) by another article far from the cited number is a wrong number across revisions too. */
export const SUPPORT_ACROSS_REVISIONS = 0.9;

/** A quoted term (第X条规定的“因工作原因”) is word-for-word evidence too: when one article alone holds it. */
function heldOnlyBy(law: LawIndex, claim: string, tid: string): boolean {
  const t = termText(claim);
  if (t.length < 4) return false;
  const holders = law.texts.flatMap((x, i) => (x.includes(t) ? [law.clauses[i]!.tid] : []));
  return holders.length === 1 && holders[0] === tid;
}

/**
 * Could a re-adoption have moved the article now numbered `now` from `cited`? A re-adoption (the 2020
 * batch of judicial interpretations) deleted obsolete articles rather than inserting: the old number
 * is at most READOPTION_SHIFT above the new one, never below.
 */
export function mayBeReadoptedNumber(cited: string, now: string): boolean {
  const n = Number(cited.split("-")[0]);
  const m = Number(now.split("-")[0]);
  return Number.isFinite(n) && Number.isFinite(m) && n > m && n - m <= READOPTION_SHIFT;
}

export const READOPTION_SHIFT = 5;

/**
 * A quote or pasted text found word for word (similarity ≥ QUOTE_HELD) in another instrument whose
 * subject is not the cited one's (relatedTitles: 正当防卫's words under 《公司法》): no revision moves
 * an article between unrelated instruments, so old numbering does not explain it — the draft named the
 * wrong instrument (or the wrong article of it).
 */
export function inUnrelatedLaw(j: Judgment, citedTitle: string): boolean {
  const w = j.wrongClause;
  return !!w && w.scope === "other_law" && (j.style === "quote" || j.style === "pasted") && w.similarity >= QUOTE_HELD && !relatedTitles(citedTitle, w.fgmc);
}

/** The 不一致 of a wrong number kept although the draft predates a revision, saying why. */
export function farFromOldNumbering(j: Judgment, res: Resolution, ex: ExtractedStatute): Judgment {
  const w = j.wrongClause!;
  const why = /晚于文书日期$/.test(res.renumbered ?? "") ? `${res.renumbered}` : `文书日期早于该法规此后的修订（${res.renumbered}）`;
  const what = j.style === "quote" ? "引文" : j.style === "pasted" ? "所附条文" : "援引句所述内容";
  const text =
    w.scope === "other_law"
      ? `${why}，但${what}与所引${ex.clause}大部分不符，而与《${w.fgmc}》${w.clause}一致（相似度 ${w.similarity}），两者规范的并非同一事项，修订不会把条文移入另一法规，疑似法规名称或条号错误`
      : `${why}，但${what}与所引${ex.clause}大部分不符，而见于${w.clause}（相似度 ${w.similarity}${w.similarity < QUOTE_HELD ? "，文字有出入，可能经修订" : ""}），两者条号相距过远，不似修订造成的序号变动，疑似条号错误`;
  const where = w.scope === "other_law" ? `《${w.fgmc}》${w.clause}` : w.clause;
  const point = `${what}见于${where}，疑似${w.scope === "other_law" ? "法规名称或" : ""}条号错误`;
  const points = j.compare.要点.some((p) => p.includes(`见于${where}`)) ? j.compare.要点 : [point, ...j.compare.要点];
  const 差异 = j.compare.差异.some((p) => p.kind === "scope" && p.source === w.clause) ? j.compare.差异 : [{ kind: "scope" as const, source: w.clause, quote: ex.clause, text: point }, ...j.compare.差异];
  return { ...j, compare: { ...j.compare, 说明: `${text}。`, 要点: [text, ...points], 差异 } };
}

/** A quote aligning at least this well with an article is that article's words (its wording kept). */
const QUOTE_HELD = 0.9;

/**
 * A quote or pasted text the cited article mostly does not hold (similarity < REVISED_SIMILARITY),
 * under old numbering, and that no article held word for word: the article of the version judged
 * that holds most of it (the draft's wording revised since), when it holds at least
 * REVISED_SIMILARITY and QUOTE_MARGIN more than the cited one and the cited number cannot be its old
 * number (mayBeOldNumber). Else null (the caveat stands).
 */
export function revisedFarAway(j: Judgment, ex: ExtractedStatute, ref: LawRef, url: (fgid: string, tid: string) => string, budget: { comparisons: number }): WrongClause | null {
  if ((j.style !== "quote" && j.style !== "pasted") || j.wrongClause || !ex.tid || !j.claimText) return null;
  const cited = j.compare.语义相似度 ?? 0;
  if (cited >= REVISED_SIMILARITY) return null;
  const ct = claimTerms(ref.index, j.claimText);
  if (!judgeable(ref.index, ct)) return null;
  let best: { c: Clause; sim: number } | null = null;
  for (const s of bestSupport(ref.index, ct, 3)) {
    const c = ref.index.clauses[s.index]!;
    if (c.tid === ex.tid) continue;
    if (budget.comparisons-- <= 0) break;
    const sim = compareQuote({ claim: j.claimText, quoted: true, clauseText: c.content }).语义相似度 ?? 0;
    if (!best || sim > best.sim) best = { c, sim };
  }
  if (!best || best.sim < Math.max(REVISED_SIMILARITY, cited + QUOTE_MARGIN) || mayBeOldNumber(ex.tid, best.c.tid)) return null;
  const reg = ref.regulation;
  const label = best.c.ft_num || clauseLabelFromTid(best.c.tid);
  const sim = Math.round(best.sim * 1000) / 1000;
  return { fgid: reg.fgid, fgmc: reg.fgmc, tid: best.c.tid, clause: label, content: best.c.content, url: url(reg.fgid, best.c.tid), similarity: sim, scope: "same_version", note: `所述内容（文字有出入）见于该法规${label}（相似度 ${sim}）。` };
}

/** compare-quote's own line: below half the text aligned, a quote is mostly not the article's. */
export const REVISED_SIMILARITY = 0.5;
/** The article found must hold the quote this much better than the cited one. */
const QUOTE_MARGIN = 0.15;

/** The resolution after a quote was found to match another version at the cited number. */
function switched(res: Resolution, j: Judgment, ctx: ResolveContext, said?: string): Resolution {
  const to = j.switchTo!;
  const reg = to.law.regulation;
  const was = res.regulation;
  const label = to.clause.ft_num || clauseLabelFromTid(to.clause.tid);
  const year = reg.fbrq ? `${reg.fbrq.slice(0, 4)} 年` : "较早";
  const replacedBy = findReplacement(reg, to.clause, res.versions, ctx, said);
  const now = replacedBy?.clause ? `；现行版本该内容在${replacedBy.clause}` : "";
  return {
    ...res,
    status: "found",
    regulation: reg,
    clause: to.clause,
    versionBasis: "quote_match",
    versionNote: `${j.style === "quote" || j.style === "pasted" ? "引文" : "所述内容"}与 ${year}版本（${reg.sxx || "效力未知"}）${label}${to.compare.结论 === "一致" ? "一致" : "相符"}${now}${was && was.fgid !== reg.fgid ? `（按规则本应采用 ${was.fbrq} 版本）` : ""}。`,
    replacedBy,
  };
}

/**
 * A claim matched in an older version than the one in force at the date judged against, whose content the version in
 * force numbers otherwise: 一致 stays (it is that version's text), and its 说明 says the number is the older version's and
 * where the content is now (「…2021 年版本第二百四十六条的原文…；以 2026-11-27（今天）为准应适用 2023-09-01 公布的版本，该内容现在第二百五十条，
 * 所引条号是旧版本的」), not only the version note.
 */
function outdatedNumber(j: Judgment, rule: Resolution, moved: Resolution): Judgment {
  const was = rule.regulation;
  const now = moved.replacedBy?.clause;
  if (!was || !now || was.fgid === moved.regulation?.fgid || now === moved.clause?.ft_num) return j;
  const at = rule.judgedAt ? `以 ${rule.judgedAt.date}（${rule.judgedAt.why}）为准` : "以参照日期为准";
  const text = `${at}应适用 ${was.fbrq || was.ssrq} 公布的版本，该内容现在${now}，所引条号是旧版本的`;
  return { ...j, compare: { ...j.compare, 说明: `${j.compare.说明.replace(/。$/, "")}；${text}。`, 要点: [...j.compare.要点, text] } };
}

/** The newest version older than `reg` whose text the index lacks (a catalogue record), or null. */
export function olderWithoutText(versions: NonNullable<Resolution["regulation"]>[], reg: NonNullable<Resolution["regulation"]>): NonNullable<Resolution["regulation"]> | null {
  const eff = (v: NonNullable<Resolution["regulation"]>) => v.ssrq || v.fbrq;
  const older = versions.filter((v) => !v.has_fulltext && v.fgid !== reg.fgid && eff(v) && eff(v) < eff(reg)).sort((a, b) => eff(b).localeCompare(eff(a)));
  return older[0] ?? null;
}

/**
 * 不一致 stands (the text differs from the version judged, which is what applies), but the alignment's
 * details of a text this different say nothing: the 说明 says instead that an older version, whose text the
 * index lacks, may be what the draft quotes (LLM answers quote superseded texts: 民间借贷规定 2015 第二十六条).
 */
export function olderTextHint(j: Judgment, older: NonNullable<Resolution["regulation"]>, ex: ExtractedStatute): Judgment {
  const what = j.style === "quote" ? "引文" : "条号后所附条文";
  const text = `该法规 ${older.fbrq || older.ssrq} 公布的版本（${older.sxx || "旧版本"}）知识库未收录全文，${what}可能出自该版本`;
  return {
    ...j,
    compare: {
      ...j.compare,
      说明: `${what}与所引${ex.clause}的现有文本差异很大（相似度 ${j.compare.语义相似度 ?? 0}）；${text}，请按所适用的版本核对。`,
      要点: [text, ...j.compare.要点],
      差异: [{ kind: "scope", source: ex.clause, quote: "", text }, ...j.compare.差异],
    },
  };
}

/** A quote is looked for in the whole index only when it has at least this many characters of text. */
export const ANYWHERE_MIN_CHARS = 16;
/** Characters of each phrase the index is asked for (three, spread over the quote). */
const ANYWHERE_PHRASE = 6;
/** Laws (families) a quote found anywhere is compared with. */
const ANYWHERE_LAWS = 3;

/**
 * Regulations the draft does not cite (not in `skip`, by family) holding three phrases spread over the
 * quote (its start, middle and end), then only its outer two: one version per family, the one in force
 * at the draft's date when held, else the newest. Bounded: two index queries of at most 20 articles.
 */
export function holding(claim: string, ctx: ResolveContext, skip: Set<string>, citedName: string, minChars = ANYWHERE_MIN_CHARS): NonNullable<Resolution["regulation"]>[] {
  const store = ctx.store;
  if (!store.findClausesWithPhrases || !store.getRegulation) return [];
  const t = termText(claim);
  if (t.length < minChars) return [];
  const mid = Math.floor((t.length - ANYWHERE_PHRASE) / 2);
  const [a, b, c] = [t.slice(0, ANYWHERE_PHRASE), t.slice(mid, mid + ANYWHERE_PHRASE), t.slice(-ANYWHERE_PHRASE)];
  let hits = store.findClausesWithPhrases([a, b, c], ANYWHERE_HITS);
  if (!hits.length) hits = store.findClausesWithPhrases([a, c], ANYWHERE_HITS);
  // a restatement opening or closing with the draft's own facts (被告人张建、张小春已经着手…): the article's words
  // are its middle and one end
  if (!hits.length) hits = store.findClausesWithPhrases([b, c], ANYWHERE_HITS);
  if (!hits.length) hits = store.findClausesWithPhrases([a, b], ANYWHERE_HITS);
  const byFamily = new Map<string, NonNullable<Resolution["regulation"]>[]>();
  for (const fgid of new Set(hits.map((h) => h.fgid))) {
    const r = store.getRegulation(fgid);
    if (!r || !r.has_fulltext || skip.has(r.family)) continue;
    const list = byFamily.get(r.family) ?? [];
    if (!list.some((x) => x.fgid === r.fgid)) list.push(r);
    byFamily.set(r.family, list);
  }
  const date = ctx.reference.date;
  const chosen = [...byFamily.values()].map((vs) => {
    const newest = [...vs].sort((x, y) => (y.ssrq || y.fbrq).localeCompare(x.ssrq || x.fbrq));
    return newest.find((v) => (v.ssrq || v.fbrq) <= date) ?? newest[0]!;
  });
  // local rules copy national law word for word: the national source first, and among equals the title
  // closest to the name the draft wrote (劳动法 → 劳动合同法), then the one in force
  const rank = (r: (typeof chosen)[number]) => LEVEL_RANK[r.xljb_1] ?? LEVEL_RANK_OTHER;
  return chosen
    .map((r) => ({ r, level: rank(r), near: diceSimilarity(citedName, r.fgmc), valid: r.sxx === "现行有效" ? 0 : 1 }))
    .sort((x, y) => x.level - y.level || y.near - x.near || x.valid - y.valid)
    .slice(0, ANYWHERE_LAWS)
    .map((x) => x.r);
}

/** Comparisons of the request's budget one whole-index search costs. */
const ANYWHERE_COST = 2;
/** Articles asked of the index per query. */
const ANYWHERE_HITS = 100;
/** Who a copied text most likely comes from: the higher authority. */
const LEVEL_RANK: Record<string, number> = { 宪法: 0, 法律: 0, 司法解释: 1, 行政法规: 1, 部门规章: 2 };
const LEVEL_RANK_OTHER = 3;

/** Phrase → instruments holding it (capped at GENERIC_SPREAD + 1), per store: phrases repeat from draft to draft. */
const SPREADS = new WeakMap<CitationStore, LruMap<string, number>>();
const SPREADS_MAX = 20_000;

function phraseSpreadOf(store: CitationStore, phrase: string): number {
  if (!store.phraseSpread) return 0;
  let cache = SPREADS.get(store);
  if (!cache) SPREADS.set(store, (cache = new LruMap()));
  const hit = cache.get(phrase);
  if (hit !== undefined) return hit;
  const n = store.phraseSpread(phrase, GENERIC_SPREAD);
  cache.set(phrase, n);
  if (cache.size > SPREADS_MAX) cache.shift();
  return n;
}
