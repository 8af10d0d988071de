import { describe, expect, it } from "vitest";
import { findCaseNumbers, normalizeCaseNumber } from "./case-number";

describe("normalizeCaseNumber", () => {
  it("unifies brackets, digits and whitespace", () => {
    expect(normalizeCaseNumber("(2020)京01民初456号")).toBe("（2020）京01民初456号");
    expect(normalizeCaseNumber("〔２０２０〕 京０１民初４５６号")).toBe("（2020）京01民初456号");
    expect(normalizeCaseNumber("【2009】沪二中民二[民]终字第1508号")).toBe("（2009）沪二中民二（民）终字第1508号");
  });
});

describe("findCaseNumbers", () => {
  it("finds case numbers but not document numbers", () => {
    const text = "作出(2017)豫 04 执异27号裁定；依据法释〔2023〕12号与商评字〔2016〕第117088号，（2009）沪二中民二（民）终字第1508号判决";
    expect(findCaseNumbers(text)).toEqual(["（2017）豫04执异27号", "（2009）沪二中民二（民）终字第1508号"]);
  });
});
