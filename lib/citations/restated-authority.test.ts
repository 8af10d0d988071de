import { describe, expect, it } from "vitest";
import { authorityChanges } from "./restated-authority";

const GEREN_66 = "有前款规定的违法行为，情节严重的，由省级以上履行个人信息保护职责的部门责令改正，没收违法所得，并处五千万元以下或者上一年度营业额百分之五以下罚款。";
const TUDI_78 = "农村村民未经批准或者采取欺骗手段骗取批准，非法占用土地建住宅的，由县级以上人民政府农业农村主管部门责令退还非法占用的土地，限期拆除在非法占用的土地上新建的房屋。";
const HEHUO_22 = "除合伙协议另有约定外，合伙人向合伙人以外的人转让其在合伙企业中的全部或者部分财产份额时，须经其他合伙人一致同意。";
const ANBAO_1198 = "宾馆、商场、银行、车站、机场、体育场馆、娱乐场所等经营场所、公共场所的经营者、管理者或者群众性活动的组织者，未尽到安全保障义务，造成他人损害的，应当承担侵权责任。\n因第三人的行为造成他人损害的，由第三人承担侵权责任；经营者、管理者或者组织者未尽到安全保障义务的，承担相应的补充责任。经营者、管理者或者组织者承担补充责任后，可以向第三人追偿。";
const GONGSI_88 = "股东转让已认缴出资但未届出资期限的股权的，由受让人承担缴纳该出资的义务；受让人未按期足额缴纳出资的，转让人对受让人未按期缴纳的出资承担补充责任。\n未按照公司章程规定的出资日期缴纳出资或者作价出资的非货币财产的实际价额显著低于所认缴的出资额的股东转让股权的，转让人与受让人在出资不足的范围内承担连带责任；受让人不知道且不应当知道存在上述情形的，由转让人承担责任。";
const SHIPIN_131 = "违反本法规定，网络食品交易第三方平台提供者未对入网食品经营者进行实名登记、审查许可证，或者未履行报告、停止提供网络交易平台服务等义务的，由县级以上人民政府食品安全监督管理部门责令改正，没收违法所得，并处五万元以上二十万元以下罚款；造成严重后果的，责令停业，直至由原发证部门吊销许可证；使消费者的合法权益受到损害的，应当与食品经营者承担连带责任。";
const MINFA_1254 = "禁止从建筑物中抛掷物品。从建筑物中抛掷物品或者从建筑物上坠落的物品造成他人损害的，由侵权人依法承担侵权责任；经调查难以确定具体侵权人的，除能够证明自己不是侵权人的外，由可能加害的建筑物使用人给予补偿。可能加害的建筑物使用人补偿后，有权向侵权人追偿。";
const YILIAO_5 = "国务院卫生行政部门负责全国医疗机构的监督管理工作。\n县级以上地方人民政府卫生行政部门负责本行政区域内医疗机构的监督管理工作。";

describe("authorityChanges: who decides and by how many, restated", () => {
  it.each([
    { name: "a level of government", sentence: "违法处理个人信息情节严重的，由县级以上履行个人信息保护职责的部门责令改正", content: GEREN_66, want: ["机关层级改变：原文「省级」，援引句「县级」"] },
    { name: "a department", sentence: "农村村民未经批准非法占用土地建住宅的，由县级以上人民政府自然资源主管部门责令退还非法占用的土地", content: TUDI_78, want: ["主管部门改变：原文「农业农村」，援引句「自然资源」"] },
    { name: "the form of a guarantee", sentence: "保证合同对保证方式没有约定或者约定不明确的，按照连带责任保证承担保证责任", content: "当事人在保证合同中对保证方式没有约定或者约定不明确的，按照一般保证承担保证责任。", want: ["责任形式改变：原文「一般保证」，援引句「连带责任保证」"] },
    { name: "the form of a liability, both ending their clause", sentence: "二人以上共同实施侵权行为，造成他人损害的，应当承担按份责任", content: "二人以上共同实施侵权行为，造成他人损害的，应当承担连带责任。", want: ["责任形式改变：原文「连带责任」，援引句「按份责任」"] },
    { name: "the form of a liability for the same condition, the words right before it run otherwise (应当与第三人承担连带责任 for 承担相应的补充责任)", sentence: "因第三人的行为造成他人损害的，由第三人承担侵权责任，商场未尽到安全保障义务的，应当与第三人承担连带责任", content: ANBAO_1198, want: ["责任形式改变：原文「补充责任」，援引句「连带责任」"] },
    { name: "…read in the article's sentence the term's part restates, past a semicolon of the citing sentence (公司法 第八十八条 第一款, its second 款 saying 连带责任)", sentence: "股东转让已认缴出资但未届出资期限的股权的，由受让人承担缴纳该出资的义务；受让人未按期足额缴纳出资的，转让人对此承担连带责任", content: GONGSI_88, want: ["责任形式改变：原文「补充责任」，援引句「连带责任」"] },
    { name: "…the condition clause placing it wherever the sentence's other words are (食品安全法 第一百三十一条: the opening's words, then the last clause's condition)", sentence: "网络食品交易第三方平台提供者未对入网食品经营者进行实名登记、审查许可证，使消费者的合法权益受到损害的，应当承担相应的补充责任", content: SHIPIN_131, want: ["责任形式改变：原文「连带责任」，援引句「补充责任」"] },
    { name: "a compensation the article grants restated as a liability, the liability's verb passed over (…使用人承担连带赔偿责任 against …使用人给予补偿)", sentence: "从建筑物中抛掷物品造成他人损害、难以确定具体侵权人的，由可能加害的建筑物使用人承担连带赔偿责任", content: MINFA_1254, want: ["责任形式改变：原文「给予补偿」，援引句「连带赔偿责任」"] },
    { name: "…and the compensation restated is no change", sentence: "难以确定具体侵权人的，由可能加害的建筑物使用人给予补偿", content: MINFA_1254, want: [] },
    { name: "…and the article's own form is no change", sentence: "商场未尽到安全保障义务的，应当承担相应的补充责任", content: ANBAO_1198, want: [] },
    { name: "…the same form is no change", sentence: "二人以上共同实施侵权行为，造成他人损害的，应当承担连带责任", content: "二人以上共同实施侵权行为，造成他人损害的，应当承担连带责任。", want: [] },
    { name: "the article's sentence the citing one restates decides which share is compared (修改公司章程的决议: 第三款's 三分之二以上, not 第二款's 过半数)", sentence: "修改公司章程的决议经代表过半数表决权的股东通过即可，因此持股55%的大股东可以单独作出修改章程的决议", content: "股东会的议事方式和表决程序，除本法有规定的外，由公司章程规定。\n股东会作出决议，应当经代表过半数表决权的股东通过。\n股东会作出修改公司章程、增加或者减少注册资本的决议，以及公司合并、分立、解散或者变更公司形式的决议，应当经代表三分之二以上表决权的股东通过。", want: ["表决或同意比例改变：原文「三分之二以上」，援引句「过半数」"] },
    { name: "…and decisions at large restated with 过半数 are no change", sentence: "股东会作出决议，应当经代表过半数表决权的股东通过", content: "股东会的议事方式和表决程序，除本法有规定的外，由公司章程规定。\n股东会作出决议，应当经代表过半数表决权的股东通过。\n股东会作出修改公司章程、增加或者减少注册资本的决议，以及公司合并、分立、解散或者变更公司形式的决议，应当经代表三分之二以上表决权的股东通过。", want: [] },
    { name: "the share that must consent", sentence: "合伙人向合伙人以外的人转让其在合伙企业中的财产份额时，须经其他合伙人过半数同意", content: HEHUO_22, want: ["表决或同意比例改变：原文「一致」，援引句「过半数」"] },
    { name: "省级 is 省、自治区、直辖市", sentence: "由省级人民检察院决定，可以延长二个月", content: "下列案件在本法第一百五十六条规定的期限届满不能侦查终结的，经省、自治区、直辖市人民检察院批准或者决定，可以延长二个月", want: [] },
    { name: "a department is read after the body it belongs to (月内向国务院专利 is no department)", sentence: "专利申请人可以自收到通知之日起三个月内向国务院专利行政部门请求复审", content: "专利申请人对国务院专利行政部门驳回申请的决定不服的，可以自收到通知之日起三个月内向国务院专利行政部门请求复审。", want: [] },
    { name: "the article's own terms are no change", sentence: "由县级以上人民政府农业农村主管部门责令退还非法占用的土地", content: TUDI_78, want: [] },
    { name: "an article naming two levels in turn: either is its own", sentence: "县级以上地方人民政府卫生行政部门负责本行政区域内医疗机构的监督管理工作", content: YILIAO_5, want: [] },
    { name: "a term in other words around it is not compared (the case's own authority)", sentence: "本案被告市自然资源局作出的处罚决定", content: TUDI_78, want: [] },
  ])("$name", ({ sentence, content, want }) => {
    expect(authorityChanges(sentence, content).map((c) => c.text)).toEqual(want);
  });
});
