/**
 * Crime names → the articles of the 刑法 that define them, read from the index's own 罪名 lists
 * (最高人民检察院关于适用刑法分则规定的犯罪的罪名的意见 and the 确定罪名的补充规定 series: lists
 * 「N．X罪（第N条…）」, tables 「| 第N条 … | X罪（取消Y罪罪名）|」, and 「第N条…的罪名由“Y”修改为“X”」).
 * A criminal judgment rarely restates its article; it names the crime (以诈骗罪追究其刑事责任). The
 * crime named says which article is meant: the judge step uses it to confirm an applied 刑法 article
 * and to name the right one when the number is wrong. Written here because no library knows these
 * lists; the data are the index's, so a new 补充规定 in the corpus is picked up by the next ingest.
 */
import { parseChineseNumber, parseZhiSuffix } from "../text/numerals";
import type { CitationStore } from "./types";

export interface CrimeTable {
  /** Crime name (with 罪) → tids of the 刑法 articles defining it, in the list's order. */
  byName: Map<string, string[]>;
  /** tid → crime names it defines. */
  byTid: Map<string, string[]>;
  /** Titles the table was read from. */
  sources: string[];
  /** Names by their first character, longest first (for the scan of a sentence). */
  byFirst: Map<string, string[]>;
}

/** Titles of the instruments holding the lists. */
const LIST_TITLE = /确定罪名|犯罪的罪名的意见/;
const REF = /第\s*([0-9]+|[零〇一二两三四五六七八九十百千]+)\s*条(?:\s*(之[一二三四五六七八九十]+))?/g;

function refsIn(s: string): string[] {
  const out: string[] = [];
  for (const m of s.matchAll(REF)) {
    const n = /^[0-9]+$/.test(m[1]!) ? Number(m[1]) : parseChineseNumber(m[1]!);
    if (!n) continue;
    const zhi = parseZhiSuffix(m[2]);
    const tid = zhi ? `${n}-${zhi}` : String(n);
    if (!out.includes(tid)) out.push(tid);
  }
  return out;
}

/**
 * The names a list entry gives, whole or not: 窝藏、包庇罪 also as 窝藏罪 / 包庇罪 (judgments name one part);
 * a selective name, verbs sharing objects, as each verb with each object: 走私、贩卖、运输、制造毒品罪 → 贩卖毒品罪;
 * 非法制造、买卖、运输、邮寄、储存枪支、弹药、爆炸物罪 → 非法买卖枪支罪 (the first part's prefix, 非法, goes with every verb).
 */
/** The acts a selective crime name lists (a name whose parts are not all among them is not expanded: 伪造公司、企业…印章罪). */
const SELECTIVE_VERBS = new Set(
  "制造 买卖 运输 邮寄 储存 走私 贩卖 盗窃 抢夺 抢劫 毁灭 伪造 变造 窃取 刺探 收买 组织 强迫 引诱 容留 介绍 窝藏 转移 收购 销售 出售 持有 使用 掩饰 隐瞒 出租 出借 携带 生产 种植 印制 购买 出版 传播 贩运 收受 提供 隐匿 销毁 运送 接送 招募 雇用 协助 包庇".split(" "),
);

/**
 * [prefix] verb、verb、…、verb+object、object、…: the acts and the objects they share, or null when the parts are not of that
 * shape (every verb among SELECTIVE_VERBS; a first part of prefix + verb, or verb + object).
 */
function selective(parts: string[]): { prefix: string; verbs: string[]; objects: string[] } | null {
  const verbs: string[] = [];
  const objects: string[] = [];
  let prefix = "";
  let i = 0;
  const first = parts[0]!;
  if (first.length <= 4 && SELECTIVE_VERBS.has(first.slice(-2))) {
    prefix = first.slice(0, -2);
    verbs.push(first.slice(-2));
    i = 1;
    while (i < parts.length && parts[i]!.length === 2 && SELECTIVE_VERBS.has(parts[i]!)) verbs.push(parts[i++]!);
    if (i >= parts.length) return null; // verbs only (窝藏、包庇罪): each part is a name of its own
  }
  const pivot = parts[i]!;
  if (pivot.length <= 2 || pivot.length > 10 || !SELECTIVE_VERBS.has(pivot.slice(0, 2))) return null;
  verbs.push(pivot.slice(0, 2));
  objects.push(pivot.slice(2));
  for (const o of parts.slice(i + 1)) {
    if (o.length < 2 || o.length > 8 || SELECTIVE_VERBS.has(o)) return null;
    objects.push(o);
  }
  return { prefix, verbs, objects };
}

function namesOf(name: string): [string, boolean][] {
  const n = name.replace(/\s+/g, "");
  if (!/^[\u4e00-\u9fa5、]{2,40}罪$/.test(n)) return [];
  const out: [string, boolean][] = [[n, true]];
  const parts = n.slice(0, -1).split("、");
  if (parts.length < 2) return out;
  const sel = selective(parts);
  if (sel && sel.verbs.length * sel.objects.length <= 40) {
    for (const v of sel.verbs) for (const o of sel.objects) out.push([`${sel.prefix}${v}${o}罪`, false]);
    // each act with the objects kept as one list: 销售有毒、有害食品罪, 非法买卖枪支、弹药罪
    if (sel.objects.length > 1) for (const v of sel.verbs) out.push([`${sel.prefix}${v}${sel.objects.join("、")}罪`, false]);
    return out;
  }
  // a part is a name of its own only when it says an act: 窝藏、包庇罪 (acts only) → 窝藏罪, 包庇罪; a longer
  // part (欺骗他人吸毒罪); never a bare object or a lone verb among other parts (食品 of 食品、药品监管渎职罪, 刺探 of
  // 为境外窃取、刺探、收买、非法提供国家秘密、情报罪), which judgments never name and which would match inside other names
  const actsOnly = parts.every((p) => p.length === 2 && SELECTIVE_VERBS.has(p));
  for (const p of parts) if (p.length <= 8 && (actsOnly || p.length >= 4)) out.push([`${p}罪`, false]);
  return out;
}

/** Parses one text of a 罪名 list into [name, tids, whole name?] triples (pure; see the module comment). */
export function parseCrimeList(text: string): [string, string[], boolean][] {
  const out: [string, string[], boolean][] = [];
  // 12．资敌罪（第112条） / 放火罪（第114条、第115条第1款）
  for (const m of text.matchAll(/(?:^|[\s．.、|])([\u4e00-\u9fa5、]{1,40}罪)（(第[^）]{1,80})）/g)) {
    const tids = refsIn(m[2]!);
    for (const [n, whole] of namesOf(m[1]!)) if (tids.length) out.push([n, tids, whole]);
  }
  // | 第134条第2款 （《刑法修正案（六）》第1条第2款） |强令违章冒险作业罪（取消…罪罪名） |
  for (const line of text.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < 4 || !/^第/.test(cells[1]!)) continue;
    const tids = refsIn(cells[1]!.replace(/（《[^》]*》[^）]*）/g, "").replace(/（[^）]*修正案[^）]*）[^）]*）/g, ""));
    if (!tids.length) continue;
    const cell = cells[2]!;
    const main = cell.replace(/（[^）]*）/g, "");
    for (const [n, whole] of namesOf(main)) out.push([n, tids, whole]);
    for (const c of cell.matchAll(/取消([^）]+?)罪名/g)) for (const [n, whole] of namesOf(c[1]!)) out.push([n, tids, whole]);
  }
  // 将…第一百六十九条（…）的罪名由“A罪”修改为“B罪”
  for (const m of text.matchAll(/(第[零〇一二两三四五六七八九十百千0-9]+条(?:之[一二三四五六七八九十]+)?)[^。“]{0,60}?罪名由“([^”]+)”修改为“([^”]+)”/g)) {
    const tids = refsIn(m[1]!);
    for (const [n, whole] of [...namesOf(m[2]!), ...namesOf(m[3]!)]) out.push([n, tids, whole]);
  }
  return out;
}

/** Builds the table from texts (pure). */
export function buildCrimeTable(texts: { title: string; text: string }[]): CrimeTable {
  const exact = new Map<string, string[]>();
  const parts = new Map<string, string[]>();
  for (const { text } of texts)
    for (const [name, tids, whole] of parseCrimeList(text)) {
      const into = whole ? exact : parts;
      const cur = into.get(name) ?? [];
      for (const t of tids) if (!cur.includes(t)) cur.push(t);
      into.set(name, cur);
    }
  // a part of a joint name (窝藏罪 of 窝藏、包庇罪) counts only where no crime has that exact name (盗窃罪 ≠ 盗窃、抢夺枪支…罪)
  const byName = new Map(exact);
  for (const [name, tids] of parts) if (!exact.has(name)) byName.set(name, tids);
  const byTid = new Map<string, string[]>();
  for (const [name, tids] of byName) for (const t of tids) byTid.set(t, [...(byTid.get(t) ?? []), name]);
  const byFirst = new Map<string, string[]>();
  for (const name of [...byName.keys()].sort((a, b) => b.length - a.length)) byFirst.set(name[0]!, [...(byFirst.get(name[0]!) ?? []), name]);
  return { byName, byTid, sources: texts.map((t) => t.title), byFirst };
}

const tables = new WeakMap<CitationStore, CrimeTable>();

/** The table read from the store's 罪名 lists (built once per store handle). */
export function crimeTableOf(store: CitationStore): CrimeTable {
  let t = tables.get(store);
  if (!t) {
    const seen = new Set<string>();
    const texts: { title: string; text: string }[] = [];
    for (const r of store.listTitles()) {
      if (!LIST_TITLE.test(r.fgmc) || seen.has(r.fgmc.replace(/\s+/g, ""))) continue;
      seen.add(r.fgmc.replace(/\s+/g, ""));
      texts.push({ title: r.fgmc, text: store.getClauses(r.fgid).map((c) => c.content).join("\n") });
    }
    t = buildCrimeTable(texts);
    tables.set(store, t);
  }
  return t;
}

/** Crime mentions in a sentence: 以/构成/犯/涉嫌/判处/定 … 罪 (the name, with 罪). */
const MENTION = /(?:以|构成|犯有|犯|涉嫌|成立|判处|定|系|属|和|及|与|、)([\u4e00-\u9fa5、]{2,24}?罪)(?![名行状责刑过数犯])/g;

/** Everything of a mention up to its last mention verb (…构成 / …犯 / …以). */
const MENTION_LEAD = /^.*(?:构成|犯有|犯|涉嫌|成立|判处|以|定|系|属)/;

export interface CrimesNamed {
  /** Known crimes the sentence names (longest matches, in order of appearance). */
  known: string[];
  /** Crime-like mentions the table does not know (an unknown name blocks any 不一致 from crimes). */
  unknown: string[];
}

/** The crimes a sentence names. */
export function crimesNamed(table: CrimeTable, sentence: string): CrimesNamed {
  const spans: { s: number; e: number; name: string }[] = [];
  for (let i = 0; i < sentence.length; i++) {
    const names = table.byFirst.get(sentence[i]!);
    if (!names) continue;
    for (const name of names) if (sentence.startsWith(name, i)) spans.push({ s: i, e: i + name.length, name });
  }
  spans.sort((a, b) => a.s - b.s || b.e - a.e);
  const kept: typeof spans = [];
  for (const sp of spans) if (!kept.some((k) => k.s <= sp.s && sp.e <= k.e)) kept.push(sp);
  const known = [...new Set(kept.map((k) => k.name))];
  const unknown: string[] = [];
  // what is left once the known names are blanked out
  let rest = sentence;
  for (const k of kept) rest = rest.slice(0, k.s) + "，".repeat(k.e - k.s) + rest.slice(k.e);
  for (const m of rest.matchAll(MENTION)) {
    const name = m[1]!;
    if (name.includes("犯罪") || /^[数本此该轻重死无有得认定]罪$/.test(name)) continue;
    unknown.push(name);
  }
  // a known name that is only the tail of a longer mention (构成网络诈骗罪 → 诈骗罪) is not what the sentence names
  for (const m of sentence.matchAll(MENTION)) {
    if (m[1]!.includes("犯罪")) continue;
    // the mention may begin inside a word (规定 → 定) and run over the verb: 定被告人张某犯挪用公款罪 names 挪用公款罪
    const name = m[1]!.replace(MENTION_LEAD, "");
    const end = m.index! + m[0].length;
    if (name.length < 2 || table.byName.has(name) || name.includes("、")) continue;
    if (kept.some((k) => k.e === end && k.s > end - name.length)) unknown.push(name);
  }
  return { known, unknown };
}
