/**
 * Regulation metadata for a LawRefBook file: from the joined DB row where it has the field,
 * else from the folder, the file name and the header by the rules in header-meta.ts.
 */
import type { Regulation } from "../store/types";
import type { LawDbRow } from "./lawrefbook-db";
import {
  deriveDocumentNumber,
  deriveIssuingBody,
  headerImplementationDate,
  headerPublicationDate,
  isGovernmentRule,
} from "./header-meta";
import { familyKey } from "./family";
import { isSecuritiesRegulation } from "./securities-rule";

/** The NPC's 法律部门: the folder a 法律 sits in is its tier-2 level. */
const LAW_DEPARTMENTS = new Set(["宪法相关法", "民法商法", "行政法", "经济法", "社会法", "刑法", "诉讼与非诉讼程序法"]);
const KNOWN_LEVELS = new Set(["宪法", "法律", "行政法规", "司法解释", "部门规章", "地方性法规"]);
/** DLC provinces that are provinces (not municipalities) get 省 in `location`. */
const PROVINCES = new Set(["山东", "广东", "河南", "浙江"]);
/** A title issued by an autonomous county/prefecture: 景宁畲族自治县…条例. */
const AUTONOMOUS = /^(?:[\u4e00-\u9fa5]{2,3}省)?([\u4e00-\u9fa5]{2,12}?自治(?:县|州))/;

export interface FileContext {
  /** Path relative to the corpus root, posix separators (lawrefbook/…). */
  relPath: string;
  /** Segments below lawrefbook/ (without the file name). */
  dirs: string[];
  stem: string;
  /** Date from the file name, "" when absent. */
  filePublish: string;
  row: LawDbRow | null;
}

export interface DocText {
  title: string;
  header: string[];
  /** Opening body text, for document numbers announced in the body. */
  bodyStart: string;
}

/** 中央 for the root tree, the province short name for DLC/<省>地方法规/…. */
export function regionOf(ctx: FileContext): string {
  if (ctx.dirs[0] !== "DLC") return "中央";
  if (ctx.row?.category) return ctx.row.category;
  return (ctx.dirs[1] ?? "").replace(/地方法规$/, "");
}

/** xljb_1 / xljb_2 from the DB level and the folder. */
export function levelsOf(ctx: FileContext, header: string[], title = ""): { xljb_1: string; xljb_2: string } {
  const top = ctx.dirs[0] ?? "";
  if (top === "DLC") {
    // the DB files every DLC document as 地方性法规; an autonomous county's own 条例 and a
    // people's government's rules are their own tiers, recognisable from title and header
    if (AUTONOMOUS.test(title) && title.endsWith("条例")) return { xljb_1: "自治条例和单行条例", xljb_2: "" };
    return { xljb_1: isGovernmentRule(header) ? "地方政府规章" : "地方性法规", xljb_2: "" };
  }
  // 其他/ holds a forensic standard filed as 法律 in the DB; it is not a statute, so no level
  if (top === "其他") return { xljb_1: "", xljb_2: "" };
  const dbLevel = ctx.row && KNOWN_LEVELS.has(ctx.row.level) ? ctx.row.level : "";
  if (top === "部门规章") return { xljb_1: "部门规章", xljb_2: ctx.dirs[1] ?? "" };
  if (top === "民法典") return { xljb_1: "法律", xljb_2: "民法商法" };
  if (LAW_DEPARTMENTS.has(top)) return { xljb_1: dbLevel || "法律", xljb_2: top };
  if (top === "宪法" || top === "行政法规" || top === "司法解释") return { xljb_1: dbLevel || top, xljb_2: "" };
  return { xljb_1: dbLevel, xljb_2: "" };
}

/** City named at the start of a title (威海市…条例 → 山东省威海市), else the region. */
export function locationOf(title: string, dy: string): string {
  const prefix = PROVINCES.has(dy) ? `${dy}省` : dy;
  const auto = AUTONOMOUS.exec(title);
  if (auto && dy !== "中央") return `${prefix}${auto[1]}`;
  const m = /^([\u4e00-\u9fa5]{2,4}?)(?:市|经济特区)/.exec(title);
  if (!m || m[1] === dy || dy === "中央") return dy;
  return `${prefix}${m[1]}市`;
}

export function deriveRegulation(ctx: FileContext, doc: DocText, fgid: string, source: string): Regulation {
  const { xljb_1, xljb_2 } = levelsOf(ctx, doc.header, doc.title);
  const dy = regionOf(ctx);
  const fbbm = deriveIssuingBody(doc.title, doc.header, xljb_1);
  return {
    fgid,
    fgmc: doc.title,
    fbbm,
    fwzh: deriveDocumentNumber(doc.header, doc.bodyStart),
    xljb_1,
    xljb_2,
    // 失效 comes from the DB; the rest is decided per family in validity.ts
    sxx: ctx.row?.expired ? "失效" : "",
    dy,
    location: locationOf(doc.title, dy),
    ...publicationDate(ctx, doc.header),
    // the source's field; lawrefbook-record.ts replaces it by the text's own words (dates.ts)
    ssrq: ctx.row?.valid_from || headerImplementationDate(doc.header),
    ssrq_source: ctx.row?.valid_from ? "LawRefBook 数据库 valid_from" : headerImplementationDate(doc.header) ? "题注「… 施行」" : "",
    expiry: "",
    family: familyKey(doc.title),
    source,
    source_path: ctx.relPath,
    is_securities: isSecuritiesRegulation(doc.title, fbbm),
    has_fulltext: true,
    preamble: doc.header.join("\n"),
    sxx_source: ctx.row?.expired ? "LawRefBook 数据库 expired=1" : "",
    data_as_of: "",
  };
}

/** fbrq: DB publish → the date in the file name → the latest dated header event, with its source. */
function publicationDate(ctx: FileContext, header: string[]): { fbrq: string; fbrq_source: string } {
  if (ctx.row?.publish) return { fbrq: ctx.row.publish, fbrq_source: "LawRefBook 数据库 publish" };
  if (ctx.filePublish) return { fbrq: ctx.filePublish, fbrq_source: "文件名" };
  const h = headerPublicationDate(header);
  return { fbrq: h, fbrq_source: h ? "题注（最后一个日期）" : "" };
}
