/**
 * Case numbers (案号) such as （2020）京01民初456号 or （2009）沪二中民二（民）终字第1508号.
 * Sources write them with full- or half-width brackets, 〔〕 or 【】, stray spaces and
 * full-width digits; the index stores and looks them up in one canonical form so a citation
 * written any of those ways finds the case. Shared by the ingest and the citation check.
 */

const OPEN = /[(（〔\[【［〖]/g;
const CLOSE = /[)）〕\]】］〗]/g;

/** Canonical form: brackets → （）, no whitespace, half-width digits and letters, 字第 kept. */
export function normalizeCaseNumber(raw: string): string {
  return raw
    .replace(/[\uff01-\uff5e]/g, (c) => {
      // only digits and Latin letters: full-width brackets are handled below
      const half = String.fromCharCode(c.charCodeAt(0) - 0xfee0);
      return /[0-9A-Za-z]/.test(half) ? half : c;
    })
    .replace(/[\s\u3000\u200b]+/g, "")
    .replace(OPEN, "（")
    .replace(CLOSE, "）");
}

/**
 * Regex source that finds case numbers in running text (use with the "g" flag):
 * a bracketed year, then a court/type code that starts with a Chinese character
 * (which keeps 法释〔2023〕12号-style document numbers out) and is not 第 (which keeps
 * 商评字〔2016〕第117088号 out), then the serial number and 号. Stray spaces inside
 * ("(2017)豫 04 执异27号") are tolerated; normalizeCaseNumber removes them.
 */
export const CASE_NUMBER_PATTERN =
  "[(（〔\\[【［]\\s*[12１２][0-9０-９]{3}\\s*[)）〕\\]】］]\\s*(?!第)[\\u4e00-\\u9fa5][\\u4e00-\\u9fa50-9０-９()（）〔〕A-Za-z\\-－ \\u3000]{0,40}?[0-9０-９]+\\s*号";

/** All case numbers in the text, normalised, unique, in order of first appearance. */
export function findCaseNumbers(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(new RegExp(CASE_NUMBER_PATTERN, "g"))) seen.add(normalizeCaseNumber(m[0]));
  return [...seen];
}
