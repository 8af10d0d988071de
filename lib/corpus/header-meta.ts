/**
 * Metadata derived from a document's header event lines and opening text by fixed rules
 * (see ../shared/corpus/README.md, "Metadata coverage"). Each function returns "" when
 * the text does not say: nothing is guessed.
 */

const CN_DIGIT: Record<string, string> = {
  〇: "0", 零: "0", 一: "1", 二: "2", 三: "3", 四: "4", 五: "5", 六: "6", 七: "7", 八: "8", 九: "9",
};

/**
 * Full-width digits → ASCII (headers sometimes write ２０１２年１２月３日); the circle ○ (U+25CB)
 * and full-width Ｏ that texts type for 〇 in 二○○四年 → 〇; a letter l/I typed for 1 between
 * date parts (「1995年8月l日」) → 1. Only these typing slips, nothing else is rewritten.
 */
export function halfWidthDigits(s: string): string {
  return s
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[○Ｏ](?=[〇○Ｏ零一二三四五六七八九]{0,3}年)/g, "〇")
    .replace(/(?<=[0-9][年月]|[年月][0-9]?)[lI](?=[0-9]?[月日])/g, "1");
}

/** Chinese month/day numerals (十二, 二十三) → number. */
function smallChineseNumber(s: string): number | null {
  if (/^\d+$/.test(s)) return Number(s);
  const m = /^([一二三]?)(十?)([一二三四五六七八九]?)$/.exec(s);
  if (!m || s === "") return null;
  // no 十: a single digit (一月, 三日), captured by the first or the last group
  if (!m[2]) return m[1] && m[3] ? null : Number(CN_DIGIT[m[1] || m[3]!]);
  return (m[1] ? Number(CN_DIGIT[m[1]]) : 1) * 10 + (m[3] ? Number(CN_DIGIT[m[3]]) : 0);
}

const DATE = /([0-9]{4}|[〇零一二三四五六七八九]{4})\s*年\s*([0-9]{1,2}|[一二三十]{1,3})\s*月\s*([0-9]{1,2}|[一二三四五六七八九十]{1,3})\s*日/;

/** First date in the text as yyyy-MM-dd ("" if none). Handles full-width and Chinese numerals. */
export function parseChineseDate(text: string): string {
  const m = DATE.exec(halfWidthDigits(text));
  if (!m) return "";
  const year = /^\d+$/.test(m[1]!) ? m[1]! : [...m[1]!].map((c) => CN_DIGIT[c]).join("");
  const month = smallChineseNumber(m[2]!);
  const day = smallChineseNumber(m[3]!);
  if (!month || !day || month > 12 || day > 31) return "";
  const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  // a day the calendar does not have (二月三十一日) is a typing slip, not a date
  return new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) === iso ? iso : "";
}

/** Implementation date: the date on a header line that ends in 施行 (last such line). */
export function headerImplementationDate(header: string[]): string {
  let found = "";
  for (const line of header) if (/施行[）)。]?$/.test(line.trim())) found = parseChineseDate(line) || found;
  return found;
}

/** Publication date from the header: the latest dated event that is not an implementation line. */
export function headerPublicationDate(header: string[]): string {
  let latest = "";
  for (const line of header) {
    if (/^[^，,]*日\s*施行[）)。]?$/.test(line.trim())) continue;
    const d = parseChineseDate(line);
    if (d > latest) latest = d;
  }
  return latest;
}

/** The event text after the leading date ("2019年3月1日 国务院令第1号公布" → "国务院令第1号公布"). */
function eventText(line: string): string {
  return halfWidthDigits(line)
    .replace(/^[\s\u3000（(]*[0-9〇零一二三四五六七八九]{4}\s*年[^日]{1,8}日[\s\u3000]*/, "")
    .trim();
}

const LOCAL_CONGRESS = /^([\u4e00-\u9fa5]{2,12}?(?:省|市|自治区|自治州|州|县|盟))(?:第[\u4e00-\u9fa50-9]+届)?人民代表大会(常务委员会)?/;
const LOCAL_GOVERNMENT = /^([\u4e00-\u9fa5]{2,12}?(?:省|市|自治区|自治州|县))人民政府/;
const MINISTRY_ORDER = /^(?:中华人民共和国)?([\u4e00-\u9fa5]{2,14}?(?:部|委员会|总局|局|署|银行|办公厅))令/;

/**
 * Issuing body (发布机关) by rule: title first for 司法解释 (joint issuers are named there),
 * then the first header event line that names an enacting body, then the level's body.
 */
export function deriveIssuingBody(title: string, header: string[], level: string): string {
  const byTitle = /^(最高人民法院[、\s]+最高人民检察院|最高人民检察院[、\s]+最高人民法院|最高人民法院|最高人民检察院)/.exec(title);
  if (byTitle) return byTitle[1]!.replace(/[、\s]+/, "、");
  if (level === "行政法规") return header.some((l) => l.includes("中央军事委员会")) ? "国务院、中央军事委员会" : "国务院";
  for (const line of header) {
    const body = bodyFromEvent(eventText(line), line);
    if (body) return body;
  }
  return "";
}

function bodyFromEvent(ev: string, line: string): string {
  if (/^(?:第[\u4e00-\u9fa5]+届)?全国人民代表大会常务委员会/.test(ev)) return "全国人民代表大会常务委员会";
  if (/^(?:第[\u4e00-\u9fa5]+届)?全国人民代表大会/.test(ev)) return "全国人民代表大会";
  if (/^最高人民法院审判委员会/.test(ev)) return line.includes("最高人民检察院") ? "最高人民法院、最高人民检察院" : "最高人民法院";
  if (/^最高人民检察院(?:第[\u4e00-\u9fa5]+届)?检察委员会/.test(ev)) return "最高人民检察院";
  if (/^(?:中华人民共和国)?国务院(?:令|第|常务会议|批准|发布|公布)/.test(ev)) return "国务院";
  const local = LOCAL_CONGRESS.exec(ev);
  if (local) return `${local[1]}人民代表大会${local[2] ?? ""}`;
  const gov = LOCAL_GOVERNMENT.exec(ev);
  if (gov) return `${gov[1]}人民政府`;
  const ministry = MINISTRY_ORDER.exec(ev);
  if (ministry) return ministry[1]!;
  return "";
}

/** Document-number patterns, most specific first. */
const FWZH_PATTERNS = [
  /(?:中华人民共和国)?主席令(?:（?第[0-9一二三四五六七八九十百]+号）?)/g,
  /(?:中华人民共和国)?国务院(?:、中华人民共和国中央军事委员会|、中央军事委员会)?令第[0-9]+号/g,
  /法释[〔\[［(（]\d{4}[〕\]］)）]\d+号/g,
  /(?<![\u4e00-\u9fa5])(?:中华人民共和国)?[\u4e00-\u9fa5]{2,14}?(?:部|委员会|总局|局|署|银行)(?:、[\u4e00-\u9fa5]{2,14}?(?:部|委员会|总局|局|署|银行))*令第[0-9]+号/g,
  /(?<![\u4e00-\u9fa5])[\u4e00-\u9fa5]{2,8}?(?:省|市|自治区)第[\u4e00-\u9fa5]+届人民代表大会常务委员会公告第[0-9]+号/g,
  /(?<![\u4e00-\u9fa5])[\u4e00-\u9fa5]{2,8}?(?:省|市|自治区)人民(?:代表大会常务委员会|政府)公告第[0-9]+号/g,
];
/** In running body text only numbers with an unambiguous start are trusted. */
const FWZH_BODY = [
  /(?:中华人民共和国)?主席令(?:（?第[0-9一二三四五六七八九十百]+号）?)/,
  /(?:中华人民共和国)?国务院令第[0-9]+号/,
  /法释[〔\[［(（]\d{4}[〕\]］)）]\d+号/,
  /中华人民共和国[\u4e00-\u9fa5]{2,14}?(?:部|委员会|总局|局|署|银行)令第[0-9]+号/,
];

function tidyNumber(s: string): string {
  return s
    .replace(/^中华人民共和国/, "")
    .replace(/^法释[\[［(（]/, "法释〔")
    .replace(/^(法释〔\d{4})[\]］)）]/, "$1〕");
}

/**
 * Document number (发文字号). In the header the last match wins: amended 行政法规 list their
 * orders oldest first, so the last is usually the latest amendment. In the body the first
 * match wins (法释〔…〕 numbers open the announcement).
 */
export function deriveDocumentNumber(header: string[], bodyStart: string): string {
  const events = header.map(eventText);
  for (const re of FWZH_PATTERNS) {
    const all = events.flatMap((ev) => [...ev.matchAll(re)].map((m) => m[0]));
    if (all.length) return tidyNumber(all[all.length - 1]!);
  }
  const body = halfWidthDigits(bodyStart.slice(0, 600));
  for (const re of FWZH_BODY) {
    const first = re.exec(body);
    if (first) return tidyNumber(first[0]);
  }
  return "";
}

/** True when the header says a people's government (not a congress) adopted or ordered it. */
export function isGovernmentRule(header: string[]): boolean {
  const congress = header.some((l) => /人民代表大会/.test(eventText(l)));
  return !congress && header.some((l) => /人民政府.*(?:通过|令)/.test(eventText(l)));
}
