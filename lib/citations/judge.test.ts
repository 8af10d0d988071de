/**
 * The judge step on the ways drafts use an article (quote, pasted text, restatement, application,
 * bare list), through the whole pipeline over the slice index: verdict, style and the article named
 * when the number is wrong. Table-driven; each row is a sentence of the kind real judgments write.
 */
import { describe, expect, it } from "vitest";
import { checkDraft } from "./check-draft";
import { RENUMBER_SIMILARITY } from "./judge-citations";
import { concludedBefore, numberPinpoint, GENERIC_SPREAD, HEADING_OUTSIDE_SHARE, deniedOnly, reportsSpeech, HEADING_SECTION_MAX, LONG_LIST, SUPPORT, WHAT_IS_DONE, actorOnly, headingConcepts, missingPinpoint, citesSame, onlyInReference, restatesException, sentenceClaim, usedAsWord, whatIsDone } from "./judge";
import { lawIndexFor } from "./law-index";
import type { CitationStore } from "./types";
import { citationStore } from "./store-port";

interface Row {
  name: string;
  text: string;
  /** Which entry (default the first). */
  at?: number;
  verdict: string;
  style?: string;
  /** tid of wrong_clause, or null for none. */
  wrong?: string | null;
  /** Text the explanation must contain. */
  says?: string;
  referenceDate?: string;
}

const ROWS: Row[] = [
  // the whole sentence — facts and consequence — another article's (judge.ts sentenceRival)
  { name: "facts and consequence another article's far more than the cited one's name it (公司法 第八十九条 for 第二百三十一条's 公司经营管理发生严重困难…请求人民法院解散公司)", text: "F公司两名股东长期僵持，股东会连续三年无法形成有效决议，公司经营管理发生严重困难。持有公司40%表决权的股东黄某可依据《中华人民共和国公司法》第八十九条请求人民法院解散公司。", verdict: "不一致", wrong: "231" },
  { name: "…and under that article, a fact meeting its threshold (40% for 百分之十以上) is no changed number", text: "F公司两名股东长期僵持，股东会连续三年无法形成有效决议，公司经营管理发生严重困难。持有公司40%表决权的股东黄某可依据《中华人民共和国公司法》第二百三十一条请求人民法院解散公司。", verdict: "一致", wrong: null },
  // a list of this law's articles stating a rule whose long run one unlisted article alone holds (verbatimElsewhere, LIST_VERBATIM_RUN)
  { name: "in a list of the law's articles, one holding nothing of the rule stated while an unlisted one holds a long run of it word for word", text: "根据《中华人民共和国民法典》第五百零九条、第一千零四十三条的规定，被告作为当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任，原告的请求应予支持。", at: 1, verdict: "不一致", wrong: "577" },
  { name: "…not when a listed article holds the run", text: "根据《中华人民共和国民法典》第五百七十七条、第一千零四十三条的规定，被告作为当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任，原告的请求应予支持。", at: 1, verdict: "无法判断", wrong: null },
  // a 项 whose number the sentence says (otherPinpoint, numberPinpoint)
  { name: "the 项 whose number the sentence says is named when the cited 项 says another in the same words (第四十四条第二项 for 第三项's 百分之三百)", text: "公司在国庆节法定假日安排员工值班，依据《中华人民共和国劳动法》第四十四条第二项，应当支付不低于工资百分之三百的工资报酬。", verdict: "部分一致", says: "第（三）项规定了「百分之三百」" },
  { name: "…and the right 项 stays 一致", text: "公司在国庆节法定假日安排员工值班，依据《中华人民共和国劳动法》第四十四条第三项，应当支付不低于工资百分之三百的工资报酬。", verdict: "一致" },
  { name: "a citation embedded in the citing text's own rule (…第一款规定的逃避缴纳税款行为，…不予追究刑事责任) is not a pinpoint to the 款 whose words the rule shares", text: "纳税人有刑法第二百零一条第一款规定的逃避缴纳税款行为，在公安机关立案前，经税务机关依法下达追缴通知后，在规定的期限或者批准延缓、分期缴纳的期限内足额补缴应纳税款，缴纳滞纳金，并全部履行税务机关作出的行政处罚决定的，不予追究刑事责任。", verdict: "一致", referenceDate: "2024-06-01" },
  // quote / pasted
  { name: "verbatim quote", text: "《民法典》第五百七十七条规定：“当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。”", verdict: "一致", style: "quote", wrong: null },
  { name: "quote under the wrong number names the right article", text: "《民法典》第五百七十八条规定：“当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。”", verdict: "不一致", style: "quote", wrong: "577", says: "第五百七十七条" },
  { name: "pasted text under the wrong number", text: "法律依据：《民法典》第五百七十八条当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。", verdict: "不一致", style: "pasted", wrong: "577" },
  { name: "pasted text under the right number", text: "法律依据：《民法典》第五百七十七条当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。", verdict: "一致", style: "pasted" },
  { name: "a quote of a law the draft does not cite, under another law's name, names that law", text: "根据《中华人民共和国民法典》第八十二条规定：“用人单位自用工之日起超过一个月不满一年未与劳动者订立书面劳动合同的，应当向劳动者每月支付二倍的工资。”", verdict: "不一致", style: "quote", wrong: "82", says: "《中华人民共和国劳动合同法》第八十二条" },
  { name: "a quoted term no article of the cited law holds, word for word in another law", text: "该情形属于《中华人民共和国民法典》第五百条规定的“未与劳动者订立书面劳动合同”的情形。", verdict: "不一致", style: "restatement", says: "劳动合同法" },
  { name: "a quote with one crime's act for another's (盗窃 for 诈骗) is not 一致: the crime's article is named", text: "根据《中华人民共和国刑法》第二百六十六条规定：“盗窃公私财物，数额较大的，处三年以下有期徒刑、拘役或者管制，并处或者单处罚金。”", verdict: "不一致", style: "quote", wrong: "264", says: "罪名不同" },
  { name: "the same restated with the crime's own act stays 一致", text: "根据《中华人民共和国刑法》第二百六十六条，诈骗公私财物，数额较大的，处三年以下有期徒刑、拘役或者管制，并处或者单处罚金。", verdict: "一致", wrong: null },
  { name: "restated with another crime's act", text: "根据《中华人民共和国刑法》第二百六十六条，盗窃公私财物，数额较大的，处三年以下有期徒刑、拘役或者管制，并处或者单处罚金。", verdict: "不一致", wrong: "264", says: "罪名不同" },
  { name: "a topic after the number that the article holds", text: "法律依据：《中华人民共和国刑法》第二十条（正当防卫）。", verdict: "一致", wrong: null, says: "正当防卫" },
  { name: "a topic after the wrong number names the article that holds it", text: "法律依据：《中华人民共和国刑法》第二十一条（正当防卫）。", verdict: "不一致", wrong: "20", says: "所注「正当防卫」" },
  { name: "a topic in words the law does not use is not judged by the few it does (经济性裁员)", text: "《中华人民共和国劳动合同法》第四十六条（经济性裁员）", verdict: "无法判断" },
  { name: "a superseded text quoted today: 不一致, and the older version the index lacks the text of is named as its likely source", text: "根据《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》第二十六条规定：“借贷双方约定的利率未超过年利率24%，出借人请求借款人按照约定的利率支付利息的，人民法院应予支持。”", verdict: "不一致", style: "quote", wrong: null, says: "2015-08-06 公布的版本" },
  { name: "a restatement in another law's own words under this law's name names that law", text: "根据《中华人民共和国民法典》第八十二条，用人单位自用工之日起超过一个月不满一年未与劳动者订立书面劳动合同的，应当向劳动者每月支付二倍的工资。", verdict: "不一致", wrong: "82", says: "《中华人民共和国劳动合同法》第八十二条" },
  // restatement / application
  { name: "未按约定 is a fact, not an added negation", text: "被告未按约定付款，根据《民法典》第五百七十七条应当承担继续履行、赔偿损失等违约责任。", verdict: "一致", wrong: null },
  { name: "a close restatement under a neighbouring number (an LLM's 第三十九条 for 第三十八条)", text: "根据《劳动合同法》第三十九条，用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同。", verdict: "不一致", style: "restatement", wrong: "38" },
  { name: "another article's text word for word under a number whose article shares only scattered words with it", text: "根据《民法典》第1166条，行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。", verdict: "不一致", style: "restatement", wrong: "1165", says: "第一千一百六十五条的原文" },
  { name: "probation limits restated under the next number (an LLM's 第二十条 for 第十九条)", text: "根据《劳动合同法》第二十条，劳动合同期限三个月以上不满一年的，试用期不得超过一个月。", verdict: "不一致", wrong: "19", says: "原文" },
  { name: "the statement closed by the citation in brackets", text: "行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任（《民法典》第一千一百六十六条）。", verdict: "不一致", wrong: "1165", says: "原文" },
  { name: "statute language's own rule before a mid-sentence citation is not read for a restated modal (第五百八十五条 says 可以约定; the citing rule 应当约定)", text: "当事人应当约定一方违约时应当根据违约情况向对方支付一定数额的违约金，并依照《民法典》第五百八十五条的规定，由人民法院审查。", verdict: "一致", wrong: null },
  { name: "statute language keeps its 按照 when read word for word (应当按照约定的期限返还借款 is 第六百七十五条's, not the citing formula)", text: "根据《民法典》第六百七十七条，借款人应当按照约定的期限返还借款。", verdict: "不一致", wrong: "675", says: "借款人应当按照约定的期限返还借款" },
  { name: "…and under its own number it is 一致", text: "根据《民法典》第六百七十五条，借款人应当按照约定的期限返还借款。", verdict: "一致", wrong: null },
  { name: "the same text under its own number", text: "根据《民法典》第1165条，行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。", verdict: "一致", wrong: null },
  { name: "正当防卫's text under 紧急避险's number (the two share a 30-character opening)", text: "根据《刑法》第二十一条，为了使国家、公共利益、本人或者他人的人身、财产和其他权利免受正在进行的不法侵害，而采取的制止不法侵害的行为，对不法侵害人造成损害的，属于正当防卫，不负刑事责任。", verdict: "不一致", wrong: "20" },
  { name: "an article's text under the number of an article it refers to (第一千零六十二条 names 第一千零六十三条's exception) is still that article's", text: "根据《民法典》第一千零六十三条，夫妻在婚姻关系存续期间所得的工资、奖金，归夫妻共同所有。", verdict: "不一致", wrong: "1062" },
  { name: "the text of an article the cited one refers to (第八十七条 counts its damages by 第四十七条), with nothing of the cited one's own: 部分一致, that article's rule, no wrong number", text: "根据《劳动合同法》第八十七条，经济补偿按劳动者在本单位工作的年限，每满一年支付一个月工资的标准向劳动者支付。", verdict: "部分一致", wrong: null, says: "援引第四十七条" },
  { name: "a pronoun's junction (要求其承担违约责任) makes no rival: 第一百八十六条's 请求其承担违约责任 is no better evidence than the cited article's 违约责任", text: "如果房东不退押金，你可以根据《民法典》第五百七十七条要求其承担违约责任。", verdict: "部分一致", wrong: null },
  { name: "advice to the reader (你可以…以…为由解除) is the writer's own application, not a party's argument: the wrong number is caught", text: "你可以依据《劳动合同法》第三十九条，以用人单位未及时足额支付劳动报酬为由解除劳动合同。", verdict: "不一致", wrong: "38" },
  { name: "a crime's elements stated, then the source named after them (…，是受贿罪，依据第三百八十三条。), under the article setting its punishment: the defining article is named", text: "国家工作人员利用职务上的便利，非法收受他人财物，为他人谋取利益的，是受贿罪，依据《中华人民共和国刑法》第三百八十三条。", verdict: "不一致", wrong: "385", says: "只规定该罪的处罚" },
  { name: "…and under the defining article it is 一致", text: "国家工作人员利用职务上的便利，非法收受他人财物，为他人谋取利益的，是受贿罪，依据《中华人民共和国刑法》第三百八十五条。", verdict: "一致" },
  { name: "a statement named after it as the source of a doctrine (这是…第X条规定的过错责任原则。) states the article: another article's words in it are that article's text", text: "行为人因过错侵害他人民事权益造成损害，须承担侵权责任，这是《民法典》第一千一百六十六条规定的过错责任原则。", verdict: "不一致", wrong: "1165", says: "第一千一百六十五条的原文" },
  { name: "a share restated with another number (百分之二十 → 百分之三十) is a changed number", text: "根据《民法典》第五百八十六条，定金的数额由当事人约定，但是不得超过主合同标的额的百分之三十，超过部分不产生定金的效力。", verdict: "不一致", says: "原文「二十」，引文「三十」" },
  { name: "asserting a right (债权人没有主张权利的) is no party's argument: the period restated wrong is caught", text: "借条上没写保证期间的话，根据《民法典》第六百九十二条，保证期间为主债务履行期限届满之日起一年，超过这个期间债权人没有主张权利的，保证人就不再承担责任了。", verdict: "不一致", says: "原文「六个月」，引文「一年」" },
  { name: "another 款 holding the sentence word for word, the cited 款 none of it: 部分一致 naming that 款", text: "本院认为，依照《中华人民共和国民法典》第六百九十二条第三款，债权人与保证人没有约定保证期间或者约定不明确的，保证期间为主债务履行期限届满之日起六个月。", verdict: "部分一致", says: "第六百九十二条第二款规定了" },
  { name: "…and under that 款 it is 一致", text: "本院认为，依照《中华人民共和国民法典》第六百九十二条第二款，债权人与保证人没有约定保证期间或者约定不明确的，保证期间为主债务履行期限届满之日起六个月。", verdict: "一致" },
  { name: "a claim the reader may make (可依据第X条主张) is advice, not a party's 主张: the wrong number is caught", text: "您在商场内被其他顾客推倒受伤，商场未尽到安全保障义务的，应当承担相应的补充责任，可依据《民法典》第一千一百九十七条主张。", verdict: "不一致", wrong: "1198" },
  { name: "…and so is the writer's gloss 最长可主张十一个月", text: "公司自用工之日起超过一个月未与您签订书面劳动合同，依据《中华人民共和国劳动合同法》第八十七条，公司应当向您每月支付二倍的工资，最长可主张十一个月。", verdict: "不一致", wrong: "82" },
  { name: "a reason the other side gave in a clause of its own (公司以…为由直接辞退您，) leaves the writer's later citation the writer's", text: "公司以“末位淘汰”为由直接辞退您，属于违法解除，您不要求继续履行的，可以依据《中华人民共和国劳动合同法》第四十七条要求公司按经济补偿标准的二倍支付赔偿金。", verdict: "不一致", wrong: "48" },
  { name: "…while a party's 主张 stays reported, though a word before it holds 可 (许可)", text: "出租人许可证过期后主张承租人未经同意转租，依据《民法典》第七百一十七条请求解除合同。", verdict: "无法判断" },
  { name: "…a party's 以…为由 stays reported speech", text: "被告以原告未及时足额支付劳动报酬为由，依据《劳动合同法》第三十九条解除劳动合同。", verdict: "无法判断" },
  { name: "a special-part article that names 数罪并罚 only to refer to its rules (第二百四十一条: 依照数罪并罚的规定处罚) is not the article of 数罪并罚", text: "被告人在判决宣告前犯数罪，根据《中华人民共和国刑法》第二百四十一条之规定，应当数罪并罚。", verdict: "不一致", wrong: "69", says: "「数罪并罚」一节" },
  { name: "…and the article of 数罪并罚 is 一致", text: "被告人在判决宣告前犯数罪，根据《中华人民共和国刑法》第六十九条之规定，应当数罪并罚。", verdict: "一致", wrong: null },
  { name: "three articles each stated in its own words in one sentence are no list: each is judged on its own part (a wrong number caught)", text: "《劳动合同法》第三十九条规定用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同，《民法典》第五百七十七条规定当事人一方不履行合同义务的应当承担违约责任，《民法典》第一千一百六十五条规定行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。", verdict: "不一致", style: "restatement", wrong: "38" },
  { name: "…and the right ones 一致 on their own words", text: "《劳动合同法》第三十九条规定用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同，《民法典》第五百七十七条规定当事人一方不履行合同义务的应当承担违约责任，《民法典》第一千一百六十五条规定行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。", at: 2, verdict: "一致", style: "restatement", wrong: null },
  { name: "a party word joined to the consequence (要求卖方承担违约责任) makes no rival: 第五百九十三条's 向对方承担违约责任 holds the same words joined, 第五百七十七条 holds them apart", text: "房屋买卖合同中，卖方迟延交房构成违约，买方可依据《民法典》第五百七十七条要求卖方承担违约责任。", verdict: "部分一致", wrong: null },
  { name: "…nor 要求对方承担违约责任 (the distinctive-phrase step too)", text: "卖方迟延交房构成违约，买方可依据《民法典》第五百七十七条要求对方承担违约责任。", verdict: "部分一致", wrong: null },
  { name: "…while a rival holding a word the cited article lacks is still named", text: "根据《民法典》第五百一十条，当事人应当按照约定全面履行自己的义务。", verdict: "不一致", wrong: "509" },
  { name: "a 款 the cited article lacks, whose words another article's same 款 holds (第六十八条第三款 for 第六十七条第三款), names that article", text: "被告人到案后如实供述自己的罪行，根据《刑法》第六十八条第三款，可以从轻处罚。", verdict: "不一致", wrong: "67", says: "第六十七条" },
  { name: "…and under its own number it is 一致", text: "被告人到案后如实供述自己的罪行，根据《刑法》第六十七条第三款，可以从轻处罚。", verdict: "一致", wrong: null },
  { name: "a statement named as the article's after it (…，这是《民事诉讼法》第二十五条的规定) is read as stating it: another article's words name it", text: "因合同纠纷提起的诉讼，由被告住所地或者合同履行地人民法院管辖，这是《民事诉讼法》第二十五条的规定。", verdict: "不一致", wrong: "24" },
  { name: "…and under its own number it is 一致", text: "因合同纠纷提起的诉讼，由被告住所地或者合同履行地人民法院管辖，这是《民事诉讼法》第二十四条的规定。", verdict: "一致", wrong: null },
  { name: "…as after 见《…》第X条", text: "借款的利息不得预先在本金中扣除，见《民法典》第六百七十一条。", verdict: "不一致", wrong: "670" },
  { name: "a whole sentence of another article, word for word, names it even where the cited article holds most of it (第一千二百四十六条 lacks only 饲养的动物), after 依据是", text: "饲养的动物造成他人损害的，动物饲养人或者管理人应当承担侵权责任，依据是《民法典》第一千二百四十六条。", verdict: "不一致", wrong: "1245", says: "第一千二百四十五条的原文" },
  { name: "…and under its own number it is 一致", text: "饲养的动物造成他人损害的，动物饲养人或者管理人应当承担侵权责任，依据是《民法典》第一千二百四十五条。", verdict: "一致", wrong: null },
  { name: "a rival's word only in the facts before the citation (逾期交付, 第八百零一条's) names nothing when the citation opens the consequence the cited article holds (…第五百七十七条请求开发商承担违约责任)", text: "开发商逾期交付房屋，买受人可以依据《民法典》第五百七十七条请求开发商承担违约责任。", verdict: "部分一致", wrong: null },
  { name: "facts that are another article's item word for word (在试用期间被证明不符合录用条件: 第三十九条第（一）项) name it, though the sentence only applies the cited one", text: "员工在试用期间被证明不符合录用条件，公司依据《劳动合同法》第四十条第一项解除劳动合同，无需支付经济补偿。", verdict: "不一致", wrong: "39" },
  { name: "…and under its own number it is 一致", text: "员工在试用期间被证明不符合录用条件，公司依据《劳动合同法》第三十九条第一项解除劳动合同，无需支付经济补偿。", verdict: "一致", wrong: null },
  { name: "a shared consequence (请求人民法院撤销债务人的行为) does not make 一致 when a sibling article holds nearly all the sentence and its facts word for word (第五百三十九条's 以明显不合理的低价转让财产)", text: "债务人以明显不合理的低价转让财产，影响债权人的债权实现，债务人的相对人知道该情形的，债权人可以依据《民法典》第五百三十八条请求人民法院撤销债务人的行为。", verdict: "不一致", wrong: "539" },
  { name: "…and under its own number it is 一致", text: "债务人以明显不合理的低价转让财产，影响债权人的债权实现，债务人的相对人知道该情形的，债权人可以依据《民法典》第五百三十九条请求人民法院撤销债务人的行为。", verdict: "一致", wrong: null },
  { name: "a version named after the article (第71条（2018年修正）) is the version judged", text: "根据《中华人民共和国公司法》第71条（2018年修正），有限责任公司的股东之间可以相互转让其全部或者部分股权。", verdict: "一致", wrong: null },
  { name: "the same restatement under its own number", text: "根据《劳动合同法》第三十八条，用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同。", verdict: "一致", style: "restatement", wrong: null },
  { name: "a restated modal that changes the rule", text: "根据《中华人民共和国劳动合同法》第八十二条，用人单位自用工之日起超过一个月不满一年未与劳动者订立书面劳动合同的，可以向劳动者每月支付二倍的工资。", verdict: "不一致", says: "情态词" },
  { name: "a crime's elements restated under an article that only convicts by the crime's article name the defining one", text: "根据《刑法》第二百六十五条，盗窃公私财物数额较大或者多次盗窃的，构成盗窃罪。", verdict: "不一致", wrong: "264", says: "罪状" },
  { name: "the article that convicts by the crime's article, restated for its own situation, stays 一致", text: "根据《刑法》第二百六十五条，以牟利为目的，盗接他人通信线路、复制他人电信码号的，构成盗窃罪。", verdict: "一致", wrong: null },
  { name: "another article's text under the crime's own article (第二百六十九条's words under 第二百六十三条)", text: "根据《刑法》第二百六十三条，犯盗窃、诈骗、抢夺罪，为窝藏赃物、抗拒抓捕或者毁灭罪证而当场使用暴力或者以暴力相威胁的，以抢劫罪论处。", verdict: "不一致", wrong: "269", says: "原文" },
  { name: "the crime named confirms the article", text: "其行为触犯了《中华人民共和国刑法》第二百六十三条，应当以抢劫罪追究其刑事责任。", verdict: "一致", style: "application", says: "抢劫罪" },
  // an article that turns one crime into another (第二百六十九条: 犯盗窃、诈骗、抢夺罪…依照第二百六十三条定罪处罚) is not the first crime's
  { name: "诈骗罪 under 第二百六十九条 is not confirmed by the article naming 诈骗 as the crime it turns into 抢劫: the crime's article is named", text: "原审法院依照《中华人民共和国刑法》第二百六十九条之规定，认定被告人梁某犯诈骗罪，判处有期徒刑六年。", verdict: "不一致", wrong: "266" },
  { name: "…and in a list, where 诈骗罪's own article is not listed either, the crime's article is named", text: "原审法院依照《中华人民共和国刑法》第二百六十九条、第六十四条、第五十二条、第五十三条之规定，判决如下，认定被告人梁某犯诈骗罪，判处有期徒刑六年，并处罚金。", verdict: "不一致", wrong: "266" },
  // a general-part article cannot be the one a named crime is punished by, when the sentence says nothing of it
  { name: "a general-part article alone to punish a named crime names the crime's article", text: "公诉机关认为，被告人刘某的行为已构成非法经营罪，提请依照《中华人民共和国刑法》第二十八条之规定处罚。", verdict: "不一致", wrong: "225" },
  { name: "…not when the sentence applies an institution of the general part in the courts' words (胁从犯)", text: "被告人张某犯盗窃罪，系胁从犯，依照《中华人民共和国刑法》第二十八条之规定处罚。", verdict: "无法判断" },
  { name: "…nor when the punishment is the institution's (从轻处罚)", text: "依照《中华人民共和国刑法》第六十七条第一款之规定，对犯盗窃罪的被告人张某从轻处罚。", verdict: "无法判断" },
  { name: "a list with no article for the crime named: its first article, of the general part and unrelated, names the crime's", text: "依照《中华人民共和国刑法》第四十四条、第六十七条第三款、第五十二条、第五十三条之规定，以组织卖淫罪判处被告人蒋某有期徒刑五年，并处罚金人民币五万元。", verdict: "不一致", wrong: "358" },
  { name: "…not when the disposition speaks of what that article is about (拘役 for 第四十四条)", text: "依照《中华人民共和国刑法》第四十四条、第六十七条第三款之规定，以盗窃罪判处被告人张某拘役三个月，并处罚金人民币二千元。", verdict: "无法判断" },
  { name: "a request to punish that names no crime is read against the crime the text charged just before", text: "公诉机关认为，被告人张某以非法占有为目的，多次窃取他人财物，其行为已构成盗窃罪。被告人到案后如实供述。提请本院依照《中华人民共和国刑法》第二百六十六条、第六十七条第三款之规定，判处刑罚。", verdict: "不一致", wrong: "264", says: "上文指控的「盗窃罪」" },
  { name: "…and the crime's own article so requested is 一致", text: "公诉机关认为，被告人张某以非法占有为目的，多次窃取他人财物，其行为已构成盗窃罪。提请本院依照《中华人民共和国刑法》第二百六十四条、第六十七条第三款之规定，判处刑罚。", verdict: "一致", says: "上文指控的" },
  { name: "…not from a past conviction recalled before it (曾因…被判处)", text: "被告人张某曾因犯盗窃罪被判处有期徒刑一年。提请本院依照《中华人民共和国刑法》第二百六十六条之规定，判处刑罚。", verdict: "无法判断" },
  { name: "…nor when a general-part institution is applied just before (系自首)", text: "被告人张某的行为已构成盗窃罪，系自首。提请本院依照《中华人民共和国刑法》第六十七条之规定处罚。", verdict: "一致", says: "自首" },
  { name: "a disposition's crimes are its own items, not the appeal narrated after it (宣判后…上诉称其不构成受贿罪)", text: "依照《中华人民共和国刑法》第三百八十二条、第三百八十三条之规定，判决：被告人赵某犯贪污罪，判处有期徒刑四年。宣判后，原公诉机关抗诉称，赵某对该35万元构成受贿罪。", verdict: "一致", says: "「贪污罪」" },
  { name: "one charge of a sentence of several (…以贪污罪追究…；…以私分国有资产罪追究…) is read on its own", text: "公诉机关认为，被告人张某共同贪污补偿金145万元，其行为触犯了《中华人民共和国刑法》第一百六十九条、第二十五条之规定，应当以贪污罪追究其刑事责任；被告人张某私分国有股权97万元，应依照《中华人民共和国刑法》第三百九十六条、第二十五条之规定，以私分国有资产罪追究其刑事责任。", verdict: "不一致", wrong: "382" },
  { name: "an institution named (数罪并罚) keeps silent only the articles it is about: 第十四条 listed first for 放火罪 names 第一百一十四条", text: "公诉机关认为被告人姜某的行为触犯了《中华人民共和国刑法》第十四条、第二百六十四条的规定，构成放火罪、盗窃罪，应根据《中华人民共和国刑法》第六十九条之规定数罪并罚，提请本院依法判处。", verdict: "不一致", wrong: "114" },
  { name: "…while 第六十九条 itself, named by 数罪并罚, stays silent", text: "公诉机关认为被告人姜某的行为触犯了《中华人民共和国刑法》第十四条、第二百六十四条的规定，构成放火罪、盗窃罪，应根据《中华人民共和国刑法》第六十九条之规定数罪并罚，提请本院依法判处。", at: 2, verdict: "一致" },
  { name: "the first chapter's 第十二条 (从旧兼从轻) listed first is how courts list, not a misplaced crime article", text: "根据《中华人民共和国刑法》第十二条、第九十三条、第三百九十七条一款、第三百八十二条一款、第三百八十三条（二）项、第三百八十五条一款、第二十五条的规定，判决：一、被告人许某犯滥用职权罪，判处有期徒刑三年；犯贪污罪，判处有期徒刑三年六个月；犯受贿罪，判处有期徒刑三年。", verdict: "无法判断", referenceDate: "2009-01-01" },
  { name: "原判 as the subject of its own disposition (原判依照…判决如下) is no review: its list is checked against the crime it names", text: "原判依照《中华人民共和国刑法》第四百三十六条第一款、第二十六条第一款、第六十七条第三款之规定，判决如下：被告人王某犯妨害公务罪，判处有期徒刑一年。", verdict: "不一致", wrong: "277" },
  { name: "…while a disposition that reverses one (撤销原判) stays silent", text: "依照《中华人民共和国刑法》第四百三十六条第一款、第二十六条第一款、第六十七条第三款之规定，判决如下：撤销原判，被告人王某犯妨害公务罪，判处有期徒刑一年。", verdict: "无法判断" },
  { name: "a listed specific-part article whose crimes are those of the articles it refers to (本节第…条), never named", text: "依照《中华人民共和国刑法》第三百六十六条、第二十五条、第二十七条、第六十七条第三款，认定被告人吉某犯职务侵占罪，判处有期徒刑六年六个月。", verdict: "不一致", wrong: "271" },
  { name: "抢劫罪 under 第二百六十九条 stays 一致", text: "原审法院依照《中华人民共和国刑法》第二百六十九条之规定，认定被告人梁某犯抢劫罪，判处有期徒刑六年。", verdict: "一致" },
  // a concept the law treats in a section of its general part (headingRival)
  { name: "数罪并罚 under a specific-part article alone, in a sentence naming no crime, names the section's rule", text: "根据《中华人民共和国刑法》第四百三十四条之规定，对被告人宋某应当数罪并罚。", verdict: "不一致", wrong: "69", says: "「数罪并罚」一节" },
  { name: "数罪并罚 under an article of the general part outside that section names the section's rule", text: "被告人曹某在判决宣告前犯数罪，根据《中华人民共和国刑法》第七十二条之规定，应当数罪并罚。", verdict: "不一致", style: "application", wrong: "69", says: "「数罪并罚」一节" },
  { name: "数罪并罚 under the section's own article stays 一致", text: "被告人曹某在判决宣告前犯数罪，根据《中华人民共和国刑法》第六十九条之规定，应当数罪并罚。", verdict: "一致", wrong: null },
  { name: "数罪并罚 beside a crime's article of the special part is not that article's error (…构成行贿罪的，依照第三百八十九条…数罪并罚)", text: "行为人向负有监管职责的国家工作人员行贿，构成行贿罪的，依照《中华人民共和国刑法》第三百八十九条的规定，与其所犯之罪数罪并罚。", verdict: "一致", wrong: null },
  { name: "定罪量刑 is sentencing in general, not the section 量刑", text: "提请本院依照《中华人民共和国刑法》第八十条之规定，对被告人定罪量刑。", verdict: "无法判断", wrong: null },
  // the concept is the section's other article's word (sectionPartner)
  { name: "有立功表现 under 第六十七条 names 第六十八条", text: "被告人有立功表现，根据《刑法》第六十七条，可以从轻或者减轻处罚。", verdict: "不一致", wrong: "68", says: "自首和立功" },
  { name: "有立功表现 under 第六十八条 stays 一致", text: "被告人有立功表现，根据《刑法》第六十八条，可以从轻或者减轻处罚。", verdict: "一致", wrong: null },
  { name: "a section's concept stated before the cited article's own rule (特别法人, 第九十七条) names nothing", text: "机关法人属于特别法人，根据《民法典》第九十七条，有独立经费的机关自成立之日起具有机关法人资格。", verdict: "一致", wrong: null },
  { name: "不构成立功 beside 自首 under 第六十七条 stays 一致", text: "被告人犯罪以后自动投案，如实供述自己的罪行，是自首，依照《刑法》第六十七条第一款可以从轻处罚，其检举他人未查证属实，不构成立功。", verdict: "一致", wrong: null },
  // a denied concept (deniedOnly) names no article: 不属于自首 says nothing of where the law defines 自首
  { name: "不属于自首 under 第六十一条 is no wrong number", text: "被告人张某不属于自首，依照《中华人民共和国刑法》第六十一条的规定，根据犯罪的事实决定刑罚。", verdict: "一致", wrong: null },
  { name: "系自首 under 第六十一条 names 第六十七条", text: "被告人张某系自首，依照《中华人民共和国刑法》第六十一条的规定，可以从轻处罚。", verdict: "不一致", wrong: "67" },
  { name: "不应当数罪并罚 names no section", text: "被告人不构成数罪，根据《中华人民共和国刑法》第七十二条之规定，不应当数罪并罚。", verdict: "无法判断", wrong: null },
  // the sentence names the crime an article cited with this one defines
  { name: "a crime's facts listed with 共同犯罪 are the crime's article's, not another crime's (合同诈骗 for 诈骗)", text: "公诉机关认为，被告人曹某结伙以非法占有为目的，虚构事实、隐瞒真相，骗取他人财物达36.1万元，其行为已触犯《中华人民共和国刑法》第二百六十六条、第二十五条第一款之规定，应当以诈骗罪追究其刑事责任。", at: 1, verdict: "无法判断", wrong: null },
  // the cited article holds nothing of the sentence, another holds much of it (SUPPORT.otherWhenNone)
  { name: "an act restated under an article that holds none of it names the article that does", text: "被告人宋某伪造国家机关证件，其行为还触犯了《中华人民共和国刑法》第二百八十一条第一款之规定。", verdict: "不一致", style: "application", wrong: "280" },
  // the sentence only asks whether the article applies
  { name: "是否符合…第X条规定的<the article's words> still says what the article holds", text: "认定是否符合《中华人民共和国刑法》第二百三十四条第二款规定的以特别残忍手段致人重伤造成严重残疾，应当综合考量残疾等级。", verdict: "一致" },
  { name: "是否违反…第X条 asks, it does not restate", text: "本案的主要争议焦点在于，诉争商标的申请注册是否违反《中华人民共和国民法典》第五百七十七条的规定。", verdict: "无法判断", says: "只提出是否适用" },
  { name: "the crime named exposes a wrong number", text: "其行为触犯了《中华人民共和国刑法》第二百六十四条，应当以抢劫罪追究其刑事责任。", verdict: "不一致", style: "application", wrong: "263", says: "盗窃罪" },
  { name: "a general-part article cannot be 触犯'd: the named crime's article is meant", text: "其行为触犯了《中华人民共和国刑法》第九十一条之规定，应当以贪污罪追究其刑事责任。", verdict: "不一致", style: "application", wrong: "382", says: "总则" },
  { name: "a general-part article applied to the offender (符合…自首) is not an alarm", text: "被告人犯盗窃罪后自动投案，如实供述自己的罪行，符合《中华人民共和国刑法》第六十七条第一款的规定，系自首。", verdict: "一致", wrong: null },
  { name: "one verb of a joint crime name (贩卖毒品罪 of 走私、贩卖、运输、制造毒品罪)", text: "其行为触犯《中华人民共和国刑法》第三百四十七条的规定，构成贩卖毒品罪。", verdict: "一致", style: "application", says: "贩卖毒品罪" },
  { name: "a crime named right after 之规定 (规定构成放火罪) is read as the crime", text: "其行为触犯《中华人民共和国刑法》第一百一十六条之规定构成放火罪，提请本院依法判处。", verdict: "不一致", style: "application", wrong: "114", says: "破坏交通工具罪" },
  { name: "an article that only sets a crime's punishment (对犯贪污罪的…) cited for another crime", text: "其行为触犯了《中华人民共和国刑法》第三百八十三条之规定，应当以运输毒品罪追究其刑事责任。", verdict: "不一致", style: "application", wrong: "347", says: "贪污罪」的处罚" },
  { name: "an article with a crime of its own that borrows another's punishment (第一百四十四条 → 第一百四十一条) is not that crime's article", text: "公诉机关认为，被告人李某甲以营利为目的，销售假药，足以严重危害人体健康，其行为已触犯了《中华人民共和国刑法》第一百四十四条之规定，应当以销售假药罪追究刑事责任。", verdict: "不一致", wrong: "141", says: "「生产、销售有毒、有害食品罪」，" },
  { name: "an article that convicts by another's (第二百三十八条: …依照本法第二百三十二条的规定定罪处罚) confirms that crime", text: "被告人张某非法拘禁他人，使用暴力致人死亡，依照《中华人民共和国刑法》第二百三十八条第二款的规定，应当以故意杀人罪定罪处罚。", verdict: "一致", wrong: null },
  { name: "an article naming the crime in another way (毒品再犯) is not an alarm", text: "被告人因贩卖毒品罪被判过刑，又运输毒品，依照《中华人民共和国刑法》第三百五十六条之规定，构成运输毒品罪，应从重处罚。", verdict: "一致", wrong: null },
  { name: "two articles, two crimes: the article standing for an unnamed crime is the wrong one", text: "其行为已触犯《中华人民共和国刑法》第二百五十六条、第一百四十四条之规定，应当以销售假药罪、销售有毒、有害食品罪追究其刑事责任。", verdict: "不一致", wrong: "141", says: "第一百四十一条" },
  { name: "the article meant has the 款 cited: 第三款 is not 第十七条之一 (one 款)", text: "被告人侍某犯罪时系未成年人，根据《中华人民共和国刑法》第十六条第三款的规定，应当从轻或者减轻处罚。", verdict: "不一致", wrong: "17", says: "第十七条" },
  { name: "two articles covering the two crimes named", text: "其行为已触犯《中华人民共和国刑法》第一百四十一条、第一百四十四条之规定，应当以销售假药罪、销售有毒、有害食品罪追究其刑事责任。", verdict: "一致", wrong: null },
  { name: "a selective crime name written with one act and one object (非法买卖枪支罪)", text: "其行为触犯了《中华人民共和国刑法》第三百九十九条之一第一款的规定，应当以非法买卖枪支罪追究其刑事责任。", verdict: "不一致", wrong: "125", says: "非法买卖枪支罪" },
  { name: "a crime the lists do not know keeps it silent", text: "其行为触犯了《中华人民共和国刑法》第二百六十四条，构成抢劫罪和网络诈骗罪。", verdict: "无法判断" },
  { name: "a defined term names the defining article", text: "被告人张某、李某共同实施犯罪，根据《中华人民共和国刑法》第二十二条的规定，系共同犯罪。", verdict: "不一致", wrong: "25", says: "共同犯罪" },
  { name: "a defined term under the defining article", text: "被告人张某、李某根据《中华人民共和国刑法》第二十五条的规定，系共同犯罪。", verdict: "一致", wrong: null },
  { name: "the term the sentence concludes with (…，系从犯) names its defining article, though the cited one uses another defined word (共同犯罪)", text: "被告人牛某适用《中华人民共和国刑法》第二十六条的规定，在共同犯罪中起次要作用，系从犯。", verdict: "不一致", wrong: "27", says: "「从犯」" },
  { name: "the same under the defining article", text: "被告人牛某适用《中华人民共和国刑法》第二十七条的规定，在共同犯罪中起次要作用，系从犯。", verdict: "一致", wrong: null },
  { name: "a quoted term held by the article", text: "该行为属于《中华人民共和国刑法》第二十五条规定的“共同犯罪”。", verdict: "一致", style: "restatement" },
  { name: "words quoted as the article's (关于“…”的规定) held only by another article name it", text: "债务人依据《中华人民共和国民法典》第五百五十七条关于“自权利受到损害之日起超过二十年的，人民法院不予保护”的规定提出抗辩的，人民法院不予支持。", verdict: "不一致", style: "restatement", wrong: "188" },
  { name: "the same under the article that holds them", text: "债务人依据《中华人民共和国民法典》第一百八十八条关于“自权利受到损害之日起超过二十年的，人民法院不予保护”的规定提出抗辩的，人民法院不予支持。", verdict: "一致", wrong: null },
  { name: "a quoted term held only by another article", text: "该行为属于《中华人民共和国刑法》第二十六条规定的“二人以上共同故意犯罪”。", verdict: "不一致", wrong: "25" },
  { name: "a reporting word that is the law's own wording (自己提出的诉讼请求) does not silence a wrong number", text: "根据《中华人民共和国民事诉讼法》第六十五条第一款，当事人对自己提出的主张，有责任提供证据。", verdict: "不一致", wrong: "67" },
  { name: "an article's exception restated as its own rule keeps its turned modal (应予支持，但是…四倍的除外 → …四倍的，不予支持)", text: "根据《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》第二十五条，借贷双方约定的利率超过合同成立时一年期贷款市场报价利率四倍的，人民法院不予支持。", verdict: "一致" },
  { name: "…while the main rule with its modal turned is still a change", text: "根据《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》第二十五条，出借人请求借款人按照合同约定利率支付利息的，人民法院不予支持。", verdict: "不一致" },
  { name: "a layperson's word read as the statute's (退一赔三: 欺诈, 三倍, 增加赔偿) supports the right article", text: "商家卖假货，消费者可以依据《消费者权益保护法》第五十五条要求退一赔三。", verdict: "一致" },
  { name: "another article's words covering nearly the whole sentence in runs cut differently name it (第六十五条's 累犯 under 第六十六条)", text: "根据《刑法》第六十六条，被判处有期徒刑以上刑罚的犯罪分子，刑罚执行完毕或者赦免以后，在五年以内再犯应当判处有期徒刑以上刑罚之罪的，是累犯，应当从重处罚。", verdict: "不一致", wrong: "65" },
  { name: "…and under 第六十五条 it stays 一致", text: "根据《刑法》第六十五条，被判处有期徒刑以上刑罚的犯罪分子，刑罚执行完毕或者赦免以后，在五年以内再犯应当判处有期徒刑以上刑罚之罪的，是累犯，应当从重处罚。", verdict: "一致", wrong: null },
  { name: "a claimed subject in the draft's own words names the article holding its words (第七条 for 第九条's 自主决定购买或者不购买)", text: "被告捆绑服务、强迫消费者开通的行为，违反《中华人民共和国消费者权益保护法》第七条关于消费者自主决定购买或者不购买任何一项服务的规定。", verdict: "不一致", wrong: "9" },
  { name: "…and the right article stays 一致", text: "被告捆绑服务、强迫消费者开通的行为，违反《中华人民共和国消费者权益保护法》第九条关于消费者自主决定购买或者不购买任何一项服务的规定。", verdict: "一致", wrong: null },
  { name: "a party's argument the court reports still names the article holding a long stretch of its topic word for word (黄某主张…违反第七条关于<第九条's 20 characters>的规定)", text: "黄某主张被告捆绑服务、强迫其开通的行为，违反《中华人民共和国消费者权益保护法》第七条关于消费者自主决定购买或者不购买任何一项服务的规定。", verdict: "不一致", wrong: "9" },
  { name: "reasoning words another article holds (…的强制性规定，属无效) do not outweigh facts few articles hold (用于非农建设, 第十八条)", text: "该行为将涉案的农业土地用于非农建设，未按照土地利用总体规划确定的用途使用土地，破坏耕地资源，违反《中华人民共和国农村土地承包法》第十八条的强制性规定，属无效。", verdict: "部分一致", wrong: null },
  { name: "an article the draft says does not apply is not judged", text: "本案不适用《中华人民共和国民法典》第五百八十五条的规定。", verdict: "无法判断", says: "不适用" },
  { name: "a short phrase of opposite effect read with the one before it (法定代理人未作表示的，视为同意追认)", text: "依照《民法典》第一百四十五条，相对人可以催告法定代理人自收到通知之日起三十日内予以追认，法定代理人未作表示的，视为同意追认。", verdict: "不一致", says: "含义相反：原文「示的，视为拒绝追认」" },
  { name: "…and the article's own words stay 一致", text: "依照《民法典》第一百四十五条，相对人可以催告法定代理人自收到通知之日起三十日内予以追认，法定代理人未作表示的，视为拒绝追认。", verdict: "一致" },
  { name: "a liability for the same condition in another form (应当与第三人承担连带责任 for 承担相应的补充责任)", text: "依据《民法典》第一千一百九十八条第二款，因第三人的行为造成损害的，由第三人承担侵权责任，商场未尽到安全保障义务的，应当与第三人承担连带责任。", verdict: "不一致", says: "责任形式改变" },
  { name: "a statement the citation opens read past its semicolon (…；学校未尽到管理职责的，承担相应的补充责任: 第一千二百零一条's)", text: "依照《民法典》第一千二百条，孩子在学校期间被校外人员打伤的，由该第三人承担侵权责任；学校未尽到管理职责的，承担相应的补充责任，学校承担后可以向第三人追偿。", verdict: "不一致", wrong: "1201" },
  { name: "the writer's conclusion after the stated article (故本所认为以…为由主张撤销…) reports no party's argument", text: "依据《民法典》第一百五十一条，重大误解的当事人应在知道或者应当知道撤销事由之日起九十日内行使撤销权，逾期撤销权消灭，故本所认为以重大误解为由主张撤销的诉讼风险较高。", verdict: "不一致", wrong: "152" },
  { name: "a reason a rule forbids (不得以…为由解除) is no party's argument: the modal turned against 第四十条's 可以解除劳动合同, 第四十二条 (which refers to it and says 不得…解除劳动合同) named", text: "但您在本单位已连续工作满十五年，且距法定退休年龄不足五年。依据《劳动合同法》第四十条，在这种情况下用人单位不得以非过失性辞退或者经济性裁员为由解除劳动合同。", verdict: "不一致", says: "情态词改变", wrong: "42" },
  { name: "…and under 第四十二条 it is 一致", text: "但您在本单位已连续工作满十五年，且距法定退休年龄不足五年。依据《劳动合同法》第四十二条，在这种情况下用人单位不得以非过失性辞退或者经济性裁员为由解除劳动合同。", verdict: "一致" },
  { name: "the court's ruling on an argument (原告的主张成立) reports no speech: its changed number is held against it", text: "本院认为，依照《中华人民共和国公司法》第四十七条第一款，有限责任公司全体股东认缴的出资额应当由股东按照公司章程的规定自公司成立之日起三年内缴足，章程约定的四年出资期限超出法定期限，原告的主张成立。", verdict: "不一致", says: "数字/期限/金额改变" },
  { name: "an exception of the article denied (即使能够证明自己没有过错也不能免责 against 但是能够证明自己没有过错的除外)", text: "按照《中华人民共和国证券法》第八十五条，信息披露资料存在虚假记载、误导性陈述或者重大遗漏，致使投资者遭受损失的，发行人的董事、监事、高级管理人员应当与发行人承担连带赔偿责任，即使能够证明自己没有过错也不能免责。", verdict: "不一致", says: "例外被否定" },
  { name: "…and the exception kept stays 一致", text: "按照《中华人民共和国证券法》第八十五条，信息披露资料存在虚假记载、误导性陈述或者重大遗漏，致使投资者遭受损失的，发行人的董事、监事、高级管理人员应当与发行人承担连带赔偿责任，但能够证明自己没有过错的除外。", verdict: "一致" },
  { name: "a quote with one party put for another names the article it is nearest (第三十八条), a role cut short being a restatement's test only", text: "《劳动合同法》第三十九条规定：“劳动者有下列情形之一的，劳动者可以解除劳动合同:”", verdict: "不一致", wrong: "38" },
  { name: "…said after the citation too (第X条不能适用于本案)", text: "二者性质不同，《中华人民共和国公司法》第一百六十五条不能适用于本案。", verdict: "无法判断", says: "不能适用于本案" },
  { name: "…不属于第X条规定的“term”: the term is still checked (held: 一致, the case's fit left to the court)", text: "该商品房买卖合同的订立目的，亦不属于《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》第二十三条规定的“作为民间借贷合同的担保”。", verdict: "一致", wrong: null, says: "这一判断不在核查之列" },
  { name: "…不属于第X条规定的“term” another article holds: 不一致 naming it", text: "该商品房买卖合同的订立目的，亦不属于《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》第十二条规定的“作为民间借贷合同的担保”。", verdict: "不一致", wrong: "23", says: "不见于第十二条，而见于该法规第二十三条" },
  { name: "an article referring to the cited one is not a rival (民诉 第一百二十六条 → 第一百二十二条)", text: "依据《民事诉讼法》第一百二十二条的规定提起诉讼，符合起诉条件。", verdict: "部分一致", wrong: null },
  { name: "a general-part article 触犯'd beside another 触犯 in the sentence: the named crime without an article is meant", text: "被告人冯某销售假药，其行为已触犯《中华人民共和国刑法》第一百四十一条之规定，被告人李某销售明知掺有有毒、有害的非食品原料的食品，其行为已触犯《中华人民共和国刑法》第二十九条之规定，应当以销售假药罪、销售有毒、有害食品罪追究刑事责任。", at: 1, verdict: "不一致", style: "application", wrong: "144", says: "总则" },
  { name: "a specific-part article that defines no crime, 触犯'd, in another chapter than the crime named", text: "被告人王某故意放火危害公共安全，其行为触犯了《中华人民共和国刑法》第一百一十三条的规定，应当以放火罪追究其刑事责任。", verdict: "不一致", style: "application", wrong: "114", says: "另一章" },
  { name: "an article that sends its acts to other crimes (利用计算机实施…诈骗…依照本法有关规定定罪处罚) is no alarm", text: "其行为触犯了《中华人民共和国刑法》第二百八十七条的规定，应当以诈骗罪追究其刑事责任。", verdict: "一致", wrong: null },
  // distinctive phrases: words one or two articles of the law use, held by another article and not the cited one
  { name: "the offender's conduct in another article's own words (立功: 他人犯罪行为…查证属实) names that article", text: "被告人张某在羁押期间检举他人犯罪行为，查证属实，具有立功表现，应根据《中华人民共和国刑法》第七十二条之规定对其进行处罚。", verdict: "不一致", style: "application", wrong: "68", says: "「他人犯罪行为，查证属实」" },
  { name: "the same under the article that holds those words", text: "被告人张某在羁押期间检举他人犯罪行为，查证属实，具有立功表现，应根据《中华人民共和国刑法》第六十八条之规定对其进行处罚。", verdict: "一致", wrong: null },
  { name: "distinctive words of an article the draft cites elsewhere are its discussion, not a wrong number", text: "《中华人民共和国刑法》第六十八条规定了立功。被告人张某在羁押期间检举他人犯罪行为，查证属实，具有立功表现，应根据《中华人民共和国刑法》第七十二条之规定对其进行处罚。", at: 1, verdict: "无法判断", wrong: null },
  { name: "in a list the words are shared by the articles listed: no alarm from distinctive phrases", text: "被告人张某在羁押期间检举他人犯罪行为，查证属实，具有立功表现，应根据《中华人民共和国刑法》第七十二条、第六十一条之规定对其进行处罚。", verdict: "无法判断", wrong: null },
  { name: "in a law of 100 articles or more one word-aligned phrase of 4 characters is enough (如实供述 is 第六十七条's)", text: "被告人到案后如实供述，依照《中华人民共和国刑法》第六十九条的规定从轻处罚。", verdict: "不一致", style: "application", wrong: "67", says: "「如实供述」" },
  { name: "the same under the article that holds it", text: "被告人李某到案后如实供述自己的罪行，依照《中华人民共和国刑法》第六十七条第三款的规定，可以从轻处罚。", verdict: "一致", wrong: null },
  { name: "the court's decision on the requests (驳回…诉讼请求) is not what the article says: 诉讼请求 is no rival's word", text: "被告不存在重大过失。据此，依照《中华人民共和国民法典》第一千一百七十六条第一款规定，驳回原告的全部诉讼请求。", verdict: "一致", wrong: null },
  { name: "a junction of two common words (由|管理人) is not a distinctive phrase", text: "待重整资金到位后，由管理人依据《中华人民共和国民法典》第五百七十七条的规定协调处理。", verdict: "无法判断", wrong: null },
  // the subject the draft names (第X条关于Y的规定, unquoted)
  { name: "关于Y的规定 with a subject another article holds names it (打印遗嘱 is 第一千一百三十六条's)", text: "合议庭认为，韩先生提交的遗嘱符合《中华人民共和国民法典》第一千一百三十八条关于打印遗嘱的规定，应为合法有效。", verdict: "不一致", style: "restatement", wrong: "1136", says: "「打印遗嘱」" },
  { name: "the same under the article that holds the subject", text: "合议庭认为，韩先生提交的遗嘱符合《中华人民共和国民法典》第一千一百三十六条关于打印遗嘱的规定，应为合法有效。", verdict: "一致", wrong: null },
  { name: "a subject several articles hold names the first that uses it (夫妻共同债务: 第一千零六十四条)", text: "根据《中华人民共和国民法典》第一千零六十二条关于夫妻共同债务的规定，该笔借款系夫妻共同债务。", verdict: "不一致", wrong: "1064" },
  { name: "a subject in the draft's own words (违约金调整) is no evidence either way", text: "原告主张违约金过高，根据《中华人民共和国民法典》第五百八十四条关于违约金调整的规定，本院酌情调减。", verdict: "无法判断", wrong: null },
  { name: "the referral formula for one act that is two crimes (依照处罚较重的规定定罪处罚) names no rival", text: "对于买卖允许进出口证明书等经营许可证明，同时触犯《中华人民共和国刑法》第二百二十五条、第二百八十条规定之罪的，依照处罚较重的规定定罪处罚。", verdict: "一致", wrong: null },
  // a sentence explaining a term of the article (第X条所称Y，是指…): the term is checked, the explanation is the writer's own
  { name: "a term the article uses, explained (所称月工资，是指…)", text: "《中华人民共和国劳动合同法》第四十七条所称月工资，是指劳动者在劳动合同解除或者终止前十二个月的平均工资。", verdict: "一致", style: "restatement", wrong: null, says: "「月工资」" },
  { name: "a concept the article states in other words (认罪) is no alarm", text: "《中华人民共和国刑法》第六十七条规定的“认罪”，是指犯罪嫌疑人自愿如实供述自己的罪行。", verdict: "无法判断", wrong: null },
  { name: "an explained term only another article uses names it", text: "《中华人民共和国民法典》第一千一百三十八条所称打印遗嘱，是指遗嘱人以打印形式制作的遗嘱。", verdict: "不一致", wrong: "1136", says: "所称的「打印遗嘱」" },
  { name: "a heading joining two subjects (自首和立功) is not the cited article's word: 属自首 under 第六十八条 names 第六十七条", text: "同时适用《中华人民共和国刑法》第六十八条第一款之规定，属自首，可以从轻或者减轻处罚。", verdict: "不一致", wrong: "67", says: "「自首」" },
  { name: "words after the citation that modify it (规定的量刑情节) are no consequence: the rival before it stands", text: "被告人刘强到案后如实供述其罪行，系坦白，具有《中华人民共和国刑法》第三百六十九条第三款规定的量刑情节。", verdict: "不一致", wrong: "67" },
  { name: "a quoted term of 4 characters or more, explained, is still checked as the article's words", text: "《中华人民共和国民法典》第一千一百三十八条规定的“打印遗嘱”，是指遗嘱人以打印形式制作的遗嘱。", verdict: "不一致", wrong: "1136" },
  { name: "one short word held (「职责」 of 履行下列职责) supports nothing in particular: no 部分一致", text: "有关部门依照《证券公司监督管理条例》第二十二条的规定，履行下列职责：", verdict: "无法判断", wrong: null },
  { name: "a restatement under a 款 the article lacks (第八十二条第三款: two 款) is 部分一致, saying so", text: "根据《中华人民共和国劳动合同法》第八十二条第三款，用人单位自用工之日起超过一个月不满一年未与劳动者订立书面劳动合同的，应当向劳动者每月支付二倍的工资。", verdict: "部分一致", wrong: null, says: "所引第三款不存在（该条共2款）" },
  { name: "a 项 the 款 lacks (第三十八条第一款第九项: six 项)", text: "根据《中华人民共和国劳动合同法》第三十八条第一款第九项，用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同。", verdict: "部分一致", wrong: null, says: "该款共6项" },
  { name: "the same under the 项 it restates stays 一致", text: "根据《中华人民共和国劳动合同法》第三十八条第一款第二项，用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同。", verdict: "一致", wrong: null },
  { name: "another law's words wrapped in the draft's facts (被告人张建、张小春已经着手实行犯罪…) are found by the article's middle and end: that law is named", text: "被告人张建、张小春已经着手实行犯罪，由于犯罪分子意志以外的原因而未得逞，根据《中华人民共和国民法典》第二十三条的规定，是犯罪未遂，可以比照既遂犯从轻或者减轻处罚。", verdict: "不一致", wrong: "23", says: "《中华人民共和国刑法》第二十三条" },
  // a law's everyday vocabulary and the situation an article is applied to are not another article's content
  { name: "a defined term the law uses everywhere (国家工作人员) near an article that lacks it is no alarm", text: "被告人身为国家工作人员，依照《中华人民共和国刑法》第六十四条的规定，对其违法所得予以追缴。", verdict: "一致", wrong: null },
  { name: "a defined term that does not end the conclusion (共同犯罪所得) concludes nothing about it", text: "依照《中华人民共和国刑法》第六十四条的规定，认定为共同犯罪所得财物，予以追缴。", verdict: "一致", wrong: null },
  { name: "another article's situation before the citation, the cited article's consequence after it (支付令 … 由住所地法院管辖)", text: "债权人申请支付令，适用《中华人民共和国民事诉讼法》第二十二条规定，由债务人住所地基层人民法院管辖。", verdict: "部分一致", wrong: null },
  // bare lists
  { name: "a bare list is judged by the crime in the disposition", text: "依照《中华人民共和国刑法》第二百六十三条、第六十七条第一款、第五十二条之规定，判决如下：被告人王某犯抢劫罪，判处有期徒刑三年。", verdict: "一致", style: "bare" },
  { name: "a listed article whose section the disposition names (第四节 罚金)", text: "依照《中华人民共和国刑法》第二百六十三条、第五十二条、第六十七条第一款之规定，判决如下：被告人王某犯抢劫罪，判处有期徒刑三年，并处罚金人民币一万元。", at: 1, verdict: "一致", style: "bare", says: "罚金" },
  { name: "a long list whose only crime article defines a crime the document never names, the named crime's article absent", text: "依照《中华人民共和国刑法》第二百六十四条、第六十七条第一款、第五十二条之规定，判决如下：被告人王某犯抢劫罪，判处有期徒刑三年。", verdict: "不一致", style: "bare", wrong: "263", says: "抢劫罪" },
  { name: "a long list: the cited article's crime is named elsewhere in the document (数罪) — no alarm", text: "被告人王某还实施了盗窃行为。依照《中华人民共和国刑法》第二百六十四条、第六十七条第一款、第五十二条之规定，判决如下：被告人王某犯抢劫罪，判处有期徒刑三年。", verdict: "一致", style: "bare", wrong: null, says: "盗窃" },
  { name: "a long list covering the named crime, plus an article of a crime the document never names: that one is wrong, no article named", text: "依照《中华人民共和国刑法》第二百六十四条、第二百六十三条、第五十二条之规定，判决如下：被告人王某犯抢劫罪，判处有期徒刑三年。", verdict: "不一致", style: "bare", wrong: null, says: "全文未提及" },
  { name: "the same where the named crime is covered only by its punishing article (行贿罪: 第三百九十条): its defining article, not listed, is named", text: "被告人张某为谋取不正当利益，给予国家工作人员财物，依照《中华人民共和国刑法》第三百九十条、第二百三十二条之规定，以行贿罪判处有期徒刑三年。", at: 1, verdict: "不一致", wrong: "389", says: "「行贿罪」的罪状条文第三百八十九条未列" },
  { name: "the article another listed one punishes by (受贿罪: 第三百八十六条 → 第三百八十三条) is no alarm", text: "依照《中华人民共和国刑法》第三百八十五条第一款、第三百八十六条、第三百八十三条第一款第（一）项、第六十七条第一款之规定，判决如下：被告人王某犯受贿罪，判处有期徒刑三年。", at: 2, verdict: "一致", wrong: null, says: "该罪依该条的规定处罚" },
  { name: "a crime punished by the cited article (受贿罪 by 第三百八十三条) cited alone", text: "其行为触犯了《中华人民共和国刑法》第三百八十三条之规定，应当以受贿罪追究其刑事责任。", verdict: "一致", wrong: null },
  { name: "an article punishing one crime by an article that defines none (第三百八十六条: 对犯受贿罪的…依照第三百八十三条) cited for another crime (行贿罪) names that crime's article", text: "公诉机关认为，被告人张某的行为触犯《中华人民共和国刑法》第三百八十六条的规定，构成行贿罪。", verdict: "不一致", wrong: "389", says: "「受贿罪」的处罚" },
  { name: "…and for its own crime it stays 一致", text: "公诉机关认为，被告人张某的行为触犯《中华人民共和国刑法》第三百八十六条的规定，构成受贿罪。", verdict: "一致", wrong: null },
  { name: "a long list in a disposition that reviews another judgment (撤销…) — no alarm", text: "依照《中华人民共和国刑法》第二百六十四条、第六十七条第一款、第五十二条之规定，判决如下：撤销原判决中被告人王某犯抢劫罪部分。", verdict: "无法判断", style: "bare", wrong: null },
  { name: "the sentence after 判决如下 is not a claim about the articles", text: "依照《中华人民共和国刑法》第六十七条第一款之规定，判决如下：被告人王某判处有期徒刑三年。", verdict: "无法判断" },
  // a dash attribution after the statement (……。——《民法典》第七百零五条), as LLM answers and memos write it
  { name: "a statement attributed after a dash states the article", text: "租赁期限不得超过二十年。超过二十年的，超过部分无效。——《民法典》第七百零五条第一款", verdict: "一致" },
  { name: "…and under the wrong number names the article that holds it", text: "租赁期限不得超过二十年。超过二十年的，超过部分无效。——《民法典》第七百零三条第一款", verdict: "不一致", wrong: "705" },
  // a sentence that only names the source (……。依据是《民法典》第七百二十六条。), as an answer closes a paragraph
  { name: "a source named in a sentence of its own after the statement (依据是…) states the article", text: "房东要卖您正在租的房子，必须在卖之前的合理期限内通知您，您在同等条件下可以优先购买；房东通知后您15天内没有明确表示要买的，就视为您放弃了。依据是《民法典》第七百二十六条。", verdict: "一致" },
  { name: "…and under the wrong number names the article that holds it", text: "房东要卖您正在租的房子，必须在卖之前的合理期限内通知您，您在同等条件下可以优先购买；房东通知后您15天内没有明确表示要买的，就视为您放弃了。依据是《民法典》第七百二十八条。", verdict: "不一致", wrong: "726" },
  { name: "the statement before a thin citing sentence is read for a changed number (自登记机关收到申请之日起60日内 against 三十日内)", text: "你们去民政局递交离婚登记申请后，有一个冷静期：自登记机关收到申请之日起60日内，任何一方不想离了，都可以撤回申请。这是《民法典》第一千零七十七条规定的，所以您丈夫在第45天去撤回是合法有效的。", verdict: "不一致", says: "数字/期限/金额改变" },
  { name: "…and the article's number stays 一致", text: "你们去民政局递交离婚登记申请后，有一个冷静期：自登记机关收到申请之日起30日内，任何一方不想离了，都可以撤回申请。这是《民法典》第一千零七十七条规定的，所以您丈夫在第25天去撤回是合法有效的。", verdict: "一致" },
  { name: "a source on a line of its own after a question and its answer (问：…\n答：…\n法律依据：《…》第X条) states the answer, not the question", text: "问：房东卖房要提前通知我吗？\n答：房东要卖您正在租的房子，必须在卖之前的合理期限内通知您，您在同等条件下可以优先购买。\n法律依据：《民法典》第七百二十八条", verdict: "不一致", wrong: "726" },
  { name: "…and under the article that holds it, 一致", text: "问：房东卖房要提前通知我吗？\n答：房东要卖您正在租的房子，必须在卖之前的合理期限内通知您，您在同等条件下可以优先购买。\n法律依据：《民法典》第七百二十六条", verdict: "一致" },
  { name: "the facts before a citing sentence that says nothing of the cited 项 are another 项's words: the pinpoint is wrong", text: "经查，原告在试用期间被证明不符合录用条件。依照《中华人民共和国劳动合同法》第三十九条第（二）项的规定，被告解除劳动合同并无不当。", verdict: "部分一致", says: "疑似款、项号有误" },
  { name: "…and under the 项 they are, 一致", text: "经查，原告在试用期间被证明不符合录用条件。依照《中华人民共和国劳动合同法》第三十九条第（一）项的规定，被告解除劳动合同并无不当。", verdict: "一致" },
  { name: "…not read back past another citation's sentence", text: "根据《民法典》第五百七十七条，当事人一方不履行合同义务的，应当承担违约责任。房东要卖您正在租的房子，必须在卖之前的合理期限内通知您，您在同等条件下可以优先购买。这是《民法典》第七百二十六条的规定。", verdict: "一致", at: 1 },
  // the law's own words (当事人对自己提出的主张) are no party's argument
  { name: "a statement of the law using 主张 / 提出 as the law does is no reported speech: another article's sentence under the number is named", text: "根据《中华人民共和国民事诉讼法》第六十八条，当事人对自己提出的主张，有责任提供证据。", verdict: "不一致", wrong: "67" },
  // 不属于第X条规定的…情形: the court's call is not checked, what it says the article holds is
  { name: "a situation the sentence says the case does not fall under, described in another article's words, names that article", text: "原告并非处于孕期，不属于《中华人民共和国劳动合同法》第四十一条规定的女职工在孕期、产期、哺乳期的情形，被告解除劳动合同并无不当。", referenceDate: "2020-01-01", verdict: "不一致", wrong: "42", says: "这一判断不在核查之列" },
  { name: "…and under its own number is 一致 on the description", text: "原告并非处于孕期，不属于《中华人民共和国劳动合同法》第四十二条规定的女职工在孕期、产期、哺乳期的情形，被告解除劳动合同并无不当。", referenceDate: "2020-01-01", verdict: "一致", wrong: null },
  { name: "…so does one the sentence says the case falls under (属于…第四十一条规定的…情形)", text: "原告正处于哺乳期，属于《中华人民共和国劳动合同法》第四十一条规定的女职工在孕期、产期、哺乳期的情形。", referenceDate: "2020-01-01", verdict: "不一致", wrong: "42" },
  { name: "…a description under ABOUT_NAMES_MIN characters names nothing", text: "原告不属于《中华人民共和国劳动合同法》第四十一条规定的试用期情形。", referenceDate: "2020-01-01", verdict: "无法判断", wrong: null },
  // 关于…的规定: what the draft says one article is about
  { name: "what the draft says the article is about (关于…的规定), word for word another article's, names it", text: "被告将该服务捆绑于乘车码上、强迫原告开通的行为，违反《中华人民共和国消费者权益保护法》第六条关于消费者自主决定购买或者不购买任何一项服务的规定。", verdict: "不一致", wrong: "9", says: "所述「消费者自主决定购买或者不购买任何一项服务」见于该法规第九条" },
  { name: "…and under its own number the sentence is judged as a whole (its 应当作为 for 可以作为 still counts)", text: "被告将该服务捆绑于乘车码上、强迫原告开通的行为，违反《中华人民共和国消费者权益保护法》第九条关于消费者自主决定购买或者不购买任何一项服务的规定。", verdict: "一致", wrong: null },
  { name: "a short topic (under ABOUT_NAMES_MIN characters) names no other article", text: "承运人因无正本提单交付货物承担民事责任的，不适用《中华人民共和国民法典》第五百八十五条关于违约责任的规定。", wrong: null, verdict: "无法判断" },
  // a 款 / 项 the article lacks, in the text in force at the draft's date
  { name: "a 款 the article lacks (第二百九十五条 has one), no amendment since the date touching it", text: "依照《中华人民共和国刑法》第二百九十五条第三款之规定，判决如下：", referenceDate: "2019-05-01", verdict: "不一致", style: "bare", wrong: null, says: "只有1款" },
  { name: "a 项 of a 款 laid out without 项 (第二百九十三条第二款)", text: "依照《中华人民共和国刑法》第二百九十三条第二款第（五）项之规定，判决如下：", referenceDate: "2019-05-01", verdict: "不一致", says: "第二款未分项" },
  { name: "a 款 missing from an article a 修正案 changed after the date (第一百三十四条, 修正案（十一）) is not judged by today's layout", text: "依照《中华人民共和国刑法》第一百三十四条第三款之规定，判决如下：", referenceDate: "2019-05-01", verdict: "无法判断" },
  { name: "…and is once that 修正案 was in force", text: "依照《中华人民共和国刑法》第一百三十四条第三款之规定，判决如下：", referenceDate: "2021-06-01", verdict: "不一致", says: "只有2款" },
  { name: "a law not yet in force at the date (民法典 in 2019) says nothing of the 款 the draft saw", text: "依照《中华人民共和国民法典》第五百七十七条第二款之规定，判决如下：", referenceDate: "2019-05-01", verdict: "无法判断" },
  { name: "a quote of the text a 修正案 changed after the draft's date names that 修正案 as the likely source of the difference", text: "《中华人民共和国刑法》第一百三十四条第二款规定：“强令他人违章冒险作业，因而发生重大伤亡事故或者造成其他严重后果的，处五年以下有期徒刑或者拘役；情节特别恶劣的，处五年以上有期徒刑。”", referenceDate: "2016-05-01", verdict: "部分一致", style: "quote", says: "2021-03-01 起经《中华人民共和国刑法修正案（十一）》修改，晚于文书日期" },
  { name: "…and not once that 修正案 was in force", text: "《中华人民共和国刑法》第一百三十四条第二款规定：“强令他人违章冒险作业，因而发生重大伤亡事故或者造成其他严重后果的，处五年以下有期徒刑或者拘役；情节特别恶劣的，处五年以上有期徒刑。”", referenceDate: "2022-05-01", verdict: "部分一致", style: "quote", says: "遗漏了条件或限定" },
  // a modal turned, read where the sentence writes the act (restated-modal.ts)
  { name: "a restatement turning the article's 可以 into 应当 is 不一致, saying both", text: "根据《民法典》第五百八十五条，违约金低于造成的损失的，人民法院应当根据当事人的请求予以增加。", verdict: "不一致", wrong: null, says: "情态词改变：原文「可以根据当事人的请求予以增加」，援引句「应当根据当事人的请求予以增加」" },
  { name: "a case's sentence exercising 可以 as 应当 is the court's call, not a misread article", text: "被告人犯罪未遂，根据《中华人民共和国刑法》第二十三条之规定，应当比照既遂犯从轻处罚。", verdict: "一致" },
  { name: "…but 不得 where the article permits is, even when the sentence names the term the article defines", text: "被告人犯罪未遂，根据《中华人民共和国刑法》第二十三条之规定，不得比照既遂犯从轻处罚。", verdict: "不一致", says: "原文「可以比照既遂犯从轻」" },
  // a doctrine name the thesaurus gives another article for (named-concept.ts)
  { name: "a doctrine name under another article of the law names the thesaurus's article for it (离婚经济补偿 → 第一千零八十八条)", text: "依据《民法典》第一千零八十条，夫妻一方可以请求离婚经济补偿。", verdict: "不一致", wrong: "1088", says: "「离婚经济补偿」由该法规第一千零八十八条规定" },
  { name: "…and under that article it raises no alarm", text: "依据《民法典》第一千零八十八条，夫妻一方可以请求离婚经济补偿。", verdict: "部分一致", wrong: null },
  { name: "a citation of the text before an amendment (修正前刑法) is not judged by today's layout", text: "依照修正前刑法第二百九十五条第三款之规定，判决如下：", referenceDate: "2019-05-01", verdict: "无法判断" },
  // numbers restated in the writer's own words, and the article whose numbers they are
  { name: "a number restated past a semicolon, the writer's words around it (只需要提前七日…即可解除)", text: "《中华人民共和国劳动合同法》第三十七条规定，劳动者一般情况下提前三十日以书面形式通知用人单位，就可以解除劳动合同；如果还在试用期内，只需要提前七日通知用人单位即可解除。", verdict: "不一致", wrong: null, says: "原文「提前三日通知用人单位」" },
  { name: "a sum of money changed after the article's words (不足一千元的 for 不足五百元的)", text: "按照《中华人民共和国消费者权益保护法》第五十五条，经营者提供商品或者服务有欺诈行为的，应当按照消费者的要求增加赔偿其受到的损失，增加赔偿的金额为购买商品价款的三倍；增加赔偿的金额不足一千元的，按一千元计算。", verdict: "不一致", wrong: null, says: "五百元" },
  { name: "the numbers of another article with the same words (开设赌场 under 第三百零二条): that article is named", text: "本院认为，被告人郑某伙同他人以营利为目的，在其经营的棋牌室内设置赌台，招揽人员赌博并从中抽头渔利，其行为已构成开设赌场罪。依照《刑法》第三百零二条第二款，开设赌场的，处五年以下有期徒刑、拘役或者管制，并处罚金。", verdict: "不一致", wrong: "303", says: "与该法规第三百零三条相符" },
  { name: "another article's words word for word after a citation that opens a clause of its own (…属违法解除，依据第八十五条，…)", text: "本委认为，被申请人未能提供证据，属违法解除。申请人不要求继续履行劳动合同，依据《劳动合同法》第八十五条，用人单位违反本法规定解除劳动合同的，应当按照经济补偿标准的二倍向劳动者支付赔偿金。", verdict: "不一致", wrong: "87" },
  { name: "a 项 whose words are another 项's, read with their 款's lead", text: "根据《中华人民共和国劳动合同法》第三十八条第一款第（一）项，用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同。", verdict: "部分一致", says: "第一款第（二）项规定了「未及时足额支付劳动报酬的」" },
  { name: "one legal role put for another in a restatement (股东 for 董事 as 清算义务人)", text: "根据《中华人民共和国公司法》第二百三十二条，公司因股东会决议解散的，应当清算，股东为公司清算义务人，应当在解散事由出现之日起十五日内组成清算组进行清算。", verdict: "不一致", says: "主体/对象改变" },
  { name: "…but a litigant put for the article's role is an application (被告 for 债务人)", text: "被告未按约定付款，根据《民法典》第五百七十七条，被告应当承担继续履行、赔偿损失等违约责任。", verdict: "一致" },
  // the rule stated in the sentence before a thin citing sentence
  { name: "the rule restated just before, the citing sentence drawing the conclusion: judged on that statement", text: "本院认为，行为人与相对人以虚假的意思表示实施的民事法律行为无效；以虚假的意思表示隐藏的民事法律行为的效力，依照有关法律规定处理。依据《中华人民共和国民法典》第一百四十六条，《借款合同》无效，双方之间的权利义务应依被隐藏的股权回购协议予以认定。", verdict: "一致", says: "上文所述" },
  { name: "…and under another number, the article whose sentence it states word for word is named", text: "本院认为，行为人与相对人以虚假的意思表示实施的民事法律行为无效；以虚假的意思表示隐藏的民事法律行为的效力，依照有关法律规定处理。依据《中华人民共和国民法典》第一百五十三条，《借款合同》无效，双方之间的权利义务应依被隐藏的股权回购协议予以认定。", verdict: "不一致", wrong: "146" },
  { name: "a doctrine name with the statute's words for it, both another article's, outweighs the cited article's shared words", text: "被上诉人拒绝支付剩余价款，系依据《中华人民共和国民法典》第五百二十五条行使先履行抗辩权：当事人互负债务，有先后履行顺序，应当先履行债务一方未履行的，后履行一方有权拒绝其履行请求。", verdict: "不一致", wrong: "526" },
  { name: "…and under that article it is 一致", text: "被上诉人拒绝支付剩余价款，系依据《中华人民共和国民法典》第五百二十六条行使先履行抗辩权：当事人互负债务，有先后履行顺序，应当先履行债务一方未履行的，后履行一方有权拒绝其履行请求。", verdict: "一致" },
  { name: "a 款 that speaks of the cited one (前款规定的…是指…) is its rival when the sentence holds nothing of the cited 款", text: "依据《中华人民共和国劳动合同法》第六十六条第一款，临时性工作岗位是指存续时间不超过六个月的岗位，辅助性工作岗位是指为主营业务岗位提供服务的非主营业务岗位。", verdict: "部分一致", says: "第二款规定了" },
  // excerpts: the article's words with stretches left out
  { name: "pasted words picked from the article (one tier of 诈骗罪's three) are an excerpt, not invented", text: "依照《中华人民共和国刑法》第二百六十六条的规定，诈骗公私财物数额巨大的，处三年以上十年以下有期徒刑，并处罚金。", verdict: "部分一致", style: "pasted", says: "摘取" },
  { name: "…and under another number the article they are picked from is named", text: "依照《中华人民共和国刑法》第二百六十五条的规定，诈骗公私财物数额巨大的，处三年以上十年以下有期徒刑，并处罚金。", verdict: "不一致", wrong: "266" },
  // the crime found in the sentence before the court's own punishing sentence
  { name: "the crime the court found just before 依照…的规定，应处… names its article", text: "本院认为，被告人张某秘密窃取他人财物，数额较大，其行为已构成盗窃罪。依照《中华人民共和国刑法》第二百六十六条的规定，应处三年以下有期徒刑、拘役或者管制。", verdict: "不一致", wrong: "264", says: "上文认定的「盗窃罪」" },
];

describe("judge: every way of citing", () => {
  it.each(ROWS)("$name", async (row) => {
    const r = await checkDraft(row.text, { store: citationStore(), requestId: "judge", referenceDate: row.referenceDate ?? "2026-11-23" });
    const e = r.regulations[row.at ?? 0]!;
    expect(e.match_status).toBe("found");
    expect(e.semantic_compare.结论, e.semantic_compare.说明).toBe(row.verdict);
    if (row.style) expect(e.claim_style).toBe(row.style);
    if (row.wrong !== undefined) expect(e.wrong_clause?.tid ?? null).toBe(row.wrong);
    if (row.says) expect(e.semantic_compare.说明).toContain(row.says);
    // every verdict explains itself in one sentence
    expect(e.semantic_compare.说明.length).toBeGreaterThan(8);
  });
});

describe("judge: old numbering", () => {
  it.each([
    ["a number the current version lacks, in a draft dated before a later revision: maybe the old number", "2016-05-01", "条文序号可能已变动"],
    ["the same number in a draft dated after every revision: an invented article", "2026-11-23", "疑似虚构条文"],
  ])("%s", async (_what, referenceDate, says) => {
    const text = "根据《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》第三十三条的规定，本院予以支持。";
    const r = await checkDraft(text, { store: citationStore(), requestId: "missing", referenceDate });
    const e = r.regulations[0]!;
    expect(e.match_status).toBe("clause_missing");
    expect(e.semantic_compare.结论).toBe("无法判断");
    expect(e.semantic_compare.说明).toContain(says);
  });
  it("a draft dated before a revision the index lacks the version of: 无法判断 with where the content is now", async () => {
    const text = "《中华人民共和国公司法》第三十五条规定：“股东按照实缴的出资比例分取红利；公司新增资本时，股东有权优先按照实缴的出资比例认缴出资。”";
    const r = await checkDraft(text, { store: citationStore(), requestId: "old", referenceDate: "2010-05-01" });
    const e = r.regulations[0]!;
    expect(e.semantic_compare.结论).toBe("无法判断");
    expect(e.semantic_compare.说明).toContain("条文序号可能已变动");
    expect(e.wrong_clause?.tid).toBe("34");
  });
  it("an altered detail against a later version than the draft read: 无法判断, the difference may be the revision", async () => {
    const text = "《中华人民共和国公司法》第三十四条规定：“股东按照实缴的出资比例分取红利；公司新增资本时，股东不得优先按照实缴的出资比例认缴出资。但是，全体股东约定不按照出资比例分取红利或者不按照出资比例优先认缴出资的除外。”";
    const old = await checkDraft(text, { store: citationStore(), requestId: "old", referenceDate: "2010-05-01" });
    expect(old.regulations[0]!.semantic_compare.结论).toBe("无法判断");
    expect(old.regulations[0]!.semantic_compare.说明).toContain("可能来自修订");
    const now = await checkDraft(text.replace("《中华人民共和国公司法》", "《中华人民共和国公司法》（2018年修正）"), { store: citationStore(), requestId: "now", referenceDate: "2020-01-01" });
    expect(now.regulations[0]!.semantic_compare.结论).toBe("不一致");
  });
  it("the same quote judged today is a wrong number", async () => {
    const text = "《中华人民共和国公司法》（2018年修正）第三十五条规定：“股东按照实缴的出资比例分取红利；公司新增资本时，股东有权优先按照实缴的出资比例认缴出资。”";
    const r = await checkDraft(text, { store: citationStore(), requestId: "old", referenceDate: "2020-01-01" });
    expect(r.regulations[0]!.semantic_compare.结论).toBe("不一致");
    expect(r.regulations[0]!.wrong_clause?.tid).toBe("34");
  });
});

describe("judge: another article's words inside statute language are the citing rule's, not a restatement", () => {
  it.each([
    "有《民法典》第一千一百六十六条规定情形的，行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。",
    "违反《劳动合同法》第二十条的规定，劳动合同期限三个月以上不满一年的，试用期不得超过一个月。",
  ])("%s", async (text) => {
    const r = await checkDraft(text, { store: citationStore(), requestId: "embedded" });
    expect(r.regulations[0]!.semantic_compare.说明).not.toContain("的原文");
  });
});

describe("judge: a rival named by phrases common to legal writing at large", () => {
  // the slice holds too few instruments for any phrase to be common, so the spread is given here
  const withSpread = (spread: (phrase: string) => number): CitationStore =>
    new Proxy(citationStore(), { get: (t, k, r) => (k === "phraseSpread" ? (phrase: string) => spread(phrase) : Reflect.get(t, k, r)) });
  // (without the word 立功 itself, which names 第六十八条 as its section's word whatever the spread: sectionPartner)
  const text = "被告人张敏在羁押期间能够检举他人犯罪行为，查证属实，应根据《中华人民共和国刑法》第六十七条之规定对其进行处罚。";

  it.each([
    ["rare in the whole index: the article whose words they are is named", () => 1, "不一致", "68"],
    ["one of them rare: still named", (p: string) => (p.includes("查证属实") ? 1 : GENERIC_SPREAD + 1), "不一致", "68"],
    ["every one common to legal writing: no rival", () => GENERIC_SPREAD + 1, "無", null],
  ] as const)("%s", async (_name, spread, verdict, wrong) => {
    const r = await checkDraft(text, { store: withSpread(spread), requestId: "spread" });
    const e = r.regulations[0]!;
    if (verdict === "無") expect(e.semantic_compare.结论).not.toBe("不一致");
    else expect(e.semantic_compare.结论).toBe(verdict);
    expect(e.wrong_clause?.tid ?? null).toBe(wrong);
  });
});

describe("judge: a defined term counts only as a word of its own", () => {
  it.each([
    ["系自首", "自首", true],
    ["在共同犯罪中起次要作用，系从犯", "从犯", true],
    ["绿发会从事环境保护公益活动已满五年", "环境", false],
    ["其行为构成累犯，应当从重处罚", "累犯", true],
  ])("%s / %s", (text, term, expected) => {
    expect(usedAsWord(text, term)).toBe(expected);
  });
});

describe("judge: 一致 rests on more than one word of what is done", () => {
  it.each([
    ["one common word (赔偿) is no agreement", "原告可以依照《中华人民共和国劳动法》第九十一条的规定要求赔偿。", "2024-06-01", ["无法判断", "部分一致"]],
    ["one penalty word (予以罚款) is at most partial", "依照《中华人民共和国民事诉讼法》第一百一十四条的规定予以罚款。", "2024-06-01", ["部分一致", "无法判断"]],
    ["the article's own section heading (第四节 数罪并罚) is its subject", "根据《中华人民共和国刑法》第六十九条之规定，对被告人宋某某应当数罪并罚。", "2015-12-31", ["一致"]],
    ["a term the article defines (共同犯罪) is its subject", "彭勇、李明亮系共同犯罪，适用《中华人民共和国刑法》第二十五条之规定处罚。", "2015-12-31", ["一致"]],
    ["one remedy of another article's list (退还货款) names no rival", "被告应当退还货款，依照《中华人民共和国消费者权益保护法》第二十四条的规定。", "2024-06-01", ["无法判断", "部分一致", "一致"]],
  ])("%s", async (_name, text, referenceDate, verdicts) => {
    const r = await checkDraft(text, { store: citationStore(), requestId: "thin", referenceDate });
    expect(verdicts).toContain(r.regulations[0]!.semantic_compare.结论);
  });
});

describe("judge: a claim in an older version's numbering", () => {
  const text = "公司股东滥用公司法人独立地位和股东有限责任，逃避债务，严重损害公司债权人利益的，应当对公司债务承担连带责任";
  it.each([
    ["restated under 公司法 2018's number", `根据《公司法》第二十条，${text}。`, "所述内容与 2018 年版本"],
    ["quoted under 公司法 2018's number", `《公司法》第二十条规定：“${text}。”`, "引文与 2018 年版本"],
  ])("%s: 一致 with that version, and where the quoted part is now (第二十三条, not the first paragraphs' 第二十一条)", async (_name, draft, note) => {
    const r = await checkDraft(draft, { store: citationStore(), requestId: "older", referenceDate: "2025-06-01" });
    const e = r.regulations[0]!;
    expect(e.semantic_compare.结论).toBe("一致");
    expect(e.version_note).toContain(note);
    expect(e.version_note).toContain("现行版本该内容在第二十三条");
    expect(e.replaced_by?.tid).toBe("23");
  });
  it("the same words under another number of the version in force name its article", async () => {
    const r = await checkDraft(`根据《公司法》第二十一条，${text}。`, { store: citationStore(), requestId: "older", referenceDate: "2025-06-01" });
    const e = r.regulations[0]!;
    expect(e.semantic_compare.结论).toBe("不一致");
    expect(e.wrong_clause?.tid).toBe("23");
  });
});

describe("judge: who acts and how marks no article (actorOnly)", () => {
  it.each([
    ["国家安全机关可以", true],
    ["直接向人民法院申请", true],
    ["人民法院应当通知", true],
    ["县级以上人民政府自然资源主管部门责令限期改正", true],
    ["人民法院", true],
    // what is done still counts
    ["人民法院申请重整", false],
    ["故意阻碍国家安全机关依法执行", false],
    ["上级人民法院可以指定", false],
    ["人民法院责令对方当事人提交", false],
    ["应当承担侵权责任", false],
    ["执行裁定", false],
  ])("%s", (phrase, expected) => {
    expect(actorOnly(phrase)).toBe(expected);
  });

  it.each([
    ["人民法院应当受理", 2],
    ["上级人民法院可以指定", 2],
    ["人民法院更换管理人", 5],
    ["如实供述", 4],
  ])("what is done in %s: %i characters", (phrase, n) => {
    expect(whatIsDone(phrase)).toBe(n);
  });

  it("a court's consequence after a condition citation names no article (人民法院应当受理 is many articles')", async () => {
    expect(whatIsDone("人民法院应当受理")).toBeLessThan(WHAT_IS_DONE);
    const r = await checkDraft("当事人向人民法院提起诉讼，经审查符合《中华人民共和国民事诉讼法》第一百二十二条规定的，人民法院应当受理。", { store: citationStore(), requestId: "actor" });
    const e = r.regulations[0]!;
    expect(e.match_status).toBe("found");
    expect(e.semantic_compare.结论).not.toBe("不一致");
    expect(e.wrong_clause ?? null).toBeNull();
  });
});

describe("judge: thresholds are ordered", () => {
  it("agree > partial > low and a wrong number needs a clear margin", () => {
    expect(SUPPORT.agree).toBeGreaterThan(SUPPORT.partial);
    expect(SUPPORT.partial).toBeGreaterThan(SUPPORT.low);
    expect(SUPPORT.other - SUPPORT.low).toBeGreaterThanOrEqual(SUPPORT.margin);
    expect(LONG_LIST).toBeGreaterThanOrEqual(3);
    expect(RENUMBER_SIMILARITY).toBeGreaterThan(0);
  });
});

describe("sentenceClaim: what names a document or cites is not the claim", () => {
  it.each([
    ["根据本院（2021）京01执123号执行裁定，依照《中华人民共和国民事诉讼法》第二百四十二条的规定，请协助执行下列事项", "执行裁定"],
    ["根据本院（××××）……执……号执行裁定，依照《中华人民共和国民事诉讼法》第二百四十二条的规定，请协助执行下列事项", "执行裁定"],
    ["同时触犯刑法第二百二十五条、第二百八十条规定之罪的，依照处罚较重的规定定罪处罚", "处罚较重"],
    ["依照《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》（法释〔2020〕17号）第二十五条", "法释"],
  ])("%s drops 「%s」", (sentence, gone) => {
    expect(sentenceClaim(sentence)).not.toContain(gone);
  });
});

describe("headingConcepts: the concepts of a code's general part, from its own section headings", () => {
  const store = citationStore();
  const criminal = store.findFamiliesByName("中华人民共和国刑法")[0]!.versions[0]!;
  const law = lawIndexFor({}, criminal.fgid, () => store.getClauses(criminal.fgid));
  const concepts = headingConcepts(law);
  const tidsOf = (term: string) => (concepts.get(term) ?? []).map((i) => law.clauses[i]!.tid);
  it.each([
    ["数罪并罚", ["69", "70", "71"]],
    ["累犯", ["65", "66"]],
    ["自首", ["67", "68"]],
    ["立功", ["67", "68"]],
  ])("%s → its section's articles", (term, tids) => {
    expect(tidsOf(term)).toEqual(tids);
  });
  it.each([
    ["罚金", "every crime's article names it (more than HEADING_OUTSIDE_SHARE of the law)"],
    ["有期徒刑", "the same"],
    ["侵犯财产罪", "a chapter of the special part, not the general part"],
  ])("not %s: %s", (term) => {
    expect(concepts.has(term)).toBe(false);
  });
  it("keeps only small sections and a small outside share", () => {
    for (const members of concepts.values()) expect(members.length).toBeLessThanOrEqual(HEADING_SECTION_MAX);
    expect(HEADING_OUTSIDE_SHARE).toBeLessThan(0.1);
  });
});

describe("deniedOnly: every use of the term denied just before it", () => {
  it.each([
    ["被告人不属于自首", "自首", true],
    ["被告人不构成累犯", "累犯", true],
    ["不应当数罪并罚", "数罪并罚", true],
    ["没有自首情节", "自首", true],
    ["被告人系自首", "自首", false],
    ["不属于自首，但构成立功，系自首后又立功", "自首", false],
    ["被告人系累犯", "自首", false],
  ])("%s / %s → %s", (text, term, want) => {
    expect(deniedOnly(text, term)).toBe(want);
  });
});

describe("restatesException: a claim carrying the words of an article's exception", () => {
  const article = "出借人请求借款人按照合同约定利率支付利息的，人民法院应予支持，但是双方约定的利率超过合同成立时一年期贷款市场报价利率四倍的除外。";
  const rows: { name: string; claim: string; clause: string; want: boolean }[] = [
    { name: "the exception's words restated", claim: "借贷双方约定的利率超过合同成立时一年期贷款市场报价利率四倍的，人民法院不予支持", clause: article, want: true },
    { name: "the main rule only", claim: "出借人请求借款人按照合同约定利率支付利息的，人民法院不予支持", clause: article, want: false },
    { name: "an article without an exception", claim: "借贷双方约定的利率超过四倍的，人民法院不予支持", clause: "借款人应当按照约定的期限返还借款。", want: false },
    { name: "但…的除外 as well as 但是…除外", claim: "法律另有规定的，不适用", clause: "当事人应当按照约定履行义务，但法律另有规定的除外。", want: true },
  ];
  for (const r of rows) it(r.name, () => expect(restatesException(r.claim, r.clause)).toBe(r.want));
});

describe("onlyInReference: words an article holds only in its cross-references", () => {
  it.each([
    ["收买被拐卖的妇女…并有第二款、第三款规定的犯罪行为的，依照数罪并罚的规定处罚。", "数罪并罚", true],
    ["对判决宣告前一人犯数罪的，应当数罪并罚。", "数罪并罚", false],
    ["有前款行为，同时构成其他犯罪的，依照处罚较重的规定定罪处罚；并应当数罪并罚。", "数罪并罚", false],
    ["以暴力、威胁方法阻碍的，依照本法第二百七十七条的规定定罪处罚。", "定罪处罚", true],
    ["盗窃公私财物，数额较大的，处三年以下有期徒刑。", "数罪并罚", false],
  ] as const)("%s / %s → %s", (content, term, want) => {
    expect(onlyInReference(content, term)).toBe(want);
  });
});

describe("judge: the 款 / 项 an article's text lacks (missingPinpoint)", () => {
  const plain = "第一款的文字。\n第二款的文字。";
  const items = "有下列情形之一的，可以解除：\n（一）甲；\n（二）乙；\n（三）丙。\n有前款第一项情形的，另行处理。";
  it.each([
    { name: "a 款 beyond the last", content: plain, p: 3, i: undefined, says: "只有2款" },
    { name: "a 款 it has", content: plain, p: 2, i: undefined, says: null },
    { name: "a 项 of a 款 without 项", content: plain, p: 1, i: 2, says: "第一款未分项" },
    { name: "a 项 beyond a 款's last", content: items, p: 1, i: 5, says: "第一款只有3项" },
    { name: "a 项 it has", content: items, p: 1, i: 3, says: null },
    { name: "the 款 after the 项 counts as the second", content: items, p: 2, i: undefined, says: null },
    { name: "a 项 cited without its 款: missing only when no 款 has that many", content: "总则。\n有下列情形之一的：\n（一）甲；\n（二）乙。", p: undefined, i: 2, says: null },
    { name: "…and said of every 款 when none has", content: "总则。\n有下列情形之一的：\n（一）甲；\n（二）乙。", p: undefined, i: 4, says: "各款至多2项" },
    { name: "sub-item lines (1. 2.) make the layout unreliable", content: "依照下列规定计算：\n（一）人身伤亡\n１．三十万；\n２．五十万。\n（二）财产损失", p: 1, i: 3, says: null },
    { name: "item labels run into the text may be the source's layout", content: "有下列情形之一的：（一）甲；（二）乙。", p: 1, i: 2, says: null },
    { name: "a 款 with a single 项 says nothing of a second", content: "依照下列规定：\n（一）甲。", p: 1, i: 2, says: null },
  ])("$name", ({ content, p, i, says }) => {
    const got = missingPinpoint(content, p, i);
    if (says === null) expect(got).toBeNull();
    else expect(got).toContain(says);
  });
});

describe("judge: another instrument's article that cites the very article the draft cites is its rule, not a wrong law (citesSame)", () => {
  it.each([
    ["劳动者依据劳动合同法第三十八条规定与新用人单位解除劳动合同", "中华人民共和国劳动合同法", "第三十八条", true],
    ["依照《中华人民共和国劳动合同法》第三十八条的规定", "中华人民共和国劳动合同法", "第三十八条", true],
    ["依照《劳动合同法》第三十八条的规定", "中华人民共和国劳动合同法", "第三十八条", true],
    ["劳动者依据劳动合同法第三十九条规定解除", "中华人民共和国劳动合同法", "第三十八条", false],
    ["依据劳动法第三十八条", "中华人民共和国劳动合同法", "第三十八条", false],
  ] as [string, string, string, boolean][])("%s", (content, law, article, want) => {
    expect(citesSame(content, law, article)).toBe(want);
  });
});

describe("reportsSpeech: a party's argument reported, not the writer's advice or a legal act", () => {
  it.each([
    ["被告主张原告未按约定交付货物", true],
    ["被告在提交答辩状期间提出管辖权异议", true],
    ["出租人许可证过期后主张承租人未经同意转租", true],
    ["您可依据该条主张赔偿", false],
    ["最长可主张十一个月", false],
    ["超过这个期间债权人没有主张权利的，保证人不再承担保证责任", false],
    ["您最迟应在11月1日前提出", false],
    ["可以自知道之日起六十日内提出", false],
  ])("%s → %s", (sentence, want) => {
    expect(reportsSpeech(sentence as string, [])).toBe(want);
  });
  it.each([
    ["用人单位未按规定提出申请的，工伤职工可以直接提出工伤认定申请", true, false],
    ["…证券公司或者管理人应当同时向国务院证券监督管理机构提出批准相关事项的申请", false, true],
    ["被告提出管辖权异议", true, true],
    ["本案仅有上诉人一方提出上诉，审理被告人提出上诉的案件，不得加重刑罚", true, false],
  ])("an application made, in a sentence stating the article (%s, states %s) → %s", (sentence, states, want) => {
    expect(reportsSpeech(sentence as string, [], undefined, states as boolean)).toBe(want);
  });
});

describe("concludedBefore: the finding the sentence before a decision concludes", () => {
  const terms = (t: string) => ["偷税", "抗税"].filter((d) => t.includes(d));
  it.each([
    ["经查，当事人少缴税款共计58万元，构成偷税。依据", "偷税"],
    ["经查，当事人少缴税款，系偷税；依据", "偷税"],
    ["经查，当事人不构成偷税。依据", null],
    ["当事人构成偷税，但情节轻微，依据", null],
    ["当事人少缴税款。依据", null],
  ])("%s → %s", (text, want) => {
    const at = (text as string).lastIndexOf("依据");
    expect(concludedBefore(text as string, at, terms)).toBe(want);
  });
});

describe("numberPinpoint: the 款 or 项 whose number the sentence says", () => {
  const XINGSU_81 = [
    { where: "第一款", text: "对有证据证明有犯罪事实，可能判处徒刑以上刑罚的犯罪嫌疑人、被告人，采取取保候审尚不足以防止发生下列社会危险性的，应当予以逮捕：" },
    { where: "第三款", text: "对有证据证明有犯罪事实，可能判处十年有期徒刑以上刑罚的，或者有证据证明有犯罪事实，可能判处徒刑以上刑罚，曾经故意犯罪或者身份不明的，应当予以逮捕。" },
  ];
  const LAODONG_44 = [
    { where: "第一款", text: "有下列情形之一的，用人单位应当按照下列标准支付高于劳动者正常工作时间工资的工资报酬：" },
    { where: "第一款第（二）项", text: "（二）休息日安排劳动者工作又不能安排补休的，支付不低于工资的百分之二百的工资报酬；" },
    { where: "第一款第（三）项", text: "（三）法定休假日安排劳动者工作的，支付不低于工资的百分之三百的工资报酬。" },
  ];
  it.each([
    { name: "the cited 项 says another number in those words", units: LAODONG_44, cited: "第一款第（二）项", claim: "法定休假日安排劳动者工作的，应当支付不低于工资百分之三百的工资报酬", want: "第一款第（三）项" },
    { name: "the cited 款 says no such number, one other alone does", units: XINGSU_81, cited: "第一款", claim: "只要有证据证明有犯罪事实、可能判处十年有期徒刑以上刑罚，就应当予以逮捕", want: "第三款" },
    { name: "the cited 项 says the sentence's number: none", units: LAODONG_44, cited: "第一款第（三）项", claim: "法定休假日安排劳动者工作的，应当支付不低于工资百分之三百的工资报酬", want: null },
  ])("$name", ({ units, cited, claim, want }) => {
    const citedUnit = units.find((u) => u.where === cited)!;
    expect(numberPinpoint(units, citedUnit, cited, claim)?.where ?? null).toBe(want);
  });
});
