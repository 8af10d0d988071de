/**
 * Checks the keyword concepts of data/thesaurus.json against the index (issue 16): every
 * article an entry names exists in a current (现行有效) version, and every wording it lists
 * occurs (normalised) in the text of one of its articles.
 *
 *   npx tsx bench/tools/check-thesaurus.ts [KEY…]     (no keys: every entry)
 * Prints each violation; exits 1 when there is one.
 */
import Database from "better-sqlite3";
import { indexPath, readDataFile, thesaurusPath } from "../../lib/config";
import { lawNameKey, normalizeText } from "../../lib/text/normalize";

interface Entry {
  terms?: string[];
  articles?: Array<[string, string]>;
  src: string;
}

const only = new Set(process.argv.slice(2).map(normalizeText));
const concepts = (JSON.parse(readDataFile(thesaurusPath())!) as { concepts: Record<string, Entry> }).concepts;
const db = new Database(indexPath(), { readonly: true });
const st = db.prepare(`SELECT c.content FROM clauses c JOIN regulations r ON r.rid = c.rid WHERE r.fgmc_key = ? AND c.ft_num = ? AND r.sxx = '现行有效'`);
let bad = 0;
let checked = 0;
for (const [key, e] of Object.entries(concepts)) {
  if (only.size && !only.has(normalizeText(key))) continue;
  if (!e.articles?.length) continue;
  checked++;
  const texts: string[] = [];
  for (const [law, ft] of e.articles) {
    const rows = st.all(lawNameKey(law), ft) as { content: string }[];
    if (rows.length === 0) {
      console.log(`${key}: ${law} ${ft} not in the index (current version)`);
      bad++;
    }
    for (const r of rows) texts.push(normalizeText(r.content));
  }
  for (const t of e.terms ?? []) {
    if (!texts.some((x) => x.includes(normalizeText(t)))) {
      console.log(`${key}: 「${t}」 is not the text of ${e.articles.map((a) => a.join(" ")).join(", ")}`);
      bad++;
    }
  }
  if (!e.src?.trim()) {
    console.log(`${key}: no src`);
    bad++;
  }
}
console.log(`${checked} entries with articles checked, ${bad} violations`);
process.exit(bad ? 1 : 0);
