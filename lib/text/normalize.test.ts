import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { escapeHtml, lawNameKey, normalizeForOffsets, normalizeText, stripInvisible, toHalfWidth, toSimplified } from "./normalize";
import { bigramPhrase, bigramTokens } from "./bigrams";

describe("normalisation", () => {
  it("folds full-width ASCII and the ideographic space", () => {
    expect(toHalfWidth("ＡＢＣ１２３（２０２０）\u3000x")).toBe("ABC123(2020) x");
  });
  it("returns a text no step changes as it is, and every other text as the four steps do (every BMP character, alone and in text)", () => {
    const steps = (x: string) => toSimplified(toHalfWidth(stripInvisible(x))).toLowerCase();
    const cases: Array<[string, string]> = [
      ["当事人一方不履行合同义务的，应当承担违约责任。", "当事人一方不履行合同义务的,应当承担违约责任。"],
      ["依照本法第十条的规定。", "依照本法第十条的规定。"],
      ["第一百零九条 abc-1.5%", "第一百零九条 abc-1.5%"],
      ["ABC 违约", "abc 违约"],
      ["（２０２０）\u3000x", "(2020) x"],
      ["违\u200b约", "违约"],
      ["違約責任", "违约责任"],
      ["Ⅰ类", "ⅰ类"],
      ["À la", "à la"],
    ];
    for (const [x, want] of cases) expect(normalizeText(x), x).toBe(want);
    for (let c = 0; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCharCode(c);
      for (const x of [ch, `合同${ch}条款`]) expect(normalizeText(x), `U+${c.toString(16)}`).toBe(steps(x));
    }
    const same = "依照本法第十条的规定、县级以上人民政府应当……";
    expect(normalizeText(same)).toBe(same);
  });
  it("sends a text through OpenCC for a character recorded only under longer keys only when it holds such a key: the converter's own output", () => {
    const raw = (createRequire(import.meta.url)("opencc-js") as { Converter: (o: { from: string; to: string }) => (s: string) => string }).Converter({ from: "t", to: "cn" });
    const cases = [
      "因破坏、损坏财产的，应当赔偿", // 坏 alone: unchanged
      "土坏与毛坏", // keys of 坏 (土坏 → 土坯)
      "覆盖全部", // 覆 alone
      "上级机关批覆下级", // 批覆 → 批复
      "反反覆覆地破坏",
      "坏覆批覆土坏",
      "明瞭与瞭解",
      "沈阳市",
      "意志消沈",
    ];
    for (const x of cases) {
      expect(toSimplified(x), x).toBe(raw(x));
      expect(normalizeText(x), x).toBe(raw(toHalfWidth(stripInvisible(x))).toLowerCase());
    }
    const unchanged = "因破坏、损坏财产的，应当赔偿";
    expect(toSimplified(unchanged)).toBe(unchanged);
  });
  it("folds traditional to simplified and lower-cases", () => {
    expect(normalizeText("違約責任 ABC")).toBe("违约责任 abc");
  });
  it("skips OpenCC only where it could change nothing: the same output as the converter itself", () => {
    const raw = (createRequire(import.meta.url)("opencc-js") as { Converter: (o: { from: string; to: string }) => (s: string) => string }).Converter({
      from: "t",
      to: "cn",
    });
    // every BMP character alone, then phrases whose change hangs on a character the simplified
    // script also uses (沉著 → 沉着; 乾隆 stays), compatibility ideographs, mixed text, and
    // simplified text returned as the very same string
    for (let c = 0x20; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCharCode(c);
      expect(toSimplified(ch)).toBe(raw(ch));
    }
    for (const s of ["沉著應戰", "乾隆年間", "乾燥", "顯著", "\uf900豈", "《中華人民共和國民法典》第五百七十七條", "违约金过分高于造成的损失", "𠀋𡈽 後"]) {
      expect(toSimplified(s)).toBe(raw(s));
    }
    const simplified = "当事人一方不履行合同义务的，应当承担违约责任。";
    expect(toSimplified(simplified)).toBe(simplified);
  });
  it("keeps length for offset mapping", () => {
    const s = "《中華人民共和國民法典》第５７７條";
    expect(normalizeForOffsets(s)).toHaveLength(s.length);
    expect(normalizeForOffsets(s)).toBe("《中华人民共和国民法典》第577条");
  });
  it("builds law-name keys without the state prefix or brackets", () => {
    expect(lawNameKey("《中华人民共和国民法典》")).toBe("民法典");
    expect(lawNameKey("民法典")).toBe("民法典");
    expect(lawNameKey("最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释")).toBe(
      "最高人民法院关于适用民法典合同编通则若干问题的解释",
    );
    expect(lawNameKey("人民检察院刑事诉讼规则（试行）")).toBe("人民检察院刑事诉讼规则(试行)");
  });
  it("escapes HTML", () => {
    expect(escapeHtml(`<img src=x onerror="a">'&`)).toBe("&lt;img src=x onerror=&quot;a&quot;&gt;&#39;&amp;");
  });
});

describe("bigrams", () => {
  it("splits CJK runs into overlapping bigrams and keeps Latin words", () => {
    expect(bigramTokens("合同解除")).toEqual(["合同", "同解", "解除"]);
    expect(bigramTokens("违约")).toEqual(["违约"]);
    expect(bigramTokens("第5条 GDPR")).toEqual(["第", "5", "条", "gdpr"]);
    expect(bigramTokens("違約")).toEqual(["违约"]);
  });
  it("makes exact-substring phrases, and never passes FTS syntax through", () => {
    expect(bigramPhrase("合同解除")).toBe('"合同 同解 解除"');
    expect(bigramPhrase("罪")).toBe('"罪"*');
    // a number and its unit: the text indexes 之日起1年内 as … 1 年内, so the unit is a prefix
    expect(bigramPhrase("1年", true)).toBe('"1 年"*');
    expect(bigramPhrase("1年")).toBe('"1 年"');
    expect(bigramPhrase("30日内", true)).toBe('"30 日内"');
    expect(bigramPhrase('"NEAR(*)"')).toBe('"near"');
    expect(bigramPhrase("***")).toBeNull();
  });
});
