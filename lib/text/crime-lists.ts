/**
 * The 罪名 lists of the index (最高人民检察院关于适用刑法分则规定的犯罪的罪名的意见 and the 确定罪名的补充规定
 * series), read as data: crime name → the 刑法 articles that define it. Pure text parsing, shared by the
 * citation check (lib/citations/crime-names.ts: the crime a judgment names says which article it applies)
 * and the keyword search (lib/search/keyword/crime-concepts.ts: 职务侵占 finds 刑法 第二百七十一条, whose
 * text never says 职务侵占). Written here because no library knows these lists. Formats: numbered lists
 * 「N．X罪（第N条…）」, tables 「| 第N条 … | X罪（取消Y罪罪名）|」, and 「第N条…的罪名由“Y”修改为“X”」. A name
 * with a bracketed optional part (偷越国（边）境罪) is read as written, with the part and without it.
 */
import { parseChineseNumber, parseZhiSuffix } from "./numerals";

/** Titles of the instruments holding the lists. */
export const CRIME_LIST_TITLE = /确定罪名|犯罪的罪名的意见/;
const REF = /第\s*([0-9]+|[零〇一二两三四五六七八九十百千]+)\s*条(?:\s*(之[一二三四五六七八九十]+))?/g;

export function refsIn(s: string): string[] {
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

export function namesOf(name: string): [string, boolean][] {
  const n = name.replace(/\s+/g, "");
  // 偷越国（边）境罪: as written, with the optional part (偷越国边境罪) and without it (偷越国境罪)
  const opt = /（([\u4e00-\u9fa5]{1,2})）/u.exec(n);
  if (opt) {
    const out: [string, boolean][] = [[n, true]];
    for (const v of [n.replace(opt[0], opt[1]!), n.replace(opt[0], "")]) for (const x of namesOf(v)) if (!out.some((o) => o[0] === x[0])) out.push(x);
    return out;
  }
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
  for (const m of text.matchAll(/(?:^|[\s．.、|])((?:[\u4e00-\u9fa5、]|（[\u4e00-\u9fa5]{1,2}）){1,40}罪)（(第[^）]{1,80})）/g)) {
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
    // drop notes in brackets (取消…罪名), keep a one- or two-character optional part (国（边）境)
    const main = cell.replace(/（(?![\u4e00-\u9fa5]{1,2}）)[^）]*）/g, "");
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

/**
 * Crime name (with 罪) → tids of the 刑法 articles defining it, from the lists' texts (pure): whole names
 * first; a part of a joint name (窝藏罪 of 窝藏、包庇罪) only where no crime has that exact name (盗窃罪 is
 * not 盗窃、抢夺枪支…罪).
 */
export function crimeArticles(texts: string[]): Map<string, string[]> {
  const exact = new Map<string, string[]>();
  const parts = new Map<string, string[]>();
  for (const text of texts)
    for (const [name, tids, whole] of parseCrimeList(text)) {
      const into = whole ? exact : parts;
      const cur = into.get(name) ?? [];
      for (const t of tids) if (!cur.includes(t)) cur.push(t);
      into.set(name, cur);
    }
  const byName = new Map(exact);
  for (const [name, tids] of parts) if (!exact.has(name)) byName.set(name, tids);
  return byName;
}
