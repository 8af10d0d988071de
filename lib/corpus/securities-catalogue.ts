/**
 * Reader for securities/yangguo-checkrule/rules/lawdfall0507.csv, an export of the CSRC
 * 证券期货法规数据库: metadata only (no full text), so every record is catalogue-only
 * (has_fulltext false). Rows repeat per category: deduplicated by secFutrsLawId.
 *
 * xljb_1 is not in the source; it is mapped from the issuing body, taking the highest
 * tier among joint issuers (法律 > 行政法规 > 司法解释 > 部门规章 > 行业/团体规范), with the
 * finer kind in xljb_2 following the 北大法宝 convention:
 *   全国人民代表大会(常务委员会)               → 法律
 *   国务院 / 国务院办公厅 / 国务院证券委员会     → 行政法规 (xljb_2 行政法规 for 条例/规定/办法, else 国务院规范性文件)
 *   最高人民法院 / 最高人民检察院              → 司法解释
 *   证监会 and other ministries/commissions   → 部门规章 (xljb_2 部门规章 for a …令第N号, else 部门规范性文件)
 *   exchanges, associations, 中国结算, 股转系统, 证券金融, 投资者保护基金 → 行业/团体规范
 *   anything else                             → "" (not guessed)
 */
import type { Regulation } from "../store/types";
import { parseCsvObjects } from "./csv";
import { familyKey } from "./family";
import type { CorpusProblem, RegulationRecord } from "./types";

type Tier = { xljb_1: string; rank: number };

function tierOfIssuer(org: string): Tier {
  if (/全国人民代表大会|全国人大/.test(org)) return { xljb_1: "法律", rank: 5 };
  if (/^(?:中华人民共和国)?国务院(?:办公厅|证券委员会.*)?$/.test(org)) return { xljb_1: "行政法规", rank: 4 };
  if (/最高人民法院|最高人民检察院/.test(org)) return { xljb_1: "司法解释", rank: 3 };
  if (/交易所|协会|登记结算|股份转让系统|证券金融|投资者保护基金/.test(org)) return { xljb_1: "行业/团体规范", rank: 1 };
  if (/部|委员会|总局|局|银行|署|办公厅/.test(org) && !/中国共产党/.test(org)) return { xljb_1: "部门规章", rank: 2 };
  return { xljb_1: "", rank: 0 };
}

export function catalogueLevels(orgs: string[], title: string, fileno: string): { xljb_1: string; xljb_2: string } {
  const best = orgs.map(tierOfIssuer).reduce((a, b) => (b.rank > a.rank ? b : a), { xljb_1: "", rank: 0 });
  if (best.xljb_1 === "部门规章") return { xljb_1: "部门规章", xljb_2: /令第?\d+号|令〔/.test(fileno) ? "部门规章" : "部门规范性文件" };
  if (best.xljb_1 === "行政法规") {
    const formal = /(条例|规定|办法|细则)(（.*）|\(.*\))?$/.test(title) && !/通知|意见|批复/.test(title);
    return { xljb_1: "行政法规", xljb_2: formal ? "行政法规" : "国务院规范性文件" };
  }
  return { xljb_1: best.xljb_1, xljb_2: "" };
}

/** Epoch milliseconds (a float string, midnight Beijing time) → yyyy-MM-dd in Beijing. */
export function beijingDate(ms: string): string {
  const n = Number(ms);
  if (!ms.trim() || !Number.isFinite(n)) return "";
  return new Date(n + 8 * 3600_000).toISOString().slice(0, 10);
}

function yyyymmdd(s: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(s.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : "";
}

export function readSecuritiesCatalogue(
  text: string,
  relPath: string,
): { records: RegulationRecord[]; problems: CorpusProblem[]; repeatedRows: number } {
  const problems: CorpusProblem[] = [];
  const records: RegulationRecord[] = [];
  const seen = new Set<string>();
  let repeatedRows = 0;
  const rows = parseCsvObjects(text);
  rows.forEach((row, i) => {
    const id = (row.secFutrsLawId ?? "").trim();
    const name = (row.secFutrsLawName ?? "").trim();
    if (!/^[0-9A-Za-z]{8,64}$/.test(id) || !name) {
      // +2: header line, 1-based
      problems.push({ path: `${relPath}:row ${i + 2}`, kind: "unparsed", reason: "row without secFutrsLawId or name" });
      return;
    }
    if (seen.has(id)) {
      repeatedRows++;
      return;
    }
    seen.add(id);
    const orgs = (row.lawPubOrgName ?? "").split(/[,，]/).map((s) => s.trim()).filter(Boolean);
    const fileno = (row.fileno ?? "").trim();
    const status = (row.lawAthrtyStsCde ?? "").trim();
    const reg: Regulation = {
      fgid: id,
      fgmc: name,
      fbbm: orgs.join("、"),
      fwzh: fileno,
      ...catalogueLevels(orgs, name, fileno),
      sxx: status === "3" ? "失效" : status === "1" ? "现行有效" : "",
      dy: "中央",
      location: "中央",
      fbrq: beijingDate(row.pubDate ?? ""),
      ssrq: yyyymmdd(row.efctvDate ?? ""),
      expiry: yyyymmdd(row.inefctvDate ?? ""),
      family: familyKey(name),
      source: "securities",
      source_path: relPath,
      is_securities: true,
      has_fulltext: false,
      preamble: "",
      fbrq_source: row.pubDate ? "证券期货法规目录 pubDate" : "",
      ssrq_source: row.efctvDate ? "证券期货法规目录 efctvDate" : "",
      sxx_source: status === "1" || status === "3" ? `证券期货法规目录 lawAthrtyStsCde=${status}` : "",
      data_as_of: "",
    };
    records.push({ reg, clauses: [], blocks: [], aliases: [name] });
  });
  if (rows.length === 0) problems.push({ path: relPath, kind: "unparsed", reason: "no CSV rows" });
  return { records, problems, repeatedRows };
}

/**
 * Drops catalogue records that describe a version already held in full text (same family,
 * same publication date) and fills that version's empty fwzh/fbbm from the catalogue row,
 * which is a source for them. Returns the kept catalogue records.
 */
export function mergeCatalogueWithFullText(
  catalogue: RegulationRecord[],
  fullText: RegulationRecord[],
): { kept: RegulationRecord[]; duplicates: number; enriched: number } {
  const byVersion = new Map<string, Regulation>();
  for (const { reg } of fullText) if (reg.fbrq) byVersion.set(`${reg.family}|${reg.fbrq}`, reg);
  const kept: RegulationRecord[] = [];
  let duplicates = 0;
  let enriched = 0;
  for (const rec of catalogue) {
    const twin = rec.reg.fbrq ? byVersion.get(`${rec.reg.family}|${rec.reg.fbrq}`) : undefined;
    if (!twin) {
      kept.push(rec);
      continue;
    }
    duplicates++;
    let filled = false;
    if (!twin.fwzh && rec.reg.fwzh) {
      twin.fwzh = rec.reg.fwzh;
      filled = true;
    }
    if (!twin.fbbm && rec.reg.fbbm) {
      twin.fbbm = rec.reg.fbbm;
      filled = true;
    }
    if (filled) enriched++;
  }
  return { kept, duplicates, enriched };
}
