import { describe, expect, it } from "vitest";
import { numberChanges } from "./restated-number";

const LAODONG_37 = "劳动者提前三十日以书面形式通知用人单位，可以解除劳动合同。劳动者在试用期内提前三日通知用人单位，可以解除劳动合同。";
const MINFA_152 = "有下列情形之一的，撤销权消灭：\n（一）当事人自知道或者应当知道撤销事由之日起一年内、重大误解的当事人自知道或者应当知道撤销事由之日起九十日内没有行使撤销权；";
const XIAOBAO_55 = "经营者提供商品或者服务有欺诈行为的，应当按照消费者的要求增加赔偿其受到的损失，增加赔偿的金额为消费者购买商品的价款或者接受服务的费用的三倍；增加赔偿的金额不足五百元的，为五百元。";
const XINGFA_72 = "对于被判处拘役、三年以下有期徒刑的犯罪分子，同时符合下列条件的，可以宣告缓刑，对其中不满十八周岁的人、怀孕的妇女和已满七十五周岁的人，应当宣告缓刑：";
const XINGFA_17 = "已满十六周岁的人犯罪，应当负刑事责任。对依照前三款规定追究刑事责任的不满十八周岁的人，应当从轻或者减轻处罚。";
const LAODONG_47 = "经济补偿按劳动者在本单位工作的年限，每满一年支付一个月工资的标准向劳动者支付。六个月以上不满一年的，按一年计算；不满六个月的，向劳动者支付半个月工资的经济补偿。";
const LAODONG_19 = "劳动合同期限三个月以上不满一年的，试用期不得超过一个月；劳动合同期限一年以上不满三年的，试用期不得超过二个月；";

const LAODONG_19_ALL = "劳动合同期限三个月以上不满一年的，试用期不得超过一个月；劳动合同期限一年以上不满三年的，试用期不得超过二个月；三年以上固定期限和无固定期限的劳动合同，试用期不得超过六个月。";
const RENSHEN_12 = "残疾赔偿金根据受害人丧失劳动能力程度或者伤残等级，按照受诉法院所在地上一年度城镇居民人均可支配收入标准，自定残之日起按二十年计算。但六十周岁以上的，年龄每增加一岁减少一年；七十五周岁以上的，按五年计算。";
const DANBAO_17 = "主合同有效而第三人提供的担保合同无效，人民法院应当区分不同情形确定担保人的赔偿责任：\n（一）债权人与担保人均有过错的，担保人承担的赔偿责任不应超过债务人不能清偿部分的二分之一；";

const MINSU_234 = "执行过程中，案外人对执行标的提出书面异议的，人民法院应当自收到书面异议之日起十五日内审查，理由成立的，裁定中止对该标的的执行；理由不成立的，裁定驳回。案外人、当事人对裁定不服，认为原判决、裁定错误的，依照审判监督程序办理；与原判决、裁定无关的，可以自裁定送达之日起十五日内向人民法院提起诉讼。";

describe("numberChanges: a restatement's number against the article's, read locally", () => {
  it.each([
    { name: "the sentence's own words around the number (只需要…即可解除)", sentence: "如果还在试用期内，只需要提前七日通知用人单位即可解除", content: LAODONG_37, want: ["数字/期限/金额改变：原文「提前三日通知用人单位」，援引句「提前七日通知用人单位」"] },
    { name: "a time limit in another unit; both the article's limits with those words shown", sentence: "重大误解的当事人应当自知道或者应当知道撤销事由之日起六个月内行使撤销权", content: MINFA_152, want: ["数字/期限/金额改变：原文「撤销事由之日起一年内」「撤销事由之日起九十日内」，援引句「撤销事由之日起六个月内」"] },
    { name: "a sum of money, the words before enough", sentence: "增加赔偿的金额不足一千元的，按一千元计算", content: XIAOBAO_55, want: ["数字/期限/金额改变：原文「赔偿的金额不足五百元的」，援引句「赔偿的金额不足一千元的」"] },
    { name: "an age", sentence: "其中已满七十周岁的人，应当宣告缓刑", content: XINGFA_72, want: ["数字/期限/金额改变：原文「已满七十五周岁的人」，援引句「已满七十周岁的人」"] },
    { name: "a number placed by its clause's opening words, the words right before it the sentence's own (增加赔偿的金额为…价款的十倍)", sentence: "增加赔偿的金额为购买商品价款的十倍；不足五百元的，为五百元", content: XIAOBAO_55, want: ["数字/期限/金额改变：原文「增加赔偿的金额为……的三倍」，援引句「增加赔偿的金额为……的十倍」"] },
    { name: "…and the article's number so placed is no change", sentence: "增加赔偿的金额为购买商品价款的三倍；不足五百元的，为五百元", content: XIAOBAO_55, want: [] },
    { name: "a number the article says elsewhere is not placed at another by the words before it alone (必须在30日内起诉: 三十日内不依法提起诉讼, not 必须在四十八小时内作出裁定)", sentence: "法院采取保全措施后，您必须在30日内正式起诉或者申请仲裁，否则法院会解除保全", content: "利害关系人因情况紧急，不立即申请保全将会使其合法权益受到难以弥补的损害的，可以在提起诉讼或者申请仲裁前向被保全财产所在地、被申请人住所地或者对案件有管辖权的人民法院申请采取保全措施。申请人应当提供担保，不提供担保的，裁定驳回申请。\n人民法院接受申请后，必须在四十八小时内作出裁定；裁定采取保全措施的，应当立即开始执行。\n申请人在人民法院采取保全措施后三十日内不依法提起诉讼或者申请仲裁的，人民法院应当解除保全。", want: [] },
    { name: "a fact's number said roughly (累计缴费6年多) is no number of the rule", sentence: "你累计缴费6年多，所以最长可以领18个月", content: "失业人员失业前用人单位和本人累计缴费满一年不足五年的，领取失业保险金的期限最长为十二个月；累计缴费满五年不足十年的，领取失业保险金的期限最长为十八个月；累计缴费十年以上的，领取失业保险金的期限最长为二十四个月。", want: [] },
    { name: "a number placed by the condition clause before it (不满六个月的，按一个月工资 against 不满六个月的，向劳动者支付半个月工资)", sentence: "工作不满六个月的，按一个月工资支付经济补偿", content: LAODONG_47, want: ["数字/期限/金额改变：原文「不满六个月的，……半个月工资」，援引句「不满六个月的，……一个月工资」"] },
    { name: "…and 半个月 restated is no change", sentence: "工作不满六个月的，按半个月工资支付经济补偿", content: LAODONG_47, want: [] },
    { name: "the article's own number is no change", sentence: "劳动者在试用期内提前三日通知用人单位，可以解除劳动合同", content: LAODONG_37, want: [] },
    { name: "one of the article's several limits is no change", sentence: "当事人自知道撤销事由之日起一年内没有行使撤销权的，撤销权消灭", content: MINFA_152, want: [] },
    { name: "a fact's number whose words the article puts around no number (已满十七周岁 against 已满十六周岁的人犯罪)", sentence: "被告人犯罪时已满十七周岁，应当从轻处罚", content: XINGFA_17, want: [] },
    { name: "a fact's number with words the article does not hold", sentence: "原告于2022年5月入职，约定试用期六个月", content: LAODONG_19, want: [] },
    { name: "a calendar year is no time limit", sentence: "劳动者于2024年提前三十日以书面形式通知用人单位", content: LAODONG_37, want: [] },
    { name: "words without a unit are no number (一方, 第三人)", sentence: "当事人一方提前通知用人单位", content: LAODONG_37, want: [] },
    { name: "the same value written in figures or with 天 is the same number", sentence: "劳动者在试用期内提前3天通知用人单位", content: LAODONG_37, want: [] },
    { name: "money against a time limit is another number", sentence: "劳动者提前三十元以书面形式通知", content: LAODONG_37, want: [] },
    { name: "a number the article holds elsewhere in other words still differs here (三个月 of 期限三个月以上, not of 试用期不得超过), against the tier its condition names (三年以上固定期限…的劳动合同: 六个月)", sentence: "三年以上固定期限的劳动合同，试用期不得超过三个月", content: LAODONG_19_ALL, want: ["数字/期限/金额改变：原文「试用期不得超过六个月」，援引句「试用期不得超过三个月」"] },
    { name: "a number opening its clause, placed by the words after it", sentence: "但六十周岁以上的，年龄每增加一岁减少一年，七十周岁以上的，按五年计算", content: RENSHEN_12, want: ["数字/期限/金额改变：原文「七十五周岁以上的」，援引句「七十周岁以上的」"] },
    { name: "the article's very number with the words after it, cut from the 但 before it, though another number opens its clause alike", sentence: "死亡赔偿金按标准计算，六十周岁以上的年龄每增加一岁减少一年，故应按十五年计算", content: RENSHEN_12, want: [] },
    { name: "…but a number with words of its own before it is not excused by the same number elsewhere with the same words after (价款三倍 for 价款十倍或者损失三倍)", sentence: "消费者除要求赔偿损失外，还可以要求支付价款三倍的赔偿金", content: "生产不符合食品安全标准的食品或者经营明知是不符合食品安全标准的食品，消费者除要求赔偿损失外，还可以向生产者或者经营者要求支付价款十倍或者损失三倍的赔偿金；增加赔偿的金额不足一千元的，为一千元。", want: ["数字/期限/金额改变：原文「要求支付价款十倍」，援引句「要求支付价款三倍」"] },
    { name: "a fact of the case that meets the article's threshold (40% for 百分之十以上) applies it", sentence: "持有公司40%表决权的股东黄某可以请求人民法院解散公司", content: "公司经营管理发生严重困难，继续存续会使股东利益受到重大损失，通过其他途径不能解决的，持有公司百分之十以上表决权的股东，可以请求人民法院解散公司。", want: [] },
    { name: "…one that does not meet it (5%) is a change", sentence: "持有公司5%表决权的股东黄某可以请求人民法院解散公司", content: "公司经营管理发生严重困难，继续存续会使股东利益受到重大损失，通过其他途径不能解决的，持有公司百分之十以上表决权的股东，可以请求人民法院解散公司。", want: ["数字/期限/金额改变：原文「持有公司百分之十」，援引句「持有公司5%」"] },
    { name: "…and the threshold restated with its own 以上 is compared as a number", sentence: "持有公司百分之五以上表决权的股东，可以请求人民法院解散公司", content: "公司经营管理发生严重困难，继续存续会使股东利益受到重大损失，通过其他途径不能解决的，持有公司百分之十以上表决权的股东，可以请求人民法院解散公司。", want: ["数字/期限/金额改变：原文「持有公司百分之十以上表决权的股东」，援引句「持有公司百分之五以上表决权的股东」"] },
    { name: "a 的 the sentence puts before its number is no word of the article's (报价利率的十倍 against 报价利率四倍)", sentence: "约定利率未超过该报价利率的十倍，出借人请求按约定利率支付利息的应予支持", content: "出借人请求借款人按照合同约定利率支付利息的，人民法院应予支持，但是双方约定的利率超过合同成立时一年期贷款市场报价利率四倍的除外。", want: ["数字/期限/金额改变：原文「报价利率四倍」，援引句「报价利率的十倍」"] },
    { name: "a number whose own clause is the article's words, the sentence's conclusion after it its own (未满十八周岁 for 未满十六周岁)", sentence: "用人单位不得招用未满十八周岁的未成年人，故该店招用二人的行为本身即属违法", content: "禁止用人单位招用未满十六周岁的未成年人。", want: ["数字/期限/金额改变：原文「招用未满十六周岁的未成年人」，援引句「招用未满十八周岁的未成年人」"] },
    { name: "a share as a fraction", sentence: "担保人承担的赔偿责任不应超过债务人不能清偿部分的三分之一", content: DANBAO_17, want: ["数字/期限/金额改变：原文「不能清偿部分的二分之一」，援引句「不能清偿部分的三分之一」"] },
    { name: "a rule of the citing text's own that borrows the article's phrase is no restatement", sentence: "案外人对驳回其执行异议的裁定不服，认为原判决、裁定、调解书内容错误损害其民事权益的，可以自执行异议裁定送达之日起六个月内，向作出原判决、裁定、调解书的人民法院申请再审。", content: MINSU_234, want: [] },
    { name: "one tier of an article of tiers is no change (五十万元以上 of 三千元…、三万元…、五十万元以上的)", sentence: "诈骗公私财物价值五十万元以上的，应当认定为数额特别巨大", content: "诈骗公私财物价值三千元至一万元以上、三万元至十万元以上、五十万元以上的，应当分别认定为刑法第二百六十六条规定的“数额较大”、“数额巨大”、“数额特别巨大”。", want: [] },
    { name: "…but a value no tier has is", sentence: "诈骗公私财物价值六十万元以上的，应当认定为数额特别巨大", content: "诈骗公私财物价值三千元至一万元以上、三万元至十万元以上、五十万元以上的，应当分别认定为刑法第二百六十六条规定的“数额较大”、“数额巨大”、“数额特别巨大”。", want: ["数字/期限/金额改变：原文「公私财物价值三千元」，援引句「公私财物价值六十万元」"] },
    { name: "the same share written as a percentage is the same", sentence: "罚款为违法所得的50%", content: "处违法所得百分之五十的罚款", want: [] },
  ])("$name", ({ sentence, content, want }) => {
    expect(numberChanges(sentence, content).map((m) => m.text)).toEqual(want);
  });
});
