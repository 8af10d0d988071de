/**
 * Validity (sxx) reconciled per family, once all records are read. A family is one instrument
 * in one region (family key + dy). Versions are ordered by publication date (fbrq); a
 * version "took effect" on its ssrq, else its fbrq.
 *
 * 1. ssrq after today → 尚未生效.
 * 2. A newer version of the family has taken effect → 已被修改, and `expiry` is the date the
 *    next version took effect. This overrides a source's 失效 on an older version (LawRefBook
 *    marks amended versions expired=1; the catalogue marks them 3): an instrument that was
 *    amended was not repealed. Each override is reported as a conflict.
 * 3. The newest version in effect keeps the source's 失效 (repealed); otherwise 现行有效.
 * 4. At most one version per family is 现行有效: among versions tied on the newest date
 *    (the same version held twice, or undated copies), a full-text record wins over a
 *    catalogue row, then the one with a 施行日期, then the first by fgid; the others are
 *    已被修改 with the rule named in sxx_source (reported as conflicts).
 * Each decision is written to sxx_source.
 */
import type { RegulationRecord } from "./types";
import type { Regulation } from "../store/types";
import { familyKey } from "./family";

/** The date a version took effect (implementation date, else publication date). */
export function effectiveFrom(r: Regulation): string {
  return r.ssrq || r.fbrq;
}

export interface ValidityConflict {
  fgid: string;
  fgmc: string;
  fbrq: string;
  source: string;
  from: string;
  to: string;
  reason: string;
}

export interface ValidityReport {
  before: Record<string, number>;
  after: Record<string, number>;
  conflicts: ValidityConflict[];
  /** Checks after reconciliation (both must be 0; lib/corpus/validity.test.ts and the ingest audit). */
  checks: ValidityChecks;
}

export interface ValidityChecks {
  /** Families (family + dy) with more than one version marked 现行有效. */
  familiesWithTwoInForce: number;
  /** Versions marked 现行有效 although a newer version of their family (any source), or a later
   *  amending decision/notice naming them, or a later formal version of a （试行） text, has taken effect. */
  supersededInForce: number;
  /** Examples of either (fgmc + fbrq), for the audit. */
  examples: string[];
}

function tally(records: RegulationRecord[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { reg } of records) out[reg.sxx || "(空)"] = (out[reg.sxx || "(空)"] ?? 0) + 1;
  return out;
}

export function assignValidity(records: RegulationRecord[], today: string): ValidityReport {
  const before = tally(records);
  const conflicts: ValidityConflict[] = [];
  const families = new Map<string, Regulation[]>();
  for (const { reg } of records) {
    const key = `${validityFamily(reg)}|${reg.dy}`;
    const list = families.get(key);
    if (list) list.push(reg);
    else families.set(key, [reg]);
  }
  const change = (r: Regulation, to: string, source: string, reason: string) => {
    if (r.sxx && r.sxx !== to && r.sxx_source) conflicts.push({ fgid: r.fgid, fgmc: r.fgmc, fbrq: r.fbrq, source: r.sxx_source, from: r.sxx, to, reason });
    r.sxx = to;
    r.sxx_source = source;
  };
  for (const versions of families.values()) {
    const inEffect = versions.filter((o) => o.fbrq !== "" && effectiveFrom(o) <= today);
    for (const r of versions) {
      if (r.ssrq && r.ssrq > today) {
        change(r, "尚未生效", `施行日期 ${r.ssrq} 晚于今天`, "施行日期在今天之后");
        continue;
      }
      // the next newer version that has taken effect (same-day copies do not supersede each other)
      const next = r.fbrq === "" ? undefined : inEffect.filter((o) => o.fbrq > r.fbrq).sort((a, b) => (a.fbrq < b.fbrq ? -1 : 1))[0];
      if (next) {
        if (!r.expiry) r.expiry = effectiveFrom(next);
        change(r, "已被修改", `较新版本（${next.fbrq} 公布，${effectiveFrom(next)} 施行）`, "同一法规有较新的已施行版本");
        continue;
      }
      if (r.sxx === "失效" || r.sxx === "部分失效") continue; // the source's word on the newest version
      const newest = versions.filter((o) => o.fbrq === r.fbrq && o.sxx !== "失效" && o.sxx !== "部分失效" && !(o.ssrq && o.ssrq > today));
      const winner = [...newest].sort(preferred)[0]!;
      if (winner !== r) {
        change(r, "已被修改", `同一版本另有记录（${winner.source} ${winner.fgid}）`, "同一日期的重复版本，只保留一条现行有效");
        continue;
      }
      if (r.sxx === "") r.sxx_source = r.fbrq ? "同一法规中最新的已施行版本" : "来源未标失效，且无日期可比较版本";
      else if (r.sxx !== "现行有效") continue;
      r.sxx = "现行有效";
    }
    // an undated version beside dated ones cannot be ordered: it is not the one in force when a dated one is
    const dated = versions.find((o) => o.fbrq !== "" && o.sxx === "现行有效");
    if (dated) for (const r of versions) if (r.fbrq === "" && r.sxx === "现行有效") change(r, "已被修改", `无公布日期；同一法规的 ${dated.fbrq} 版本现行有效`, "无日期版本不能与现行版本并列");
  }
  amendedByNotices(records, today, change);
  decisionsAbsorbed(records, today, change);
  trialsReplaced(records, today, change);
  return { before, after: tally(records), conflicts, checks: validityChecks(records, today) };
}

/** Versions of each validity family (family + dy). */
function familiesOf(records: RegulationRecord[], key: (r: Regulation) => string = validityFamily): Map<string, Regulation[]> {
  const out = new Map<string, Regulation[]>();
  for (const { reg } of records) {
    const k = `${key(reg)}|${reg.dy}`;
    const list = out.get(k);
    if (list) list.push(reg);
    else out.set(k, [reg]);
  }
  return out;
}

/**
 * The checks the reconciliation must pass, counted on the final records: no family with two
 * 现行有效 versions, and no 现行有效 version whose successor is known and in effect (a newer
 * version of the family, a later 「关于修改《X》…」 naming it, a later formal version of a 试行 text).
 */
export function validityChecks(records: RegulationRecord[], today: string): ValidityChecks {
  const examples: string[] = [];
  let two = 0;
  let superseded = 0;
  const inForce = (o: Regulation) => o.fbrq !== "" && effectiveFrom(o) <= today && o.sxx !== "尚未生效";
  for (const versions of familiesOf(records).values()) {
    const current = versions.filter((r) => r.sxx === "现行有效");
    if (current.length > 1) {
      two++;
      examples.push(`两个现行有效：${current.map((r) => `${r.fgmc}（${r.fbrq}）`).join("、")}`);
    }
    for (const r of current) {
      const newer = versions.find((o) => o !== r && r.fbrq !== "" && o.fbrq > r.fbrq && inForce(o));
      if (newer) {
        superseded++;
        examples.push(`${r.fgmc}（${r.fbrq}）现行有效，但较新版本 ${newer.fgmc}（${newer.fbrq}）已施行`);
      }
    }
  }
  const byFamily = familiesOf(records, (r) => r.family);
  for (const { reg: n } of records) {
    const m = NOTICE.exec(n.fgmc);
    if (!m || !inForce(n)) continue;
    for (const r of byFamily.get(`${familyKey(m[1]!)}|${n.dy}`) ?? []) {
      if (r !== n && r.sxx === "现行有效" && r.fbrq && r.fbrq < n.fbrq) {
        superseded++;
        examples.push(`${r.fgmc}（${r.fbrq}）现行有效，但修改文件 ${n.fgmc}（${n.fbrq}）已施行`);
      }
    }
  }
  return { familiesWithTwoInForce: two, supersededInForce: superseded, examples: examples.slice(0, 20) };
}

type Change = (r: Regulation, to: string, source: string, reason: string) => void;

/**
 * A 「关于修改《X》…的决定/通知」 in force is absorbed once a version of X newer than it has taken
 * effect: what it changed is in that consolidated text, which is the one in force. The decision
 * becomes 已被修改 with expiry = the date that version took effect (e.g. 关于修改《上市公司重大资产
 * 重组管理办法》的决定 2019 → 上市公司重大资产重组管理办法（2020年修订）).
 */
function decisionsAbsorbed(records: RegulationRecord[], today: string, change: Change): void {
  const byFamily = familiesOf(records, (r) => r.family);
  for (const { reg: n } of records) {
    const m = NOTICE.exec(n.fgmc);
    if (!m || n.sxx !== "现行有效" || !n.fbrq) continue;
    const newer = (byFamily.get(`${familyKey(m[1]!)}|${n.dy}`) ?? [])
      .filter((o) => o !== n && o.fbrq > n.fbrq && effectiveFrom(o) <= today && o.sxx !== "尚未生效")
      .sort((a, b) => (a.fbrq < b.fbrq ? -1 : 1))[0];
    if (!newer) continue;
    if (!n.expiry) n.expiry = effectiveFrom(newer);
    change(n, "已被修改", `修改内容已并入较新版本《${newer.fgmc}》（${newer.fbrq} 公布，${effectiveFrom(newer)} 施行）`, "修改决定/通知已被较新版本吸收");
  }
}

/**
 * A text issued 「（试行）」 is replaced by the same issuer's formal text of the same title once that
 * has taken effect (e.g. 全国中小企业股份转让系统股票挂牌业务操作指南（试行） 2017 → 2020). Only versions
 * still 现行有效 change (a source's 失效 stands); the formal text must be dated after every trial version.
 */
function trialsReplaced(records: RegulationRecord[], today: string, change: Change): void {
  const byFamily = familiesOf(records, (r) => r.family);
  for (const [key, trial] of byFamily) {
    const [fam, dy] = key.split("|") as [string, string];
    // the family key keeps brackets as ( ): 「…指南(试行)」, also 「…(试行)(2018年修订)」 reduced by familyKey
    if (!/\(试行\)/.test(fam)) continue;
    const formal = byFamily.get(`${fam.replace(/\(试行\)/g, "")}|${dy}`);
    if (!formal || formal === trial) continue;
    const lastTrial = trial.reduce((a, b) => (a.fbrq > b.fbrq ? a : b));
    const first = formal
      .filter((o) => o.fbrq > lastTrial.fbrq && effectiveFrom(o) <= today && o.sxx !== "尚未生效" && sameIssuer(o, lastTrial))
      .sort((a, b) => (a.fbrq < b.fbrq ? -1 : 1))[0];
    if (!first) continue;
    for (const r of trial) {
      if (r.sxx !== "现行有效") continue;
      if (!r.expiry) r.expiry = effectiveFrom(first);
      change(r, "已被修改", `同一发布机关的正式版本《${first.fgmc}》（${first.fbrq} 公布，${effectiveFrom(first)} 施行）晚于试行版本`, "试行版本已被正式版本取代");
    }
  }
}

/** Same issuing body, when both records name one. */
function sameIssuer(a: Regulation, b: Regulation): boolean {
  return !a.fbbm || !b.fbbm || a.fbbm === b.fbbm;
}

/**
 * The CSRC's numbered opinions keep their number across revisions while the title around it
 * changes (「《上市公司收购管理办法》第六十二条…——证券期货法律适用意见第7号」 (2011) and
 * 「证券期货法律适用意见第7号——…（2022年修订）」): for validity they are one family.
 */
export function validityFamily(r: Regulation): string {
  const series = /证券期货法律适用意见第(\d+)号/.exec(r.fgmc);
  if (series) return `证券期货法律适用意见第${series[1]}号`;
  return r.family;
}

const NOTICE = /关于(?:修改|修订)《([^》]+)》[^《]*?(?:的决定|的通知)/;

/**
 * A catalogue (or full-text) 「关于修改《X》…的决定/通知」 dated D and in effect names X's successor
 * even when X's amended text is not held: every version of X dated before D that is still 现行有效
 * becomes 已被修改 with expiry D (e.g. 证券登记结算管理办法 before 关于修改《证券登记结算管理办法》的决定 2018).
 */
function amendedByNotices(records: RegulationRecord[], today: string, change: Change): void {
  const byFamily = new Map<string, Regulation[]>();
  for (const { reg } of records) {
    const k = `${reg.family}|${reg.dy}`;
    (byFamily.get(k) ?? byFamily.set(k, []).get(k)!).push(reg);
  }
  for (const { reg: notice } of records) {
    const m = NOTICE.exec(notice.fgmc);
    const d = effectiveFrom(notice);
    if (!m || !d || d > today || notice.sxx === "尚未生效") continue;
    for (const r of byFamily.get(`${familyKey(m[1]!)}|${notice.dy}`) ?? []) {
      if (r === notice || r.sxx !== "现行有效" || !r.fbrq || r.fbrq >= notice.fbrq) continue;
      if (!r.expiry) r.expiry = d;
      change(r, "已被修改", `修改文件《${notice.fgmc}》（${notice.fbrq}）`, "目录中的修改决定/通知晚于该版本");
    }
  }
}

/** Full text over catalogue, then a version with a 施行日期, then by fgid (stable). */
function preferred(a: Regulation, b: Regulation): number {
  if (a.has_fulltext !== b.has_fulltext) return a.has_fulltext ? -1 : 1;
  if (!!a.ssrq !== !!b.ssrq) return a.ssrq ? -1 : 1;
  return a.fgid < b.fgid ? -1 : a.fgid > b.fgid ? 1 : 0;
}
