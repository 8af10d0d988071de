/**
 * A hand-made in-memory index (the real schema, a few regulations) for unit tests of the
 * keyword domain functions, independent of the corpus slice. Handler tests use the real
 * slice index from test/global-setup.ts instead.
 */
import Database from "better-sqlite3";
import { SCHEMA_SQL } from "@/lib/store/schema";
import { sqliteKeywordIndex, type KeywordIndex } from "@/lib/store/keyword-index";
import { sqliteBuildTarget, type BuildTarget } from "@/lib/store/build-target";
import { bigramDocument } from "@/lib/text/bigrams";
import { lawNameKey } from "@/lib/text/normalize";

export interface TinyReg {
  fgid: string;
  fgmc: string;
  fbbm?: string;
  fwzh?: string;
  xljb_1: string;
  xljb_2?: string;
  sxx: string;
  dy: string;
  fbrq: string;
  ssrq?: string;
  is_securities?: boolean;
  preamble?: string;
  /** [tid, ft_num, content, chapter path?]; absent = catalogue-only (has_fulltext 0). */
  clauses?: [string, string, string, string?][];
}

/** A national regulation of 中央 dated 2020-01-01, current unless `sxx` says otherwise: the shape most ranking tests need. */
export function tinyLaw(fgid: string, fgmc: string, xljb_1: string, clauses: NonNullable<TinyReg["clauses"]>, sxx = "现行有效"): TinyReg {
  return { fgid, fgmc, xljb_1, sxx, dy: "中央", fbrq: "2020-01-01", ssrq: "2020-01-01", clauses };
}

export const TINY_REGS: TinyReg[] = [
  {
    fgid: "mfd",
    fgmc: "中华人民共和国民法典",
    fbbm: "全国人民代表大会",
    fwzh: "主席令第四十五号",
    xljb_1: "法律",
    sxx: "现行有效",
    dy: "中央",
    fbrq: "2020-05-28",
    ssrq: "2021-01-01",
    clauses: [
      ["563", "第五百六十三条", "有下列情形之一的，当事人可以解除合同：\n（一）因不可抗力致使不能实现合同目的；"],
      ["566", "第五百六十六条", "合同解除后，尚未履行的，终止履行；已经履行的，根据履行情况和合同性质，当事人可以请求恢复原状或者采取其他补救措施，并有权请求赔偿损失。"],
      ["577", "第五百七十七条", "当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。"],
      ["585", "第五百八十五条", "当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金。"],
    ],
  },
  {
    fgid: "zqf",
    fgmc: "中华人民共和国证券法",
    fbbm: "全国人民代表大会常务委员会",
    xljb_1: "法律",
    sxx: "现行有效",
    dy: "中央",
    fbrq: "2019-12-28",
    ssrq: "2020-03-01",
    is_securities: true,
    clauses: [
      ["2", "第二条", "在中华人民共和国境内，股票、公司债券、存托凭证和国务院依法认定的其他证券的发行和交易，适用本法。"],
      ["85", "第八十五条", "信息披露义务人未按照规定披露信息，给投资者造成损失的，应当承担赔偿责任；发行人的控股股东违约的，承担连带责任。"],
    ],
  },
  {
    fgid: "bjld",
    fgmc: "北京市劳动合同规定",
    fbbm: "北京市人民政府",
    xljb_1: "地方政府规章",
    sxx: "现行有效",
    dy: "北京",
    fbrq: "2001-12-07",
    ssrq: "2002-02-01",
    preamble: "2001年12月7日北京市人民政府第86号令发布",
    clauses: [
      ["30", "第三十条", "用人单位解除劳动合同，应当提前30日以书面形式通知劳动者本人。"],
      ["31", "第三十一条", "劳动者违约解除劳动合同的，应当依法赔偿用人单位损失。"],
    ],
  },
  {
    fgid: "shld",
    fgmc: "上海市劳动合同条例",
    fbbm: "上海市人民代表大会常务委员会",
    xljb_1: "地方性法规",
    sxx: "失效",
    dy: "上海",
    fbrq: "2001-11-15",
    ssrq: "2002-05-01",
    clauses: [["1", "第一条", "為了調整勞動關係，當事人違約的，依法承擔責任。"]],
  },
  {
    fgid: "ssgs",
    fgmc: "上市公司信息披露管理办法",
    fbbm: "中国证券监督管理委员会",
    fwzh: "证监会令第182号",
    xljb_1: "部门规章",
    sxx: "现行有效",
    dy: "中央",
    fbrq: "2021-03-18",
    ssrq: "2021-05-01",
    is_securities: true,
  },
  {
    fgid: "nodate",
    fgmc: "某地合同管理办法",
    fbbm: "",
    xljb_1: "地方规范性文件",
    sxx: "",
    dy: "浙江",
    fbrq: "",
    clauses: [["0", "", "本办法所称合同，是指依法订立的书面合同。"]],
  },
];

/**
 * The hand-made index as the searches read it (the store's KeywordIndex), with the SQLite
 * handle for a test's own setup and checks and the build steps' view of it.
 */
export type TinyIndex = KeywordIndex & { readonly sqlite: Database.Database; readonly build: BuildTarget };

export function buildTinyIndex(regs: TinyReg[] = TINY_REGS): TinyIndex {
  const db = tinyDatabase(regs);
  return Object.assign(sqliteKeywordIndex(db), { sqlite: db, build: sqliteBuildTarget(db) });
}

function tinyDatabase(regs: TinyReg[]): Database.Database {
  const db = new Database(":memory:");
  db.exec(SCHEMA_SQL);
  const insReg = db.prepare(`INSERT INTO regulations (rid, fgid, fgmc, fgmc_key, fbbm, fwzh, xljb_1, xljb_2, sxx, dy, location,
    fbrq, ssrq, expiry, family, source, source_path, is_securities, has_fulltext, preamble, blocks, sxx_source, ssrq_source, data_as_of)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', ?, 'test', '', ?, ?, ?, '[]', 'test', ?, '2025-04-05')`);
  const insClause = db.prepare("INSERT INTO clauses (cid, id, fgid, rid, tid, ord, ft_num, content, chapter) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  const insClauseFts = db.prepare("INSERT INTO clause_fts (rowid, tokens) VALUES (?, ?)");
  const insRegFts = db.prepare("INSERT INTO reg_fts (rowid, title, body) VALUES (?, ?, ?)");
  let cid = 0;
  regs.forEach((r, i) => {
    const rid = i + 1;
    insReg.run(rid, r.fgid, r.fgmc, lawNameKey(r.fgmc), r.fbbm ?? "", r.fwzh ?? "", r.xljb_1, r.xljb_2 ?? "", r.sxx, r.dy, r.dy,
      r.fbrq, r.ssrq ?? "", lawNameKey(r.fgmc), r.is_securities ? 1 : 0, r.clauses ? 1 : 0, r.preamble ?? "", r.ssrq ? "test" : "");
    const body: string[] = [];
    (r.clauses ?? []).forEach(([tid, ftNum, content, chapter], ord) => {
      cid++;
      insClause.run(cid, `${r.fgid}_${tid}`, r.fgid, rid, tid, ord, ftNum, content, chapter ?? "");
      insClauseFts.run(cid, bigramDocument(content));
      body.push(content);
    });
    insRegFts.run(rid, bigramDocument(r.fgmc), bigramDocument([r.preamble ?? "", ...body].join("\n")));
  });
  return db;
}
