/**
 * Which regulations count as securities-industry regulations (the rh_fg_zq_search scope).
 * Rule: issued by a securities/futures regulator or self-regulatory body, OR the title is
 * about securities, futures, funds, listed companies, shares or bonds. Plain 基金 is not
 * enough (社会保险基金, 基金会 are not securities law), so funds need 投资基金/证券投资基金.
 * On the LawRefBook corpus this selects the 26 documents its README lists.
 */
const BODIES = ["证券监督管理委员会", "证监会", "证券交易所", "期货交易所", "商品交易所", "证券业协会", "期货业协会", "基金业协会", "证券登记结算", "股份转让系统"];
const TITLE_WORDS = ["证券", "期货", "投资基金", "上市公司", "股票", "债券", "上市外资股", "募集股份", "内幕交易", "内幕信息"];

export function isSecuritiesRegulation(fgmc: string, fbbm: string): boolean {
  return BODIES.some((b) => fbbm.includes(b)) || TITLE_WORDS.some((w) => fgmc.includes(w));
}
