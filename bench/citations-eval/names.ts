/**
 * Name resolution on real legal writing (`npm run bench -- citations`, also `--names-only`):
 * precision and recall of name → instrument over every statute citation the extractor finds in
 * the LeCaRDv2 judgments, the guiding cases and the LawRefBook 案例 write-ups, plus the law names
 * of the STARD questions.
 *
 * Labels: a name written exactly as one of the index's titles (after 中华人民共和国, 《》〈〉, width
 * and version marks are removed: familyKey) names that instrument; every other (document, name) was
 * labelled by hand in names-gold.json (how: its $comment) as in_index (with the title), not_in_index
 * or stripped (the source removed the law's name). A name neither rule labels is counted as
 * unlabelled (a name the extractor reads differently since the labels were made).
 *
 * Outcomes per citation: resolved (found / clause_missing / no_fulltext: an instrument was picked) to
 * the labelled instrument (right) or another (wrong); or not resolved (not_in_index, law_not_found,
 * repealed_not_in_corpus). precision = right / all resolved labelled citations (a name the index
 * lacks that is resolved counts as wrong); recall = right / citations of instruments in the index.
 * A wrong resolution is worse than none: the check would judge the draft against the wrong text.
 */
import fs from "node:fs";
import path from "node:path";
import { extractCitations } from "../../lib/citations/extract-citations";
import { derivedShortNames, lookupAlias, lookupRepealed } from "../../lib/citations/law-aliases";
import { proceduralDate, referenceDate } from "../../lib/citations/reference-date";
import { familiesFor, resolveCitation, type ResolveContext } from "../../lib/citations/resolve-citation";
import type { CitationStore } from "../../lib/citations/types";
import { familyKey } from "../../lib/corpus/family";
import { projectRoot } from "../../lib/config";
import { readSourceDocs } from "./passages";

interface GoldItem {
  doc: string;
  written: string;
  label: "in_index" | "not_in_index" | "stripped";
  title: string | null;
  note?: string;
}

const BACK_REF = /^(?:该|同|本|上述|前述|前引|此)(?:法律|法|条例|司法解释|解释|规定|办法|细则)$/;
const RESOLVED = new Set(["found", "clause_missing", "no_fulltext"]);

interface Tally {
  right: number;
  wrong: number;
  missed: number;
  wrongNotInIndex: number;
  honest: number;
  stripped: number;
  strippedFilled: number;
  unlabelled: number;
  wrongItems: string[];
  missedItems: Map<string, number>;
}

function tally(): Tally {
  return { right: 0, wrong: 0, missed: 0, wrongNotInIndex: 0, honest: 0, stripped: 0, strippedFilled: 0, unlabelled: 0, wrongItems: [], missedItems: new Map() };
}

function pct(a: number, b: number): string {
  return b ? `${((100 * a) / b).toFixed(1)}%` : "–";
}

export function evaluateNames(opts: { corpus: string; store: CitationStore; out?: string }): Record<string, unknown> {
  const gold = JSON.parse(fs.readFileSync(path.join(projectRoot, "bench/citations-eval/names-gold.json"), "utf8")) as { items: GoldItem[] };
  const byDoc = new Map(gold.items.map((g) => [`${g.doc}\u0000${g.written}`, g]));
  const titleFamilies = new Set(opts.store.listTitles().map((t) => t.family));

  const docs: { id: string; text: string; date: string | null }[] = readSourceDocs(opts.corpus).map((d) => ({ id: d.id, text: d.text, date: d.referenceDate }));
  const caseDir = path.join(opts.corpus, "lawrefbook", "案例");
  if (fs.existsSync(caseDir)) {
    for (const sub of fs.readdirSync(caseDir).sort()) {
      const p = path.join(caseDir, sub);
      if (!fs.statSync(p).isDirectory()) continue;
      for (const f of fs.readdirSync(p).sort()) if (f.endsWith(".md") && f !== "_index.md") docs.push({ id: `lrb:${sub}/${f}`, text: fs.readFileSync(path.join(p, f), "utf8"), date: null });
    }
  }

  const t = tally();
  const today = new Date().toISOString().slice(0, 10);
  for (const d of docs) {
    const reference = referenceDate(d.text, d.date, today);
    const ctx: ResolveContext = { store: opts.store, reference, procedural: proceduralDate(d.text, reference, today) };
    // the same extraction and resolution check-draft runs (its isKnownName included)
    const ex = extractCitations(d.text, {
      isKnownName: (n) => lookupAlias(n) !== null || lookupRepealed(n) !== null || /^中华人民共和国[\u4e00-\u9fa5]{2,}/.test(n) || familiesFor(n, ctx).length > 0,
    });
    for (const e of ex.statutes) {
      if (e.shape === "back_reference") continue;
      const written = e.nameRaw.replace(/^[《〈「]|[》〉」]$/g, "");
      if (BACK_REF.test(written)) continue;
      const r = resolveCitation(e, ctx);
      const got = outcome(r, e.name);
      score(t, byDoc.get(`${d.id}\u0000${written}`) ?? identity(written, titleFamilies), got, `${d.id} 《${written}》`);
    }
  }

  // STARD: the law names of real questions' answers (written as the dataset writes them)
  const stard = tally();
  const stardFile = path.join(opts.corpus, "..", "benchmarks", "stard-train.jsonl");
  if (fs.existsSync(stardFile)) {
    const ctx: ResolveContext = { store: opts.store, reference: { date: today, basis: "today", evidence: "", note: "" }, procedural: { date: today, note: "" } };
    const names = new Set<string>();
    for (const line of fs.readFileSync(stardFile, "utf8").split("\n")) if (line.trim()) for (const rel of (JSON.parse(line) as { relevant: { law: string }[] }).relevant) names.add(rel.law);
    for (const n of [...names].sort()) {
      const r = resolveCitation({ kind: "statute", name: n, nameRaw: n, clause: "", tid: "", shape: "name_only", content: "", quoted: false, claim: "", contentStart: 0, contentEnd: 0, start: 0, end: 0, group: 0, chainEnd: 0 }, ctx);
      score(stard, identity(n, titleFamilies), outcome(r, n), `STARD 《${n}》`);
    }
  }

  const line = (name: string, x: Tally) => {
    const resolved = x.right + x.wrong + x.wrongNotInIndex;
    const inIndex = x.right + x.wrong + x.missed;
    console.log(
      `${name}: precision ${pct(x.right, resolved)} (${x.right}/${resolved}); recall ${pct(x.right, inIndex)} (${x.right}/${inIndex}); ` +
        `in the index but left unresolved ${pct(x.missed, inIndex)} (${x.missed}); resolved to another instrument ${x.wrong}; ` +
        `not in the index: ${x.honest + x.wrongNotInIndex} (${x.wrongNotInIndex} resolved anyway); stripped names ${x.stripped} (${x.strippedFilled} filled from the document); unlabelled ${x.unlabelled}`,
    );
  };
  console.log("--- name resolution (labelled: names-gold.json + exact titles) ---");
  line("real writing (judgments, guiding cases, 案例)", t);
  line("STARD law names", stard);
  if (t.wrongItems.length) console.log(`  wrong: ${t.wrongItems.slice(0, 10).join("; ")}`);
  const missed = [...t.missedItems].sort((a, b) => b[1] - a[1]).slice(0, 12);
  if (missed.length) console.log(`  missed: ${missed.map(([k, v]) => `${k} ${v}`).join(", ")}`);
  const heldOut = leaveOneOut(opts.store);
  const summary = { real: { ...t, missedItems: Object.fromEntries(t.missedItems) }, stard: { ...stard, missedItems: Object.fromEntries(stard.missedItems) }, leave_one_out: heldOut };
  if (opts.out) {
    fs.mkdirSync(path.dirname(opts.out), { recursive: true });
    fs.writeFileSync(opts.out, JSON.stringify(summary, null, 1));
  }
  return summary;
}

/**
 * The instrument a resolution picked (its family), or null. A real repealed law the index holds no
 * text of (合同法: repealed_not_in_corpus, named with what replaced it) counts as that law.
 */
function outcome(r: ReturnType<typeof resolveCitation>, name: string): string | null {
  if (RESOLVED.has(r.status)) return r.regulation?.family ?? null;
  if (r.status === "repealed_not_in_corpus") return REPEALED_PREFIX + familyKey(lookupRepealed(name)?.name ?? name);
  return null;
}
const REPEALED_PREFIX = "repealed:";

/**
 * The label of a name as one document writes it: the hand label (names-gold.json), else in_index
 * when written exactly as a title, else null (unlabelled).
 */
export function nameLabeller(store: CitationStore): (docId: string, written: string) => GoldItem["label"] | null {
  const gold = JSON.parse(fs.readFileSync(path.join(projectRoot, "bench/citations-eval/names-gold.json"), "utf8")) as { items: GoldItem[] };
  const byDoc = new Map(gold.items.map((g) => [`${g.doc}\u0000${g.written}`, g]));
  const families = new Set(store.listTitles().map((t) => t.family));
  return (docId, written) => {
    const w = written.replace(/^[《〈「]|[》〉」]$/g, "");
    return (byDoc.get(`${docId}\u0000${w}`) ?? identity(w, families))?.label ?? null;
  };
}

/** A name written exactly as a title of the index names that instrument. */
function identity(written: string, families: Set<string>): GoldItem | null {
  const k = familyKey(written);
  return families.has(k) ? { doc: "", written, label: "in_index", title: written } : null;
}

function score(t: Tally, g: GoldItem | null, got: string | null, where: string): void {
  if (!g) {
    t.unlabelled++;
    return;
  }
  if (g.label === "stripped") {
    t.stripped++;
    if (got) t.strippedFilled++;
    return;
  }
  // a known repealed law: right when the label is that law, an honest answer when the index lacks it
  const repealed = got?.startsWith(REPEALED_PREFIX) ? got.slice(REPEALED_PREFIX.length) : null;
  if (repealed !== null) got = g.label === "in_index" && familyKey(g.title!) === repealed ? repealed : null;
  if (g.label === "not_in_index") {
    if (got) {
      t.wrongNotInIndex++;
      t.wrongItems.push(`${where} → ${got} (not in the index)`);
    } else t.honest++;
    return;
  }
  const want = familyKey(g.title!);
  if (got === want) t.right++;
  else if (got) {
    t.wrong++;
    t.wrongItems.push(`${where} → ${got} (want ${want})`);
  } else {
    t.missed++;
    t.missedItems.set(where.replace(/^\S+ /, ""), (t.missedItems.get(where.replace(/^\S+ /, "")) ?? 0) + 1);
  }
}

/**
 * Leave-one-out precision, on instruments nobody looked at: for a seeded sample of the index's
 * titles, the instrument is hidden from the store and its own title, the title without its issuer,
 * and the short names its structure gives are resolved. The index no longer holds it, so any
 * instrument picked is a wrong resolution (unless the index holds the same instrument twice, e.g.
 * a catalogue record beside the text: listed so that they can be read).
 */
export function leaveOneOut(store: CitationStore, sample = 300, seed = 31): { names: number; wrong: number; examples: string[] } {
  const all = store.listTitles();
  const families = [...new Map(all.map((t) => [t.family, t.fgmc])).entries()].filter(([, fgmc]) => /关于/.test(fgmc));
  let s = seed >>> 0;
  const rand = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const picked = families.map((f) => ({ f, r: rand() })).sort((a, b) => a.r - b.r).slice(0, sample).map((x) => x.f);
  let names = 0;
  let wrong = 0;
  const examples: string[] = [];
  const today = new Date().toISOString().slice(0, 10);
  for (const [family, fgmc] of picked) {
    const hidden: CitationStore = {
      findFamiliesByName: (n) => store.findFamiliesByName(n).filter((f) => f.family !== family),
      listTitles: () => all.filter((t) => t.family !== family),
      getClauses: (id) => store.getClauses(id),
      getClause: (id, tid) => store.getClause(id, tid),
      findCasesByNumber: (n) => store.findCasesByNumber(n),
    };
    const ctx: ResolveContext = { store: hidden, reference: { date: today, basis: "today", evidence: "", note: "" }, procedural: { date: today, note: "" } };
    const at = fgmc.indexOf("关于");
    const written = new Set([fgmc, fgmc.slice(at), ...derivedShortNames(fgmc).filter((k) => k.length >= 4)]);
    for (const n of written) {
      names++;
      const r = resolveCitation({ kind: "statute", name: n, nameRaw: n, clause: "", tid: "", shape: "name_only", content: "", quoted: false, claim: "", contentStart: 0, contentEnd: 0, start: 0, end: 0, group: 0, chainEnd: 0 }, ctx);
      if (RESOLVED.has(r.status) && r.regulation) {
        wrong++;
        if (examples.length < 12) examples.push(`《${n}》 (hidden: ${fgmc}) → ${r.regulation.fgmc}`);
      }
    }
  }
  console.log(`leave-one-out (${picked.length} instruments hidden one at a time, ${names} names: title, without issuer, derived short names): resolved to another instrument ${wrong} (${pct(wrong, names)})`);
  for (const e of examples) console.log(`  ${e}`);
  return { names, wrong, examples };
}
