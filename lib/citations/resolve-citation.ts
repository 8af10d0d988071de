/**
 * Step 2 of the citation check: a written law name and clause → regulation family →
 * version → article.
 *
 * Names: the written name loses 《》, 中华人民共和国 and its version mark by rule; a name the draft
 * defines for itself (以下简称《解释》) was already replaced by its full name in extraction; a known
 * short or everyday name maps to an official title through data/law-aliases.json; issuer variants
 * are tried (两高, joint issuers without 、, a title written without its issuer: nameVariants); the
 * index resolves titles and its own aliases to families. A name that resolves nowhere is a no-hit
 * (`law_exists: false`): `not_in_index` with the closest titles as `candidates` when it is shaped like
 * an instrument and some title comes close (CLOSE_TITLE); `not_in_index` without candidates when it is
 * shaped like an instrument of a kind the index holds only in part (anything but a national law:
 * 部门规章, local rules, notices, conventions, foreign laws); else `law_not_found` (疑似虚构: a
 * 中华人民共和国…法 nothing comes close to, or no instrument's shape), unless the alias table knows it
 * as a real repealed law whose text the index lacks (合同法).
 *
 * Version (several versions of one instrument, e.g. 公司法 2018 / 2023):
 * 1. a version written next to the name (《公司法》（2018年修正）) → that version;
 * 2. else the reference date (reference-date.ts: the request's date, the document's own date, its
 *    案号 year; procedural law at the filing date) → the version in force that day (latest version
 *    whose implementation date, or publication date when unknown, is on or before it);
 * 3. else (judged as of today) the current version (现行有效, newest).
 * The choice and its reason are reported in `version_basis` / `version_note`. A chosen version that
 * is 失效 / 已被修改 (or not the current one) gets `replaced_by`: the current version and its article
 * that matches the cited one best (same number first, else the most similar text).
 */
import type { Clause, Regulation } from "../store/types";
import { familyKey } from "../text/family-key";
import { statuteDetailUrl } from "../links/detail-url";
import { lawNameKey } from "../text/normalize";
import { clauseLabelFromTid, parseChineseNumber } from "../text/numerals";
import { abbreviates, abbreviationBucket, aliasKey, derivedShortNames, hasInstrumentShape, isUsualIssuer, looseTitleKey, nearTitle, lookupAlias, lookupRepealed, nameVariants, splitVersionMark } from "./law-aliases";
import { isProceduralLaw } from "./reference-date";
import { compact, containment, diceSimilarity } from "./similarity";
import type { CitationStore, ExtractedStatute, MatchStatus, ReferenceDate, ReplacedBy } from "./types";

export interface ResolveContext {
  store: CitationStore;
  /** The date the check judges against (see reference-date.ts). */
  reference: ReferenceDate;
  /** The date procedural law is judged at, and its note. */
  procedural: { date: string; note: string };
}

export interface Resolution {
  status: MatchStatus;
  regulation: Regulation | null;
  clause: Clause | null;
  versions: Regulation[];
  versionBasis: string;
  versionNote: string;
  replacedBy: ReplacedBy | null;
  candidates: { fgid: string; fgmc: string }[];
  /** For repealed laws the index does not hold. */
  repealed: { status: string; repealed_on: string; replaced_by: string; note: string } | null;
  /**
   * The version judged took effect after the date judged against and the index lacks the one in
   * force then, and the law was revised in between by a 修订 or a 决定 (not a 修正案, which inserts
   * 之一 articles and keeps the numbering): its articles may have been renumbered since, so the
   * article number the draft used may be right for its date. Holds the amendment's line.
   */
  renumbered: string | null;
  /**
   * When `renumbered` is null but the version judged took effect after the date judged against and a
   * header event after that date is a re-adoption (2020年12月23日…审判委员会第1823次会议通过): its line.
   * A re-adoption mostly kept the numbering (measured on the courts' quotes), so a quote is still judged
   * by number; a restatement's words found at a nearby article are not (see judge-citations.ts).
   */
  readopted: string | null;
  /**
   * The version judged was already in force at the date judged against (or that date is today): its 款 and 项
   * are laid out as the draft saw them, so a 款 or 项 the article lacks was never there. False when the text
   * judged took effect after that date, whatever the amendment (a 修正案 may add or drop a 款 too).
   */
  textAsOfDate?: boolean;
  /** A 修正案 the index holds that took effect after the date judged against and names the cited article: the draft read its text before it. */
  amendedBy?: { title: string; effective: string } | null;
  /** The date the version was chosen for and why, in a few words (文书日期, 今天, 程序法按立案日期 …); null when no version was chosen. */
  judgedAt?: { date: string; why: string; mark?: number } | null;
}

const PREAMBLE_DATE = /((?:19|20)\d{2})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/;

/** The header's dated lines (events), each with its date (yyyy-MM-dd). */
function headerEvents(reg: Regulation): { date: string; line: string }[] {
  const out: { date: string; line: string }[] = [];
  for (const line of (reg.preamble ?? "").split("\n")) {
    const m = PREAMBLE_DATE.exec(line);
    if (m) out.push({ date: `${m[1]}-${m[2]!.padStart(2, "0")}-${m[3]!.padStart(2, "0")}`, line });
  }
  return out;
}

/** The first amendment after `date` that may have renumbered the law (see Resolution.renumbered), or null. */
export function renumberingSince(reg: Regulation, date: string | null): string | null {
  if (!date) return null;
  const eff = reg.ssrq || reg.fbrq;
  if (!eff || eff <= date) return null;
  const events = headerEvents(reg);
  for (const [k, { date: d, line }] of events.entries()) {
    // a 修正案 inserts 之一 articles and keeps the numbering; a later re-adoption (2020年12月23日
    // …审判委员会第1823次会议通过) is not counted either: the 2020 batch of judicial interpretations
    // kept their numbering nearly everywhere, measured on the courts' own quotes.
    // This version's own revision counts when it took effect after the date, though adopted before it
    // (著作权法: 修正 2020-11-11, in force 2021-06-01; a text of 2021-01-01 read the 2010 numbering)
    if ((d <= date && k < events.length - 1) || /修正案/.test(line)) continue;
    if (/修订|修正|修改/.test(line)) return `${line.trim().replace(/\s+/g, " ").replace(/^[（(]+|[）)]+$/g, "")}${d <= date ? `，${eff} 起施行` : ""}`;
  }
  // a dated header that names no revision after the date: the numbering is the draft's
  if (events.length) return null;
  // no header at all, yet this version took effect after the date: the text the draft read is not
  // held, and its numbering is unknown
  return `现有版本 ${eff} 起施行，晚于文书日期`;
}

/** Per store: an amending document's title → when it took effect and the articles it touches (null: not held). */
const amendmentsByStore = new WeakMap<CitationStore, Map<string, { effective: string; tids: Set<string> } | null>>();

/**
 * The articles an amendment the index holds names (将刑法第五十三条修改为, 在刑法第三十七条后增加一条, 删去刑法第一百九十九条),
 * by tid (53, 37-1), and the date it took effect; null when the index lacks it. Every mention counts but the one
 * an article is inserted after (在刑法第二百九十三条后增加一条 touches 第二百九十三条之一 only).
 */
function amendmentTouches(title: string, law: string, ctx: ResolveContext): { effective: string; tids: Set<string> } | null {
  let cache = amendmentsByStore.get(ctx.store);
  if (!cache) amendmentsByStore.set(ctx.store, (cache = new Map()));
  if (cache.has(title)) return cache.get(title)!;
  let found: { effective: string; tids: Set<string> } | null = null;
  const reg = ctx.store.findFamiliesByName(title).flatMap((f) => f.versions).find((v) => v.has_fulltext && lawNameKey(v.fgmc) === lawNameKey(title));
  if (reg) {
    const short = law.replace(/^中华人民共和国/, "");
    const mention = new RegExp(`${short}第([零〇一二两三四五六七八九十百千]+)条(?:之([一二三四五六七八九十]+))?`, "g");
    const tids = new Set<string>();
    for (const c of ctx.store.getClauses(reg.fgid)) {
      for (const m of c.content.matchAll(mention)) {
        // 在刑法第二百九十三条后增加一条: the new 第二百九十三条之一 is touched, not 第二百九十三条
        if (!m[2] && c.content.startsWith("后增加", m.index! + m[0].length)) continue;
        const n = parseChineseNumber(m[1]!);
        const sub = m[2] ? parseChineseNumber(m[2]) : null;
        if (n) tids.add(sub ? `${n}-${sub}` : String(n));
      }
    }
    // an amendment whose text names no article of the law cannot say what it left alone
    if (tids.size) found = { effective: effectiveDate(reg), tids };
  }
  cache.set(title, found);
  return found;
}

/**
 * The cited article's text is the one in force at `date` although the version took effect later: every change
 * since is a 修正案 the index holds (they keep the numbering) and none of them names the article. Any other later
 * event (a 修订, a 决定, a re-adoption) or a 修正案 the index lacks leaves it unknown (false).
 */
function untouchedSince(reg: Regulation, tid: string, date: string, ctx: ResolveContext): { untouched: boolean; amendedBy: { title: string; effective: string } | null } {
  let untouched = true;
  for (const { date: d, line } of headerEvents(reg)) {
    const named = /《([^》]*修正案[^》]*)》/.exec(line)?.[1];
    const touches = named ? amendmentTouches(named, reg.fgmc, ctx) : null;
    if (!touches) {
      if (d > date) untouched = false;
      continue;
    }
    // the first held 修正案 after the date that names the article: what a difference from today's text may come from
    if (touches.effective > date && touches.tids.has(tid)) return { untouched: false, amendedBy: { title: named!, effective: touches.effective } };
  }
  return { untouched, amendedBy: null };
}

/**
 * renumberingSince, and also: a date before every version the index knows of (the draft read a
 * text older than all of them, or its date is not what it seems) leaves numbering and wording unknown.
 */
function renumberedFor(reg: Regulation, versions: Regulation[], date: string | null): string | null {
  const since = renumberingSince(reg, date);
  if (since || !date) return since;
  // the header shows the instrument adopted by then (2007年… 通过): renumberingSince has said what it can
  if (headerEvents(reg).some((e) => e.date <= date)) return null;
  const dates = versions.map(effectiveDate).filter(Boolean).sort();
  return dates.length && dates[0]! > date ? `知识库最早的版本 ${dates[0]} 起施行，晚于文书日期` : null;
}

/** Detail-page address in the shape the search operations return (lib/links/detail-url.ts). */
export const detailUrl = statuteDetailUrl;

function effectiveDate(r: Regulation): string {
  return r.ssrq || r.fbrq;
}

function byNewest(a: Regulation, b: Regulation): number {
  return (b.fbrq || "").localeCompare(a.fbrq || "") || (b.ssrq || "").localeCompare(a.ssrq || "");
}

/** The version in force now: newest 现行有效, else newest 尚未生效/部分失效, else newest. */
export function currentVersion(versions: Regulation[]): Regulation | null {
  const sorted = [...versions].sort(byNewest);
  return sorted.find((v) => v.sxx === "现行有效") ?? sorted.find((v) => v.sxx === "部分失效") ?? sorted[0] ?? null;
}

/** Name → families, cached per store across requests (names repeat from draft to draft). */
const FAMILIES = new WeakMap<CitationStore, Map<string, NameMatch>>();
const FAMILIES_MAX = 5_000;

export function familiesFor(name: string, ctx: ResolveContext): { family: string; versions: Regulation[] }[] {
  return nameMatch(name, ctx).families;
}

/** How a written name was matched to an instrument (reported in `version_note` when not by title). */
export type NameBasis = "title" | "derived_short_name" | "abbreviation" | "issuer_omitted" | "spelling" | "issued_by_notice" | "with_text";

export interface NameMatch {
  families: { family: string; versions: Regulation[] }[];
  basis: NameBasis;
  /** Other instruments the name could stand for (an ambiguous short name): candidates, never a pick. */
  ambiguous: { fgid: string; fgmc: string }[];
}

/** A note saying how a name not written as the index's title was matched. */
export function nameBasisNote(written: string, m: NameMatch): string {
  const fgmc = m.families[0]?.versions[0]?.fgmc;
  if (!fgmc || m.basis === "title") return "";
  const how: Record<Exclude<NameBasis, "title">, string> = {
    derived_short_name: "按标题结构得出的简称",
    abbreviation: "按标题简称的省略写法（唯一符合者）",
    issuer_omitted: "省略制定机关的标题（唯一符合者）",
    spelling: "与标题仅一字之差或词序颠倒（唯一相近者）",
    issued_by_notice: "印发该文件的通知",
    with_text: "同一文件带制定机关的标题（知识库收录其全文）",
  };
  return `文中写作《${written}》，${how[m.basis]}对应《${fgmc}》。`;
}

export function nameMatch(name: string, ctx: ResolveContext): NameMatch {
  let cache = FAMILIES.get(ctx.store);
  if (!cache) FAMILIES.set(ctx.store, (cache = new Map()));
  if (cache.size >= FAMILIES_MAX) cache.clear();
  const key = lawNameKey(name);
  const hit = cache.get(key);
  if (hit) return hit;
  const m = nameMatchUncached(name, ctx);
  cache.set(key, m);
  return m;
}

function nameMatchUncached(name: string, ctx: ResolveContext): NameMatch {
  const plain = splitVersionMark(name).name;
  const tries = [lookupAlias(plain), plain, lookupAlias(name), name, ...nameVariants(plain).slice(1)].filter((x): x is string => !!x);
  let found: { family: string; versions: Regulation[] }[] = [];
  for (const t of [...new Set(tries)]) {
    // The index answers exact alias keys first, else titles containing the name (合同法 would
    // match 劳动合同法): keep only families whose family key or a version title is the name.
    const k = familyKey(t);
    found = ctx.store
      .findFamiliesByName(t)
      .filter((f) => f.versions.length > 0 && (f.family === k || f.versions.some((v) => familyKey(v.fgmc) === k)));
    if (found.length) break;
  }
  if (found.length) {
    // a catalogue-only record titled without its issuer (关于审理非法集资…的解释) and the same
    // instrument with its issuer and text: the one with text
    if (!found.some((f) => f.versions.some((v) => v.has_fulltext))) {
      const key = aliasKey(plain);
      if (key.startsWith("关于")) {
        const t = nameTable(ctx);
        const same = [...(t.core.get(looseTitleKey(key.slice(2))) ?? [])].flatMap((fam) =>
          ctx.store.findFamiliesByName(t.titles.get(fam)!.fgmc).filter((f) => f.family === fam && f.versions.some((v) => v.has_fulltext)),
        );
        if (same.length === 1) return { families: same, basis: "with_text", ambiguous: [] };
      }
    }
    return { families: found, basis: "title", ambiguous: [] };
  }
  return structuralMatch(plain, ctx);
}

/** Families of titles, and the keys derived from them, per store. */
interface NameTable {
  /** family → one title of it (the newest listed) and whether any version has text. */
  titles: Map<string, { fgid: string; fgmc: string }>;
  /** derived short-name key → families; and the keys by abbreviationBucket. */
  derived: Map<string, Set<string>>;
  derivedByBucket: Map<string, string[]>;
  /** loose title key → families; and by its length, for one-character misspellings. */
  loose: Map<string, Set<string>>;
  /** `${length}:${first 3 characters}` → loose keys (nearTitle never changes the first 3). */
  looseByLength: Map<string, string[]>;
  /** loose key of the part after 关于 → families of the usual issuers (isUsualIssuer): a title written without its issuer. */
  core: Map<string, Set<string>>;
  /** the same for titles the index itself holds without an issuer (关于工资总额组成的规定). */
  issuerless: Map<string, Set<string>>;
  /** X → the family of a notice 关于印发《X》的通知. */
  issued: Map<string, Set<string>>;
}

const NAME_TABLES = new WeakMap<CitationStore, NameTable>();

function nameTable(ctx: ResolveContext): NameTable {
  let t = NAME_TABLES.get(ctx.store);
  if (t) return t;
  t = { titles: new Map(), derived: new Map(), derivedByBucket: new Map(), loose: new Map(), looseByLength: new Map(), core: new Map(), issuerless: new Map(), issued: new Map() };
  const add = (m: Map<string, Set<string>>, k: string, fam: string) => {
    if (!k) return;
    let s = m.get(k);
    if (!s) m.set(k, (s = new Set()));
    s.add(fam);
  };
  for (const r of ctx.store.listTitles()) {
    if (!t.titles.has(r.family)) t.titles.set(r.family, { fgid: r.fgid, fgmc: r.fgmc });
    for (const d of derivedShortNames(r.fgmc)) {
      if (!t.derived.has(d)) {
        const b = abbreviationBucket(d);
        if (b) t.derivedByBucket.set(b, [...(t.derivedByBucket.get(b) ?? []), d]);
      }
      add(t.derived, d, r.family);
    }
    const lk = looseTitleKey(r.fgmc);
    if (!t.loose.has(lk)) {
      const chars = Array.from(lk);
      const b = `${chars.length}:${chars.slice(0, 3).join("")}`;
      t.looseByLength.set(b, [...(t.looseByLength.get(b) ?? []), lk]);
    }
    add(t.loose, lk, r.family);
    const tk = lawNameKey(r.fgmc);
    const at = tk.indexOf("关于");
    if (at > 0 && isUsualIssuer(tk.slice(0, at))) add(t.core, looseTitleKey(tk.slice(at + 2)), r.family);
    else if (at === 0) add(t.issuerless, looseTitleKey(tk.slice(2)), r.family);
    // …关于印发《X》的通知 issues X: X's own name stands for it
    const issued = /印发《(.+)》的通知$/.exec(r.fgmc.replace(/〈/g, "《").replace(/〉/g, "》"));
    if (issued) add(t.issued, aliasKey(issued[1]!), r.family);
  }
  NAME_TABLES.set(ctx.store, t);
  return t;
}

/**
 * A name not written as any title or alias: a short name the title's structure gives
 * (derivedShortNames: 刑事赔偿解释, 民诉法解释, 婚姻法解释（三）), an abbreviation of one that only
 * one instrument fits (异议复议规定), the title without its issuer when only one issuer has it, or the
 * title misspelt by one character when only one title is that close (nearTitle). An answer that
 * more than one instrument fits is no answer: the instruments become candidates.
 */
function structuralMatch(plain: string, ctx: ResolveContext): NameMatch {
  const t = nameTable(ctx);
  const none: NameMatch = { families: [], basis: "title", ambiguous: [] };
  const pick = (fams: Iterable<string>, basis: NameBasis): NameMatch | null => {
    let list = [...new Set(fams)].filter((f) => t.titles.has(f));
    if (list.length === 0) return null;
    // a short name two instruments' titles give (行诉法解释: the 2018 …适用《行政诉讼法》的解释 and the 2000 …执行《行政诉讼法》
    // 若干问题的解释) names the one in force at the date judged against, when exactly one was
    if (list.length > 1 && (basis === "derived_short_name" || basis === "abbreviation")) {
      const then = list.filter((f) => inForceAt(ctx, t.titles.get(f)!.fgmc, f, ctx.reference.date));
      if (then.length === 1) list = then;
    }
    if (list.length > 1) return { ...none, ambiguous: list.slice(0, 3).map((f) => t.titles.get(f)!) };
    const fgmc = t.titles.get(list[0]!)!.fgmc;
    const fam = ctx.store.findFamiliesByName(fgmc).filter((f) => f.family === list[0] && f.versions.length > 0);
    return fam.length ? { families: fam, basis, ambiguous: [] } : null;
  };
  const key = aliasKey(plain);
  let ambiguous: NameMatch | null = null;
  const settle = (m: NameMatch | null): NameMatch | null => {
    if (!m) return null;
    if (m.families.length) return m;
    ambiguous ??= m;
    return null;
  };
  // 0. an instrument the index holds as the notice that issued it (关于印发《X》的通知)
  const issued = t.issued.get(key);
  const byNotice = issued && settle(pick(issued, "issued_by_notice"));
  if (byNotice) return byNotice;
  // 1. a short name the title's structure gives
  const derived = t.derived.get(key);
  const d = derived && settle(pick(derived, "derived_short_name"));
  if (d) return d;
  if (!derived && /^.{4,20}(?:解释|规定|意见|批复|决定|办法)[一二三四五六七八九十]*$/u.test(key)) {
    const fams: string[] = [];
    for (const k of t.derivedByBucket.get(abbreviationBucket(key) ?? "") ?? []) if (abbreviates(key, k)) fams.push(...t.derived.get(k)!);
    const a = settle(pick(fams, "abbreviation"));
    if (a) return a;
  }
  // 2. the title as written (or with a usual issuer put back: nameVariants), ignoring 的 / 关于 / 、;
  //    or without its issuer
  for (const written of nameVariants(plain)) {
    const m = looseMatch(written, t, pick, settle);
    if (m) return m;
  }
  return ambiguous ?? none;
}

/** Was some version of the family in force on `date` (taken effect by then, not repealed, expired or superseded by then)? */
function inForceAt(ctx: ResolveContext, fgmc: string, family: string, date: string): boolean {
  const versions = ctx.store.findFamiliesByName(fgmc).filter((f) => f.family === family).flatMap((f) => f.versions);
  const started = versions.filter((v) => effectiveDate(v) !== "" && effectiveDate(v) <= date);
  if (!started.length) return false;
  // the latest version by then says whether the instrument still stood: in force, or ended after the date
  const last = started.sort(byNewest)[0]!;
  if (last.expiry) return last.expiry > date;
  return last.sxx === "现行有效" || last.sxx === "已被修改" || last.sxx === "";
}

function looseMatch(
  plain: string,
  t: NameTable,
  pick: (fams: Iterable<string>, basis: NameBasis) => NameMatch | null,
  settle: (m: NameMatch | null) => NameMatch | null,
): NameMatch | null {
  const key = aliasKey(plain);
  const loose = looseTitleKey(plain);
  if (Array.from(loose).length >= 8) {
    const l = t.loose.get(loose);
    const exact = l && settle(pick(l, "spelling"));
    if (exact) return exact;
    const at = key.indexOf("关于");
    if (at === 0) {
      const c = t.core.get(looseTitleKey(key.slice(2)));
      const core = c && settle(pick(c, "issuer_omitted"));
      if (core) return core;
    } else if (at > 0) {
      // written with an issuer the index's title leaves out (国家统计局关于工资总额组成的规定)
      const c = t.issuerless.get(looseTitleKey(key.slice(at + 2)));
      const core = c && settle(pick(c, "issuer_omitted"));
      if (core) return core;
    }
    // 3. one character off
    const n = Array.from(loose).length;
    const near: string[] = [];
    const head = Array.from(loose).slice(0, 3).join("");
    for (const len of [n - 1, n, n + 1]) for (const k of t.looseByLength.get(`${len}:${head}`) ?? []) if (nearTitle(loose, k)) near.push(...t.loose.get(k)!);
    const s = settle(pick(near, "spelling"));
    if (s) return s;
  }
  return null;
}

/**
 * Clause lists are immutable for one index file, and the store object changes when a re-ingest
 * swaps the file, so lists are cached per store across requests (bounded, oldest dropped).
 */
const CLAUSE_LISTS = new WeakMap<CitationStore, Map<string, Clause[]>>();
const CLAUSE_LISTS_MAX = 256;

export function clausesOf(fgid: string, ctx: ResolveContext): Clause[] {
  let perStore = CLAUSE_LISTS.get(ctx.store);
  if (!perStore) CLAUSE_LISTS.set(ctx.store, (perStore = new Map()));
  let c = perStore.get(fgid);
  if (!c) {
    c = ctx.store.getClauses(fgid);
    if (perStore.size >= CLAUSE_LISTS_MAX) perStore.delete(perStore.keys().next().value!);
    perStore.set(fgid, c);
  }
  return c;
}

/** One article: from a cached list when there is one, else a point lookup by id. */
function clauseIn(fgid: string, tid: string, ctx: ResolveContext): Clause | null {
  const list = CLAUSE_LISTS.get(ctx.store)?.get(fgid);
  if (list) return list.find((c) => c.tid === tid) ?? null;
  return ctx.store.getClause(fgid, tid);
}

function describe(r: Regulation): string {
  const when = r.fbrq ? `${r.fbrq} 公布` : "公布日期不详";
  return `${when}${r.ssrq ? `、${r.ssrq} 施行` : ""}的版本（${r.sxx || "效力未知"}）`;
}

/** Picks the version per the rules in the module comment. */
export function chooseVersion(
  versions: Regulation[],
  opts: { versionYear?: number | null; date: string | null; why?: string },
): { version: Regulation | null; basis: string; note: string } {
  if (versions.length === 0) return { version: null, basis: "", note: "" };
  const sorted = [...versions].sort(byNewest);
  if (versions.length === 1) {
    const v = sorted[0]!;
    return { version: v, basis: "only_version", note: `知识库仅有该法规一个版本：${describe(v)}。` };
  }
  if (opts.versionYear) {
    const y = String(opts.versionYear);
    const v = sorted.find((r) => (r.fbrq || "").startsWith(y)) ?? sorted.find((r) => (r.fbrq || "9999") <= `${y}-12-31`);
    if (v) return { version: v, basis: "explicit_version", note: `草稿注明了 ${y} 年版本，采用 ${describe(v)}。` };
  }
  if (opts.date) {
    const d = opts.date;
    const inForce = sorted.find((r) => effectiveDate(r) !== "" && effectiveDate(r) <= d);
    const why = opts.why ? `（${opts.why}）` : "";
    if (inForce) return { version: inForce, basis: "reference_date", note: `按参照日期 ${d}${why}，采用当时施行的 ${describe(inForce)}。` };
    const oldest = sorted[sorted.length - 1]!;
    return { version: oldest, basis: "reference_date", note: `参照日期 ${d}${why} 早于知识库所有版本，采用最早的 ${describe(oldest)}。` };
  }
  const cur = currentVersion(versions)!;
  return { version: cur, basis: "current", note: `采用现行版本：${describe(cur)}。` };
}

/** The current version's article that corresponds to `clause` of an older version. */
/** A quoted part this long (characters)… */
const SAID_MIN_CHARS = 12;
/** …that a current article holds this much of is located there rather than by the whole old article. */
const SAID_HELD = 0.85;

/**
 * Where the old clause's content is in the current version. `said`: the part of it the draft quotes or pastes —
 * an article split by a revision is followed by that part (公司法 2018 第二十条第三款 is 2023 第二十三条, its first two
 * paragraphs 第二十一条).
 */
export function findReplacement(old: Regulation, clause: Clause | null, versions: Regulation[], ctx: ResolveContext, said?: string): ReplacedBy | null {
  const cur = currentVersion(versions);
  if (!cur || cur.fgid === old.fgid) return null;
  const base: ReplacedBy = { fgid: cur.fgid, fgmc: cur.fgmc, sxx: cur.sxx, data_as_of: cur.data_as_of, tid: "", clause: "", content: "", url: detailUrl(cur.fgid), similarity: null, note: `现行版本为 ${describe(cur)}。` };
  if (!clause || !clause.content) return base;
  const clauses = clausesOf(cur.fgid, ctx);
  if (said && compact(said).length >= SAID_MIN_CHARS) {
    // the same number first: where a revision kept the text there, no other article need be read
    const kept = clauses.find((c) => c.tid === clause.tid);
    const keptShare = kept ? containment(said, kept.content) : 0;
    let at: Clause | null = keptShare >= SAID_HELD ? kept! : null;
    let share = at ? keptShare : 0;
    // a cheap test first (8 of the quote's character pairs, spread over it, found in the article's raw text), so that
    // only the few articles that may hold it are compared in full
    const pairs: string[] = [];
    for (let i = 0; i + 1 < said.length; i++) if (/^[\u3400-\u9fff]{2}$/.test(said.slice(i, i + 2))) pairs.push(said.slice(i, i + 2));
    const probe = pairs.length <= 8 ? pairs : Array.from({ length: 8 }, (_, k) => pairs[Math.floor((k * (pairs.length - 1)) / 7)]!);
    const may = (content: string) => probe.filter((b) => content.includes(b)).length >= Math.ceil(probe.length * 0.75);
    for (const c of at ? [] : clauses) {
      if (!may(c.content)) continue;
      const x = containment(said, c.content);
      if (x > share || (x === share && c.tid === clause.tid)) {
        share = x;
        at = c;
      }
    }
    if (at && share >= SAID_HELD) {
      const label = at.ft_num || clauseLabelFromTid(at.tid);
      return { ...base, tid: at.tid, clause: label, content: at.content, url: detailUrl(cur.fgid, at.tid), similarity: round(share), note: `${base.note}所引内容现见于现行版本${label}（覆盖 ${round(share)}）。` };
    }
  }
  let best: Clause | null = null;
  let bestSim = 0;
  const same = clauses.find((c) => c.tid === clause.tid);
  if (same) {
    best = same;
    bestSim = diceSimilarity(clause.content, same.content);
  }
  if (bestSim < 0.9) {
    for (const c of clauses) {
      const s = diceSimilarity(clause.content, c.content);
      if (s > bestSim) {
        bestSim = s;
        best = c;
      }
    }
  }
  if (!best || bestSim < 0.35) return { ...base, similarity: bestSim || null, note: `${base.note}其中没有与所引条文内容相近的条文。` };
  const label = best.ft_num || clauseLabelFromTid(best.tid);
  return {
    ...base,
    tid: best.tid,
    clause: label,
    content: best.content,
    url: detailUrl(cur.fgid, best.tid),
    similarity: round(bestSim),
    note: `${base.note}与所引条文最相近的是现行版本${label}（文本相似度 ${round(bestSim)}）。`,
  };
}

export function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function resolveRepealed(rep: { status: string; repealed_on: string; replaced_by: string; note: string }, ctx: ResolveContext, empty: Resolution): Resolution {
  const repl = familiesFor(rep.replaced_by, ctx);
  const cur = repl[0] ? currentVersion(repl[0].versions) : null;
  return {
    ...empty,
    status: "repealed_not_in_corpus",
    versionNote: `${rep.note}；知识库未收录该法全文。`,
    repealed: { status: rep.status, repealed_on: rep.repealed_on, replaced_by: rep.replaced_by, note: rep.note },
    replacedBy: cur
      ? { fgid: cur.fgid, fgmc: cur.fgmc, sxx: cur.sxx, data_as_of: cur.data_as_of, tid: "", clause: "", content: "", url: detailUrl(cur.fgid), similarity: null, note: rep.note }
      : { fgid: "", fgmc: rep.replaced_by, sxx: "", data_as_of: "", tid: "", clause: "", content: "", url: "", similarity: null, note: rep.note },
  };
}

/**
 * The shape of a national law's title (中华人民共和国…法 / 法典). The corpus holds the national laws (354 files of
 * 法律), so such a name with no close title is 疑似虚构; every other instrument kind is held only in part.
 */
const NATIONAL_LAW = /^中华人民共和国[\u4e00-\u9fa5、]{1,30}法(?:典)?$/;

/** Resolves one extracted statute citation against the index. */
export function resolveCitation(ex: ExtractedStatute, ctx: ResolveContext): Resolution {
  const match = nameMatch(ex.name, ctx);
  const res = resolveMatched(ex, match, ctx);
  const note = nameBasisNote(ex.definedAs ?? splitVersionMark(ex.name).name, match);
  return note && res.regulation ? { ...res, versionNote: note + res.versionNote } : res;
}

function resolveMatched(ex: ExtractedStatute, match: NameMatch, ctx: ResolveContext): Resolution {
  const families = match.families;
  const empty: Resolution = { status: "law_not_found", regulation: null, clause: null, versions: [], versionBasis: "", versionNote: "", replacedBy: null, candidates: [], repealed: null, renumbered: null, readopted: null };
  if (families.length === 0) {
    const rep = lookupRepealed(splitVersionMark(ex.name).name);
    if (rep) return resolveRepealed(rep, ctx, empty);
    // a short name several instruments give: those are the candidates, none is picked
    if (match.ambiguous.length) return { ...empty, status: "not_in_index", candidates: match.ambiguous };
    const close = closestTitles(ex.name, ctx);
    if (close.length && hasInstrumentShape(ex.name)) return { ...empty, status: "not_in_index", candidates: close };
    // nothing close: a national law the index would hold (中华人民共和国…法) is suspect; a real-looking instrument of a
    // kind it holds only in part (local rules, 部门规章, notices, conventions, foreign laws) is one it lacks
    if (hasInstrumentShape(ex.name) && !NATIONAL_LAW.test(splitVersionMark(ex.name).name)) return { ...empty, status: "not_in_index", candidates: [] };
    return empty;
  }
  // Several families for one name (ambiguous short names): prefer one that has the clause.
  let fam = families[0]!;
  if (families.length > 1 && ex.tid) {
    const withClause = families.find((f) => f.versions.some((v) => clauseIn(v.fgid, ex.tid, ctx)));
    if (withClause) fam = withClause;
  }
  const candidates = families.length > 1 ? families.filter((f) => f !== fam).map((f) => currentVersion(f.versions)!).map((v) => ({ fgid: v.fgid, fgmc: v.fgmc })) : [];
  const versions = [...fam.versions].sort(byNewest);
  const withText = versions.filter((v) => v.has_fulltext);
  if (withText.length === 0) {
    // Only catalogue records (securities catalogue): the law exists, its text is not held.
    const rep = lookupRepealed(splitVersionMark(ex.name).name);
    if (rep) return resolveRepealed(rep, ctx, empty);
    const cur = currentVersion(versions)!;
    return {
      ...empty,
      status: "no_fulltext",
      regulation: cur,
      versions,
      versionBasis: versions.length === 1 ? "only_version" : "current",
      versionNote: `知识库仅有该法规的目录信息（${describe(cur)}），未收录全文，无法核对条文。`,
      candidates,
    };
  }
  const procedural = isProceduralLaw(versions[0]!.fgmc);
  const ref = ctx.reference;
  const date = procedural ? ctx.procedural.date : ref.basis === "today" ? null : ref.date;
  const why = procedural ? ctx.procedural.note.replace(/。$/, "") : ref.basis === "request" ? "请求指定" : ref.evidence ? `文书日期「${ref.evidence}」` : "";
  const judgedAt = { date: procedural ? ctx.procedural.date : ref.date, why: judgedAtWhy(ref.basis, procedural, ctx.procedural.note) };
  const pick = chooseVersion(fam.versions, { versionYear: ex.versionYear ?? null, date, why });
  let reg = pick.version!;
  if (!reg.has_fulltext) {
    // The applicable version is catalogue-only: check against the version that replaced it
    // (the oldest newer version with text), else the newest version with text.
    const newer = withText.filter((v) => (v.fbrq || "") > (reg.fbrq || "")).sort((a, b) => -byNewest(a, b))[0];
    const sub = newer ?? withText[0]!;
    pick.note += `知识库未收录该版本全文，按 ${describe(sub)}核对。`;
    reg = sub;
  }
  if (!ex.tid) {
    return {
      status: "found",
      regulation: reg,
      clause: null,
      versions,
      versionBasis: pick.basis,
      versionNote: pick.note,
      replacedBy: isSuperseded(reg, versions) ? findReplacement(reg, null, versions, ctx) : null,
      candidates,
      repealed: null,
      renumbered: null,
      readopted: null,
      judgedAt: ex.versionYear ? { ...judgedAt, mark: ex.versionYear } : judgedAt,
    };
  }
  const clause = clauseIn(reg.fgid, ex.tid, ctx);
  // a version the draft names: numbering as of that year, or none to doubt when that very version is held
  const asOf = ex.versionYear ? (reg.fbrq.startsWith(String(ex.versionYear)) ? reg.ssrq || reg.fbrq || date : `${ex.versionYear}-12-31`) : date;
  const renumbered = renumberedFor(reg, versions, asOf) ?? (clause ? null : laterEvent(reg, asOf));
  const since = clause && asOf && !renumbered && effectiveDate(reg) > asOf ? untouchedSince(reg, clause.tid, asOf, ctx) : null;
  return {
    status: clause ? "found" : "clause_missing",
    regulation: reg,
    clause,
    versions,
    versionBasis: pick.basis,
    versionNote: pick.note,
    replacedBy: isSuperseded(reg, versions) ? findReplacement(reg, clause, versions, ctx) : null,
    candidates,
    repealed: null,
    // a version the draft names (（2017年修正）) that the index lacks: numbering as of that year
    renumbered,
    readopted: renumbered ? null : laterEvent(reg, asOf),
    // (a catalogue-only version stood in for by an older text is not the draft's text)
    textAsOfDate: (reg === pick.version || effectiveDate(reg) > effectiveDate(pick.version!)) && (asOf === null || (effectiveDate(reg) !== "" && (effectiveDate(reg) <= asOf || !!since?.untouched))),
    amendedBy: since?.amendedBy ?? null,
    judgedAt: ex.versionYear ? { ...judgedAt, mark: ex.versionYear } : judgedAt,
  };
}

/** Why the version was chosen for that date, in a few words a lawyer reads in the verdict's sentence. */
function judgedAtWhy(basis: string, procedural: boolean, proceduralNote: string): string {
  // (the note says what it went by first: 「程序法按今天（…）判断：文书未写明立案日期」 is today's)
  if (procedural && basis !== "request") return /^程序法按立案/.test(proceduralNote) ? "程序法按立案日期" : /^程序法按案号/.test(proceduralNote) ? "程序法按案号年份" : "程序法按今天";
  return ({ request: "请求指定的日期", document_date: "文书日期", case_number_year: "文书案号年份", today: "今天" } as Record<string, string>)[basis] ?? "参照日期";
}

/**
 * For a number the version does not have: any later header event (a re-adoption too: 2020年12月23日…通过, which
 * renumbered the 执行工作规定) — the missing article is itself the sign that the numbering changed. Not a 修正案.
 */
function laterEvent(reg: Regulation, date: string | null): string | null {
  if (!date || (reg.ssrq || reg.fbrq) <= date) return null;
  const e = headerEvents(reg).find((x) => x.date > date && !/修正案/.test(x.line));
  return e ? e.line.trim().replace(/\s+/g, " ").replace(/^[（(]+|[）)]+$/g, "") : null;
}

/** Titles per store, for the closest titles of a name the index lacks. */
const TITLES = new WeakMap<CitationStore, { fgid: string; fgmc: string; key: string; grams: Set<string> }[]>();

function titleGrams(key: string): Set<string> {
  const g = new Set<string>();
  for (let i = 0; i + 1 < key.length; i++) g.add(key.slice(i, i + 2));
  return g;
}

/** Similarity at which a title counts as close to a written name. */
export const CLOSE_TITLE = 0.5;

/**
 * The index's titles closest to a name it does not hold (Dice over character bigrams of the name
 * keys, or the name contained in a title), one per family, best first, at most 3 at ≥ CLOSE_TITLE.
 */
export function closestTitles(name: string, ctx: ResolveContext): { fgid: string; fgmc: string }[] {
  let memo = CLOSEST.get(ctx.store);
  if (!memo) CLOSEST.set(ctx.store, (memo = new Map()));
  const hit = memo.get(name);
  if (hit) return hit;
  const out = closestTitlesUncached(name, ctx);
  if (memo.size >= CLOSEST_MEMO) memo.delete(memo.keys().next().value!);
  memo.set(name, out);
  return out;
}

/** Names whose closest titles are remembered per store (oldest out). */
const CLOSEST_MEMO = 2_000;
const CLOSEST = new WeakMap<object, Map<string, { fgid: string; fgmc: string }[]>>();

function closestTitlesUncached(name: string, ctx: ResolveContext): { fgid: string; fgmc: string }[] {
  let titles = TITLES.get(ctx.store);
  if (!titles) {
    const seen = new Set<string>();
    titles = [];
    for (const t of ctx.store.listTitles()) {
      if (seen.has(t.family)) continue;
      seen.add(t.family);
      const key = lawNameKey(t.fgmc);
      titles.push({ fgid: t.fgid, fgmc: t.fgmc, key, grams: titleGrams(key) });
    }
    TITLES.set(ctx.store, titles);
  }
  const key = lawNameKey(splitVersionMark(name).name);
  const grams = titleGrams(key);
  if (grams.size === 0) return [];
  const scored: { fgid: string; fgmc: string; s: number }[] = [];
  for (const t of titles) {
    let inter = 0;
    for (const g of grams) if (t.grams.has(g)) inter++;
    if (inter === 0) continue;
    const dice = (2 * inter) / (grams.size + t.grams.size);
    const contained = inter / grams.size;
    const s = Math.max(dice, contained >= 0.99 && key.length >= 3 ? 0.5 + 0.5 * dice : 0);
    if (s >= CLOSE_TITLE) scored.push({ fgid: t.fgid, fgmc: t.fgmc, s });
  }
  return scored
    .sort((a, b) => b.s - a.s || a.fgmc.length - b.fgmc.length)
    .slice(0, 3)
    .map(({ fgid, fgmc }) => ({ fgid, fgmc }));
}

/** 失效 / 已被修改, or an older version than the current one. */
export function isSuperseded(reg: Regulation, versions: Regulation[]): boolean {
  if (reg.sxx === "失效" || reg.sxx === "已被修改") return true;
  const cur = currentVersion(versions);
  return !!cur && cur.fgid !== reg.fgid;
}
