/**
 * A small but real slice of ../shared/corpus for tests: every special shape the ingest must
 * handle (民法典's 8 parts, 第…条之一 in 刑法, multi-version families, text-only documents,
 * DLC files from three provinces, cases, the securities catalogue). Building it takes a
 * few seconds, so tests get real data without the full 60-second ingest.
 */
const FILES = new Set([
  "lawrefbook/民法商法/公司法(2018-10-26).md",
  "lawrefbook/民法商法/公司法(2023-12-29).md",
  "lawrefbook/经济法/会计法(2017-11-04).md",
  "lawrefbook/经济法/会计法(2024-06-28).md",
  "lawrefbook/社会法/劳动法(2018-12-29).md",
  "lawrefbook/民法商法/农村土地承包法(2018-12-29).md",
  "lawrefbook/社会法/劳动合同法(2012-12-28).md",
  "lawrefbook/民法商法/证券法(2019-12-28).md",
  "lawrefbook/民法商法/证券投资基金法(2015-04-24).md",
  "lawrefbook/刑法/刑法.md",
  "lawrefbook/刑法/刑法修正案（十一）.md",
  "lawrefbook/司法解释/最高人民检察院关于适用刑法分则规定的犯罪的罪名的意见(1997-12-25).md",
  "lawrefbook/司法解释/最高人民法院、最高人民检察院关于执行《刑法》确定罪名的补充规定（三）(2007-10-25).md",
  "lawrefbook/刑法/刑法修正案（十二）(2023-12-29).md",
  "lawrefbook/民法商法/消费者权益保护法(2013-10-25).md",
  "lawrefbook/行政法/个人信息保护法(2021-08-20).md",
  "lawrefbook/诉讼与非诉讼程序法/民事诉讼法(2021-12-24).md",
  "lawrefbook/诉讼与非诉讼程序法/民事诉讼法(2023-09-01).md",
  "lawrefbook/司法解释/最高人民法院关于审理民间借贷案件适用法律若干问题的规定(2020-12-29).md",
  "lawrefbook/司法解释/最高人民法院关于新民间借贷司法解释适用范围问题的批复.md",
  "lawrefbook/司法解释/最高人民法院关于适用《民法典》合同编通则若干问题的解释(2023-12-04).md",
  "lawrefbook/行政法规/证券公司监督管理条例(2014-07-29).md",
  "lawrefbook/行政法规/专利代理条例(2018-11-06).md",
  "lawrefbook/行政法规/水路货物运输合同实施细则(2011-01-08).md",
  "lawrefbook/DLC/北京地方法规/地方性法规/北京/中关村国家自主创新示范区条例.md",
  "lawrefbook/DLC/浙江地方法规/地方性法规/浙江/浙江省信息化促进条例(2010-07-30).md",
  "lawrefbook/DLC/山东地方法规/地方性法规/山东/威海市停车管理和服务条例(2021-12-06).md",
  "lawrefbook/案例/劳动人事/加班费的仲裁时效应当如何认定.md",
  "lawrefbook/案例/劳动人事/劳动者与用人单位订立放弃加班费协议，能否主张加班费.md",
  "cases/spc-guiding/guiding-cases.jsonl",
  "cases/lecardv2/query/test_query.json",
  "securities/yangguo-checkrule/rules/lawdfall0507.csv",
]);

export const SLICE_INCLUDE = (relPath: string): boolean => relPath.startsWith("lawrefbook/民法典/") || FILES.has(relPath);
