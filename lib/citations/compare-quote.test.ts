import { describe, expect, it } from "vitest";
import { canonical, compareQuote, reversedAround, scopeFor, withoutEnumerators } from "./compare-quote";

const A577 = "当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。";
const A82 =
  "用人单位自用工之日起超过一个月不满一年未与劳动者订立书面劳动合同的，应当向劳动者每月支付二倍的工资。\n用人单位违反本法规定不与劳动者订立无固定期限劳动合同的，自应当订立无固定期限劳动合同之日起向劳动者每月支付二倍的工资。";
const A563 =
  "有下列情形之一的，当事人可以解除合同：\n（一）因不可抗力致使不能实现合同目的；\n（二）在履行期限届满前，当事人一方明确表示或者以自己的行为表明不履行主要债务；\n（三）当事人一方迟延履行主要债务，经催告后在合理期限内仍未履行；\n（四）当事人一方迟延履行债务或者有其他违约行为致使不能实现合同目的；\n（五）法律规定的其他情形。\n以持续履行的债务为内容的不定期合同，当事人可以随时解除合同，但是应当在合理期限之前通知对方。";
const A21_2018 = "公司的控股股东、实际控制人、董事、监事、高级管理人员不得利用其关联关系损害公司利益。\n违反前款规定，给公司造成损失的，应当承担赔偿责任。";
const A55 =
  "经营者提供商品或者服务有欺诈行为的，应当按照消费者的要求增加赔偿其受到的损失，增加赔偿的金额为消费者购买商品的价款或者接受服务的费用的三倍；增加赔偿的金额不足五百元的，为五百元。法律另有规定的，依照其规定。";
const A25 =
  "出借人请求借款人按照合同约定利率支付利息的，人民法院应予支持，但是双方约定的利率超过合同成立时一年期贷款市场报价利率四倍的除外。\n前款所称“一年期贷款市场报价利率”，是指中国人民银行授权全国银行间同业拆借中心自2019年8月20日起每月发布的一年期贷款市场报价利率。";

const A27_ARB =
  "劳动争议申请仲裁的时效期间为一年。仲裁时效期间从当事人知道或者应当知道其权利被侵害之日起计算。\n前款规定的仲裁时效，因当事人一方向对方当事人主张权利，或者向有关部门请求权利救济，或者对方当事人同意履行义务而中断。从中断时起，仲裁时效期间重新计算。\n因不可抗力或者有其他正当理由，当事人不能在本条第一款规定的仲裁时效期间申请仲裁的，仲裁时效中止。从中止时效的原因消除之日起，仲裁时效期间继续计算。\n劳动关系存续期间因拖欠劳动报酬发生争议的，劳动者申请仲裁不受本条第一款规定的仲裁时效期间的限制；但是，劳动关系终止的，应当自劳动关系终止之日起一年内提出。";

const A31_BANKRUPTCY =
  "人民法院受理破产申请前一年内，涉及债务人财产的下列行为，管理人有权请求人民法院予以撤销：\n（一）无偿转让财产的；\n（二）以明显不合理的价格进行交易的；\n（三）对没有财产担保的债务提供财产担保的；\n（四）对未到期的债务提前清偿的；\n（五）放弃债权的。";

const A1063 = "下列财产为夫妻一方的个人财产：\n（一）一方的婚前财产；\n（二）一方因受到人身损害获得的赔偿或者补偿；\n（三）遗嘱或者赠与合同中确定只归一方的财产；\n（四）一方专用的生活用品；\n（五）其他应当归一方的财产。";

const A46 =
  "有下列情形之一的，用人单位应当向劳动者支付经济补偿：\n（一）劳动者依照本法第三十八条规定解除劳动合同的；\n（二）用人单位依照本法第三十六条规定向劳动者提出解除劳动合同并与劳动者协商一致解除劳动合同的；\n（三）用人单位依照本法第四十条规定解除劳动合同的；\n（四）法律、行政法规规定的其他情形。";

const A525 = "当事人互负债务，没有先后履行顺序的，应当同时履行。一方在对方履行之前有权拒绝其履行请求。一方在对方履行债务不符合约定时，有权拒绝其相应的履行请求。";
const A50_2 = "行政机关应当根据被许可人的申请，在该行政许可有效期届满前作出是否准予延续的决定；逾期未作决定的，视为准予延续。";
const A1124_1 = "继承开始后，继承人放弃继承的，应当在遗产处理前，以书面形式作出放弃继承的表示；没有表示的，视为接受继承。";
const A1124 = `${A1124_1}\n受遗赠人应当在知道受遗赠后六十日内，作出接受或者放弃受遗赠的表示；到期没有表示的，视为放弃受遗赠。`;

function cmp(claim: string, clauseText: string, extra: Partial<{ paragraph: number; item: number; quoted: boolean }> = {}) {
  return compareQuote({ claim, clauseText, quoted: extra.quoted ?? true, paragraph: extra.paragraph, item: extra.item });
}

describe("canonical form", () => {
  it.each([
    ["三十日", "30日"],
    ["30日", "30日"],
    ["十五天", "15日"],
    ["二倍", "2倍"],
    ["两倍", "2倍"],
    ["五万元", "50000元"],
    ["5万元", "50000元"],
    ["５００元", "500元"],
    ["第五百七十七条", "第577条"],
    ["當事人，應當！", "当事人应当"],
  ])("%s → %s", (input, out) => {
    expect(canonical(input).text).toBe(out);
  });
});

describe("compareQuote: verdicts", () => {
  it("verbatim is 一致 with similarity 1", () => {
    const r = cmp(A577, A577);
    expect(r.结论).toBe("一致");
    expect(r.语义相似度).toBe(1);
    expect(r.要点).toEqual([]);
  });
  it("punctuation, width and numeral style do not matter", () => {
    const r = cmp("用人单位自用工之日起超过1个月不满1年未与劳动者订立书面劳动合同的,应当向劳动者每月支付2倍的工资", A82);
    expect(r.结论).toBe("一致");
  });
  it("a partial quote aligns to the passage it copies", () => {
    expect(cmp("应当承担继续履行、采取补救措施或者赔偿损失等违约责任", A577).结论).toBe("一致");
  });

  it("a long stretch of the article summed up in a few words with no modal is an omission, not a modal dropped", () => {
    const A113 =
      "破产财产在优先清偿破产费用和共益债务后，依照下列顺序清偿：\n（一）破产人所欠职工的工资和医疗、伤残补助、抚恤费用，所欠的应当划入职工个人账户的基本养老保险、基本医疗保险费用，以及法律、行政法规规定应当支付给职工的补偿金；\n（二）破产人欠缴的除前项规定以外的社会保险费用和破产人所欠税款；\n（三）普通破产债权。";
    const r = cmp("破产财产在优先清偿破产费用和共益债务后，先清偿破产人所欠职工的工资和医疗、伤残补助、抚恤费用等，其次是破产人欠缴的其他社会保险费用和所欠税款，最后是普通破产债权", A113);
    expect(r.差异.filter((p) => p.kind === "modal")).toEqual([]);
    expect(r.结论).not.toBe("不一致");
  });

  const flips: [string, string, string, string][] = [
    ["modal 应当→可以", A577.replace("应当", "可以"), A577, "情态词"],
    ["modal 不得→可以", A21_2018.split("\n")[0]!.replace("不得", "可以"), A21_2018, "情态词"],
    ["modal 应当→必须", A577.replace("应当", "必须"), A577, "情态词"],
    ["negation dropped", A577.replace("不履行合同义务或者", "履行合同义务或者"), A577, "否定"],
    ["negation added", A577.replace("应当承担", "不承担"), A577, "情态词"],
    ["multiple 二倍→三倍", A82.split("\n")[0]!.replace("二倍", "三倍"), A82, "数字"],
    ["multiple 三倍→二倍", A55.replace("三倍", "二倍"), A55, "数字"],
    ["amount 五百元→一千元", A55.replace("不足五百元的，为五百元", "不足一千元的，为一千元"), A55, "数字"],
    ["period 一个月→三个月", A82.split("\n")[0]!.replace("一个月", "三个月"), A82, "数字"],
    ["arabic vs chinese 四倍→3倍", A25.split("\n")[0]!.replace("四倍", "3倍"), A25, "数字"],
    ["a word of opposite effect 视为放弃→视为接受", A1124.replace("视为放弃受遗赠", "视为接受受遗赠"), A1124, "含义相反"],
    ["…接受→放弃", A1124_1.replace("视为接受继承", "视为放弃继承"), A1124_1, "含义相反"],
    ["…a word changed into its opposite by one character (准予 → 不予)", A50_2.replace("视为准予延续", "视为不予延续"), A50_2, "含义相反"],
    ["negation 没有 dropped, the change cutting it in two (没 → nothing)", A525.replace("没有先后履行顺序", "有先后履行顺序"), A525, "否定词被删除"],
    ["party 用人单位→劳动者", A82.split("\n")[0]!.replace("应当向劳动者", "应当向用人单位"), A82, "主体"],
  ];
  it.each(flips)("%s → 不一致", (_name, quote, clause, pointWord) => {
    const r = cmp(quote, clause);
    expect(r.结论).toBe("不一致");
    expect(r.要点.join("\n")).toContain(pointWord);
    expect(r.语义相似度!).toBeLessThan(0.8);
    expect(r.语义相似度!).toBeGreaterThanOrEqual(0);
  });

  it("an omitted condition is 部分一致 and named", () => {
    const r = cmp("用人单位未与劳动者订立书面劳动合同的，应当向劳动者每月支付二倍的工资。", A82);
    expect(r.结论).toBe("部分一致");
    expect(r.要点.join()).toMatch(/遗漏了条件|省略/);
  });
  it("a dropped proviso (但是……除外) is an omitted condition", () => {
    const r = cmp("出借人请求借款人按照合同约定利率支付利息的，人民法院应予支持。", A25);
    expect(r.结论).toBe("部分一致");
    expect(r.要点.join()).toContain("但书");
  });
  it("ellipsis …… matches omitted text", () => {
    const r = cmp("当事人一方不履行合同义务……应当承担继续履行、采取补救措施或者赔偿损失等违约责任。", A577);
    expect(r.结论).toBe("一致");
  });
  it.each(["…", "...", "（略）"])("ellipsis %s", (e) => {
    expect(cmp(`经营者提供商品或者服务有欺诈行为的，应当按照消费者的要求增加赔偿其受到的损失${e}增加赔偿的金额不足五百元的，为五百元。`, A55).结论).toBe("一致");
  });
  it("ellipsis does not hide a changed number", () => {
    expect(cmp("经营者提供商品或者服务有欺诈行为的……费用的二倍", A55).结论).toBe("不一致");
  });
  it("an unrelated quote is 不一致", () => {
    expect(cmp("债务人应当在收到催告之日起十日内清偿全部债务并支付违约金。", A577).结论).toBe("不一致");
  });
  it("款/项 scope: 第一款第四项", () => {
    const r = cmp("当事人一方迟延履行债务或者有其他违约行为致使不能实现合同目的", A563, { paragraph: 1, item: 4 });
    expect(r.结论).toBe("一致");
    expect(scopeFor(A563, 1, 4).text).toContain("（四）");
    expect(scopeFor(A563, 2).text).toContain("不定期合同");
  });
  it("missing 款 is reported", () => {
    const r = cmp(A577, A577, { paragraph: 3 });
    expect(r.要点.join()).toContain("没有第3款");
  });
  it("a sentence applying a clause is 无法判断", () => {
    const r = cmp("被告应向原告支付货款及逾期利息", A577, { quoted: false });
    expect(r.结论).toBe("无法判断");
  });
  it("a sentence restating the clause with a changed multiple is 不一致", () => {
    const r = cmp("用人单位未与劳动者订立书面劳动合同的，应当向劳动者每月支付三倍的工资", A82, { quoted: false });
    expect(r.结论).toBe("不一致");
  });
  it("empty clause text → 无法判断 with null similarity", () => {
    const r = cmp("任何内容", "");
    expect(r.结论).toBe("无法判断");
    expect(r.语义相似度).toBeNull();
  });
  it("one-character minor wording stays 一致", () => {
    const r = cmp(A577.replace("继续履行、", "继续履行，"), A577);
    expect(r.结论).toBe("一致");
  });
});

describe("compareQuote: pasted text (the writer's own words around the article's are not held against it)", () => {
  const rows: { name: string; claim: string; clause: string; pasted: boolean; verdict: string; points?: RegExp }[] = [
    { name: "the article's words then the writer's conclusion", claim: `${A577.replace(/。$/, "")}，被告应当承担违约责任。`, clause: A577, pasted: true, verdict: "一致" },
    { name: "the same in a quotation is an addition", claim: `${A577.replace(/。$/, "")}，被告应当承担违约责任。`, clause: A577, pasted: false, verdict: "部分一致", points: /增加了原文没有的表述/ },
    { name: "a modal changed inside the article's words is still 不一致", claim: `${A577.replace("应当承担", "可以承担").replace(/。$/, "")}，被告应当承担违约责任。`, clause: A577, pasted: true, verdict: "不一致", points: /情态词/ },
    { name: "an omitted proviso is still 部分一致", claim: "出借人请求借款人按照合同约定利率支付利息的，人民法院应予支持。", clause: A25, pasted: true, verdict: "部分一致", points: /但书/ },
    { name: "mostly the writer's words: not framing (over half)", claim: "当事人一方不履行合同义务或者履行合同义务不符合约定的，本院认为被告在合同履行期间多次拖延付款且拒不说明理由，其行为显然违反了诚实信用原则，依法应当承担相应的责任", clause: A577, pasted: true, verdict: "不一致|部分一致" },
    { name: "the writer's words before the article's are not framing", claim: `本院认为，${A577}`, clause: A577, pasted: true, verdict: "部分一致", points: /增加了原文没有的表述/ },
    // 第四十六条's item put before its lead's consequence: the lead's own 应当 and the item's label （二） are no changed modal or number
    { name: "an item restated before its lead's consequence is no changed modal or number", claim: "劳动者依照本法第三十八条规定解除劳动合同的，用人单位应当向劳动者支付经济补偿。", clause: A46, pasted: true, verdict: "部分一致|一致" },
    { name: "…while a modal changed in the lead's words is still 不一致", claim: "劳动者依照本法第三十八条规定解除劳动合同的，用人单位可以向劳动者支付经济补偿。", clause: A46, pasted: true, verdict: "不一致", points: /情态词/ },
    { name: "items written in place of their lead's 下列行为 hold the items' own negations (无偿, 不合理): moved, not added", claim: "人民法院受理破产申请前一年内，涉及债务人财产的无偿转让财产、以明显不合理的价格进行交易、放弃债权等行为，管理人有权请求人民法院予以撤销。", clause: A31_BANKRUPTCY, pasted: true, verdict: "一致|部分一致" },
    { name: "…while a negation the article holds nowhere there is added", claim: "人民法院受理破产申请前一年内，涉及债务人财产的下列行为，管理人无权请求人民法院予以撤销。", clause: A31_BANKRUPTCY, pasted: true, verdict: "不一致" },
    { name: "an uncited 项 written in place of its lead's 下列财产 (第一千零六十三条 (三) + 为夫妻一方的个人财产) is the article's words", claim: "遗嘱或者赠与合同中确定只归一方的财产，为夫妻一方的个人财产。", clause: A1063, pasted: true, verdict: "一致" },
    // 劳动争议调解仲裁法 第二十七条: 第四款 refers to 第一款's 一年
    { name: "a reference to another part of the article written as what that part says (本条第一款规定的 → 一年) is no changed number", claim: "劳动关系存续期间因拖欠劳动报酬发生争议的，劳动者申请仲裁不受一年仲裁时效期间的限制；但是，劳动关系终止的，应当自劳动关系终止之日起一年内提出。", clause: A27_ARB, pasted: true, verdict: "一致|部分一致" },
    { name: "…while a number the article does not hold put for it is a change", claim: "劳动关系存续期间因拖欠劳动报酬发生争议的，劳动者申请仲裁不受二年仲裁时效期间的限制；但是，劳动关系终止的，应当自劳动关系终止之日起一年内提出。", clause: A27_ARB, pasted: true, verdict: "不一致", points: /数字/ },
  ];
  it.each(rows)("$name", ({ claim, clause, pasted, verdict, points }) => {
    const r = compareQuote({ claim, clauseText: clause, quoted: true, pasted });
    expect(r.结论, r.说明).toMatch(new RegExp(`^(?:${verdict})$`));
    if (points) expect(r.要点.join("；")).toMatch(points);
  });
});

describe("compareQuote: a 项 with its 款's lead, an alternative left out", () => {
  const A1062 = "夫妻在婚姻关系存续期间所得的下列财产，为夫妻的共同财产，归夫妻共同所有：\n（一）工资、奖金、劳务报酬；\n（二）生产、经营、投资的收益；\n（三）知识产权的收益；\n（四）继承或者受赠的财产，但是本法第一千零六十三条第三项规定的除外；\n（五）其他应当归共同所有的财产。\n夫妻对共同财产，有平等的处理权。";
  const A148 = "消费者因不符合食品安全标准的食品受到损害的，可以向经营者要求赔偿损失，也可以向生产者要求赔偿损失。\n生产不符合食品安全标准的食品或者经营明知是不符合食品安全标准的食品，消费者除要求赔偿损失外，还可以向生产者或者经营者要求支付价款十倍或者损失三倍的赔偿金；增加赔偿的金额不足一千元的，为一千元。";
  it("a 项 written into its lead's 下列… (所得的工资、奖金、劳务报酬，为夫妻的共同财产) is the 项", () => {
    const r = cmp("夫妻在婚姻关系存续期间所得的工资、奖金、劳务报酬，为夫妻的共同财产", A1062, { paragraph: 1, item: 1 });
    expect(r.结论).toBe("一致");
  });
  it("…and another 项's words are still not it", () => {
    const r = cmp("夫妻在婚姻关系存续期间所得的知识产权的收益，为夫妻的共同财产", A1062, { paragraph: 1, item: 1 });
    expect(r.结论).not.toBe("一致");
  });
  it("…but not when the lead brings a change of its own (履行下列义务 read as 应当履行…的义务 is no changed modal of the 项)", () => {
    const A7 = "业主在物业管理活动中，履行下列义务：\n（一）遵守管理规约、业主大会议事规则；\n（二）遵守物业管理区域内物业共用部位和共用设施设备的使用、公共秩序和环境卫生的维护等方面的规章制度；\n（三）执行业主大会的决定和业主大会授权业主委员会作出的决定；\n（四）按照国家有关规定交纳专项维修资金；\n（五）按时交纳物业服务费用；\n（六）法律、法规规定的其他义务。";
    const r = cmp("业主在物业管理活动中，应当履行按照国家有关规定交纳专项维修资金的义务", A7, { item: 4, quoted: false });
    expect(r.差异.map((d) => d.kind)).not.toContain("modal");
  });
  it("one of two alternatives left out (价款十倍 of 价款十倍或者损失三倍) is an omission, not a changed number, shown as the words left out", () => {
    const r = cmp("生产不符合食品安全标准的食品或者经营明知是不符合食品安全标准的食品，消费者除要求赔偿损失外，还可以向生产者或者经营者要求支付价款十倍的赔偿金", A148, { paragraph: 2 });
    expect(r.结论).toBe("部分一致");
    expect(r.差异.map((d) => d.kind)).not.toContain("number");
    expect(r.说明).toContain("「或者损失三倍」");
  });
  it("…a number changed is still one (价款五倍)", () => {
    const r = cmp("生产不符合食品安全标准的食品或者经营明知是不符合食品安全标准的食品，消费者除要求赔偿损失外，还可以向生产者或者经营者要求支付价款五倍或者损失三倍的赔偿金", A148, { paragraph: 2 });
    expect(r.结论).toBe("不一致");
    expect(r.差异.map((d) => d.kind)).toContain("number");
  });
});

describe("compareQuote: an excerpt (the article's words in order, stretches left out)", () => {
  const A266 = "诈骗公私财物，数额较大的，处三年以下有期徒刑、拘役或者管制，并处或者单处罚金；数额巨大或者有其他严重情节的，处三年以上十年以下有期徒刑，并处罚金；数额特别巨大或者有其他特别严重情节的，处十年以上有期徒刑或者无期徒刑，并处罚金或者没收财产。本法另有规定的，依照规定。";
  it("one tier of three, its words the article's: 部分一致 saying what was left out, not 疑似虚构", () => {
    const r = compareQuote({ claim: "诈骗公私财物数额巨大的，处三年以上十年以下有期徒刑，并处罚金。", clauseText: A266, quoted: true, pasted: true });
    expect(r.结论).toBe("部分一致");
    expect(r.说明).toContain("摘取");
    expect(r.coverage).toBeGreaterThanOrEqual(0.97);
  });
  it("…with a number changed it is altered, not an excerpt", () => {
    expect(compareQuote({ claim: "诈骗公私财物数额巨大的，处五年以上十年以下有期徒刑，并处罚金。", clauseText: A266, quoted: true }).结论).toBe("不一致");
  });
  it("…and words the article does not hold, spread through it, are no excerpt", () => {
    const r = compareQuote({ claim: "诈骗他人钱财数额很大的，判处三年以上十年以下徒刑并罚款。", clauseText: A266, quoted: true });
    expect(r.coverage).toBeLessThan(0.97);
    expect(r.说明).not.toContain("摘取");
  });
});

describe("compareQuote: the writer's list numbers and a stretch summed up beside a kept modal", () => {
  const A1254 = "禁止从建筑物中抛掷物品。从建筑物中抛掷物品或者从建筑物上坠落的物品造成他人损害的，由侵权人依法承担侵权责任；经调查难以确定具体侵权人的，除能够证明自己不是侵权人的外，由可能加害的建筑物使用人给予补偿。可能加害的建筑物使用人补偿后，有权向侵权人追偿。";
  it("1. 2. at the start of lines are no numbers of the quote", () => {
    const r = compareQuote({ claim: "\n1. 禁止从建筑物中抛掷物品；\n2. 经调查难以确定具体侵权人的，除能够证明自己不是侵权人的外，由可能加害的建筑物使用人给予补偿", clauseText: A1254, quoted: true });
    expect(r.差异.some((p) => p.kind === "number")).toBe(false);
  });
  it("…but a number in the text is one (1.5倍 is no list number)", () => {
    expect(withoutEnumerators("\n1.5倍的赔偿")).toBe("\n1.5倍的赔偿");
    expect(withoutEnumerators("1、禁止\n2．不得")).toBe("禁止\n不得");
  });
  const A75 = "网络游戏服务提供者应当对游戏产品进行分类，作出适龄提示，并采取技术措施，不得让未成年人接触不适宜的游戏或者游戏功能。\n网络游戏服务提供者不得在每日二十二时至次日八时向未成年人提供网络游戏服务。";
  it("a stretch summed up in a word or two just before a modal the article has there too is an omission, not a modal dropped", () => {
    const r = compareQuote({ claim: "网络游戏服务提供者应当对游戏产品进行分类、作出适龄提示；并且不得在每日二十二时至次日八时向未成年人提供网络游戏服务", clauseText: A75, quoted: true, pasted: true });
    expect(r.差异.some((p) => p.kind === "modal")).toBe(false);
    expect(r.结论).not.toBe("不一致");
  });
});

describe("compareQuote: one side of a two-sided act put for the other", () => {
  const A587 = "债务人履行债务的，定金应当抵作价款或者收回。给付定金的一方不履行债务或者履行债务不符合约定，致使不能实现合同目的的，无权请求返还定金；收受定金的一方不履行债务或者履行债务不符合约定，致使不能实现合同目的的，应当双倍返还定金。";
  it("the two consequences swapped (收受定金的一方…无权请求返还) is a change, not words left out", () => {
    const r = compareQuote({ claim: "收受定金的一方不履行债务或者履行债务不符合约定，致使不能实现合同目的的，无权请求返还定金；给付定金的一方不履行债务致使不能实现合同目的的，应当双倍返还定金", clauseText: A587, quoted: true, pasted: true });
    expect(r.结论).toBe("不一致");
    expect(r.差异.some((p) => p.kind === "party")).toBe(true);
  });
  it("the article's two sentences in another order, each its own words, are 部分一致 saying so, not changed negations", () => {
    const r = compareQuote({ claim: "收受定金的一方不履行债务或者履行债务不符合约定，致使不能实现合同目的的，应当双倍返还定金；反过来，给付定金的一方不履行债务致使不能实现合同目的的，无权请求返还定金", clauseText: A587, quoted: true, pasted: true });
    expect(r.结论).toBe("部分一致");
    expect(r.说明).toContain("顺序与原文不同");
  });
  it("…while each side with its own consequence is not", () => {
    const r = compareQuote({ claim: "给付定金的一方不履行债务致使不能实现合同目的的，无权请求返还定金", clauseText: A587, quoted: true, pasted: true });
    expect(r.差异.some((p) => p.kind === "party")).toBe(false);
  });
});

describe("reversedAround: words of opposite effect read locally", () => {
  const A253_1 = "违反国家有关规定，向他人出售或者提供公民个人信息，情节严重的，处三年以下有期徒刑或者拘役，并处或者单处罚金；情节特别严重的，处三年以上七年以下有期徒刑，并处罚金。\n违反国家有关规定，将在履行职责或者提供服务过程中获得的公民个人信息，出售或者提供给他人的，依照前款的规定从重处罚。";
  it.each([
    { name: "the word put for its opposite with the article's words around it", sentence: "将在提供服务过程中获得的公民个人信息出售给他人的，依照前款的规定从轻处罚", want: ["含义相反：原文「前款的规定从重处罚」，援引句「前款的规定从轻处罚」（从重 → 从轻）"] },
    { name: "the article's own word is no change", sentence: "将在提供服务过程中获得的公民个人信息出售给他人的，依照前款的规定从重处罚", want: [] },
    { name: "words of the sentence's own around it are not placed (可以从轻处罚 of a confession)", sentence: "被告人如实供述自己的罪行，可以从轻发落", want: [] },
    { name: "a sentence saying both words compares neither", sentence: "对其从重处罚，但鉴于其坦白可以从轻处罚", want: [] },
  ])("$name", ({ sentence, want }) => {
    expect(reversedAround(sentence, A253_1).map((c) => c.text)).toEqual(want);
  });
  const A18_POCHAN = "人民法院受理破产申请后，管理人对破产申请受理前成立而债务人和对方当事人均未履行完毕的合同有权决定解除或者继续履行，并通知对方当事人。管理人自破产申请受理之日起二个月内未通知对方当事人，或者自收到对方当事人催告之日起三十日内未答复的，视为解除合同。";
  it.each([
    { name: "both words said, each in its own words: the place the article says one with the sentence's words around it (视为解除合同 against 视为继续履行合同)", sentence: "管理人有权决定解除还是继续履行；管理人两个月内没有通知您的，视为继续履行合同", want: ["含义相反：原文「视为解除合同」，援引句「视为继续履行合同」（解除 → 继续履行）"] },
    { name: "…and the article's own words are no change", sentence: "管理人有权决定解除还是继续履行；管理人两个月内没有通知您的，视为解除合同", want: [] },
  ])("$name", ({ sentence, want }) => {
    expect(reversedAround(sentence, A18_POCHAN).map((c) => c.text)).toEqual(want);
  });
});

describe("compareQuote: a role cut short by what the change drops", () => {
  const A30 = "采用保险人提供的格式条款订立的保险合同，保险人与投保人、被保险人或者受益人对合同条款有争议的，应当按照通常理解予以解释。对合同条款有两种以上解释的，人民法院或者仲裁机构应当作出有利于被保险人和受益人的解释。";
  it("有利于被保险人和受益人 → 有利于保险人 names another role (主体/对象改变)", () => {
    const r = cmp("对合同条款有两种以上解释的，人民法院或者仲裁机构应当作出有利于保险人的解释", A30, { quoted: false });
    expect(r.差异.map((p) => p.kind)).toContain("party");
  });
  it("…one of two roles left out is no change of role", () => {
    const r = cmp("对合同条款有两种以上解释的，人民法院或者仲裁机构应当作出有利于被保险人的解释", A30, { quoted: false });
    expect(r.差异.map((p) => p.kind)).not.toContain("party");
  });
});
