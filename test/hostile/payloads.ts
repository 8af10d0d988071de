/**
 * The hostile payloads of issue 15, shared by the tests (test/hostile) and the bench
 * (`npm run bench -- hostile`), so both send exactly the same bodies.
 */
const LAW = "《中华人民共和国民法典》";

/** A draft of MAX_TEXT_CHARS (300,000) characters: 《民法典》第1至49条、第1至49条、… */
export const CLAUSE_CHAIN_DRAFT: string = (() => {
  const head = LAW;
  const unit = "第1至49条、";
  const body = unit.repeat(Math.ceil((300_000 - head.length) / unit.length));
  return (head + body).slice(0, 300_000);
})();

/** 第1至49条 followed by a 20,000-character quote (about 60 KB of UTF-8). */
export const LONG_QUOTE_DRAFT = `${LAW}第1至49条规定：“${"当事人应当按照约定全面履行自己的义务".repeat(1200).slice(0, 20_000)}”`;

/** `count` distinct filter parts of `len` characters, space-separated. */
export function manyParts(count: number, len = 2): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(String.fromCharCode(0x4e00 + (i % 20000)).repeat(len - 1) + String.fromCharCode(0x4e00 + ((i * 7) % 20000)));
  return out.join(" ");
}
