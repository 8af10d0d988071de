/**
 * Runs the labelled real-text set (passages.ts) and its perturbations (perturb.ts) through the
 * citation check's public API (checkDraft) and scores it per style. Also checks every source
 * document whole, for the share of statute citations resolved and of clause citations with a
 * content verdict, and lists the law names left unresolved. Writes per-item details (with 说明) to
 * data/tmp/citations-eval.json.
 */
import fs from "node:fs";
import path from "node:path";
import { checkDraft } from "../../lib/citations/check-draft";
import { lookupAlias } from "../../lib/citations/law-aliases";
import type { CitationStore, RegulationEntry } from "../../lib/citations/types";
import { corpusDir, projectRoot } from "../../lib/config";
import { nameLabeller } from "./names";
import { alteration, lawSwap, swaps, type Variant, type VariantKind } from "./perturb";
import { lawNameKey } from "../../lib/text/normalize";
import { buildPassages, prng, readLegislation, readSourceDocs, readWriteUps, samplePassages, STYLES, type Passage, type SourceDoc, type Style } from "./passages";

export interface EvalOptions {
  store: CitationStore;
  /** Passages per style (seeded sample). */
  perStyle: number;
  seed: number;
  /** Also check every document whole (resolution and verdict shares). */
  documents: boolean;
  out: string;
  /** The documents: the courts' (judgments and guiding cases, default), the 案例 write-ups, or legislation citing other instruments. */
  sources?: "courts" | "write-ups" | "legislation";
}

interface ItemResult {
  id: string;
  doc: string;
  style: Style;
  kind: VariantKind;
  change: string;
  reference_date: string;
  text: string;
  cited: string;
  /** The article the variant names, and the one the text fits (original). */
  tid: string;
  original_tid: string;
  expected: "not 不一致" | "不一致";
  /** null: the check reported no clause entry for this citation (not extracted). */
  got: {
    match_status: string;
    结论: string;
    语义相似度: number | null;
    claim_style: string;
    claim_text: string;
    wrong_clause: { tid: string; clause: string; similarity: number; scope: string; fgmc: string } | null;
    说明: string;
    要点: string[];
    fgid: string;
    official_name: string;
    version_note: string;
    version_basis: string;
    /** False when every version the index holds took effect after the document's date (the text the court read is not held). */
    in_force_version_held: boolean;
  } | null;
  ok: boolean;
}

const ALTER: VariantKind[] = ["alter_number", "alter_modal", "alter_negation"];

/** The entry of the passage's citation: the entry for that article whose span covers the article number, else the nearest one. */
function entryFor(regs: RegulationEntry[], p: Passage, tid: string): RegulationEntry | undefined {
  const a = p.cite.articleStart;
  const same = regs.filter((e) => e.tid === tid);
  return (
    same.find((e) => e.start_index <= a && a < e.end_index) ??
    same.find((e) => e.start_index === p.cite.start) ??
    same.sort((x, y) => Math.abs(x.start_index - a) - Math.abs(y.start_index - a))[0]
  );
}

function got(e: RegulationEntry | undefined, referenceDate: string): ItemResult["got"] {
  if (!e) return null;
  const starts = [e.implement_date || e.publish_date, ...e.versions.map((v) => v.ssrq || v.fbrq)].filter(Boolean);
  const c = e.semantic_compare;
  return {
    match_status: e.match_status,
    结论: c.结论,
    语义相似度: c.语义相似度,
    claim_style: e.claim_style,
    claim_text: e.claim_text,
    wrong_clause: e.wrong_clause ? { tid: e.wrong_clause.tid, clause: e.wrong_clause.clause, similarity: e.wrong_clause.similarity, scope: e.wrong_clause.scope, fgmc: e.wrong_clause.fgmc } : null,
    说明: c.说明,
    要点: c.要点,
    fgid: e.fgid,
    official_name: e.official_name,
    version_note: e.version_note,
    version_basis: e.version_basis,
    in_force_version_held: starts.length === 0 || starts.some((d) => d <= referenceDate),
  };
}

/** Every version's text of the cited article, through the index (alias table first). */
function clauseTextsOf(store: CitationStore): (name: string, tid: string) => string[] {
  const cache = new Map<string, string[]>();
  return (name, tid) => {
    const k = `${name}|${tid}`;
    let v = cache.get(k);
    if (!v) {
      v = [];
      const fams = store.findFamiliesByName(lookupAlias(name) ?? name);
      for (const f of fams.slice(0, 2)) for (const r of f.versions) {
        const c = store.getClause(r.fgid, tid);
        if (c) v.push(c.content);
      }
      cache.set(k, v);
    }
    return v;
  };
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : "–");

/**
 * The store as the check sees it while one document is checked: a legislation document's own instrument is left
 * out of the whole-index search (its article holds its own words, which says nothing about the article it cites).
 * One object for the whole run, so the per-store caches (law indexes, crime table) stay warm.
 */
function scopedStore(store: CitationStore): { store: CitationStore; exclude: (family: string | undefined) => void } {
  let own: string | undefined;
  const find = store.findClausesWithPhrases?.bind(store);
  const familyOf = (fgid: string) => store.getRegulation?.(fgid)?.family;
  const scoped = new Proxy(store, {
    get(target, key) {
      if (key === "findClausesWithPhrases" && find) return (phrases: string[], limit: number) => find(phrases, limit + 8).filter((c) => !own || familyOf(c.fgid) !== own).slice(0, limit);
      const v = Reflect.get(target, key, target) as unknown;
      return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return { store: scoped, exclude: (fgid) => (own = fgid) };
}

function readDocs(sources: EvalOptions["sources"], store: CitationStore): SourceDoc[] {
  if (sources === "write-ups") return readWriteUps(corpusDir());
  if (sources === "legislation") return readLegislation(store);
  return readSourceDocs(corpusDir());
}

export async function evaluateCitations(opts: EvalOptions): Promise<void> {
  const t0 = performance.now();
  const scoped = scopedStore(opts.store);
  const store = scoped.store;
  const docs = readDocs(opts.sources, opts.store);
  const ownOf = new Map(docs.map((d) => [d.id, d.ownFamily]));
  const all = buildPassages(docs, clauseTextsOf(store));
  const sample = samplePassages(all, opts.perStyle, opts.seed);
  const byStyle = Object.fromEntries(STYLES.map((s) => [s, all.filter((p) => p.style === s).length]));
  console.log(
    `${opts.sources === "write-ups" ? `write-ups set: ${docs.length} 案例 write-ups` : opts.sources === "legislation" ? `legislation set: ${docs.length} articles of current 法律, 行政法规 and 司法解释 citing another instrument's article` : `real-text set: ${docs.length} documents (${docs.filter((d) => d.source === "lecardv2").length} LeCaRD judgments, ${docs.filter((d) => d.source === "spc-guiding").length} guiding cases)`}, ` +
      `${all.length} clause-citation passages (${STYLES.map((s) => `${s} ${byStyle[s]}`).join(", ")}); sample ≤ ${opts.perStyle} per style, seed ${opts.seed}`,
  );

  const items: ItemResult[] = [];
  const rand = prng(opts.seed ^ 0x5eed);
  const randLaw = prng(opts.seed ^ 0x1a3);
  // law swaps: the names of the set's quoted and pasted citations, each resolved to its newest version's article
  const lawPool = [...new Set(all.filter((p) => p.style === "quote" || p.style === "pasted").map((p) => p.cite.name))].sort();
  const clauseOf = (name: string, tid: string) => {
    const v = store.findFamiliesByName(lookupAlias(name) ?? name)[0]?.versions.find((r) => r.has_fulltext);
    return v ? store.getClause(v.fgid, tid) : null;
  };
  const lawSwaps: { p: Passage; original: string; text: string; got: ItemResult["got"] }[] = [];
  // the swaps again inside their whole document (what a draft is): the text before the sentence is read too
  const inContext: { p: Passage; v: Variant }[] = [];
  let n = 0;
  for (const p of sample) {
    const base = {
      id: p.id,
      doc: p.docId,
      style: p.style,
      reference_date: p.referenceDate,
      cited: `《${p.cite.name}》${p.cite.article}`,
      original_tid: p.cite.tid,
    };
    scoped.exclude(ownOf.get(p.docId));
    const res = await checkDraft(p.text, { store, requestId: `eval-${n++}`, referenceDate: p.referenceDate });
    const e = entryFor(res.regulations, p, p.cite.tid);
    const g = got(e, p.referenceDate);
    items.push({ ...base, kind: "correct", change: "", text: p.text, tid: p.cite.tid, expected: "not 不一致", got: g, ok: g?.结论 !== "不一致" });
    if (!e || e.match_status !== "found" || !e.fgid) continue;
    const variants: Variant[] = [...swaps(p, store.getClauses(e.fgid), rand)];
    const alt = alteration(p, rand);
    if (alt) variants.push(alt);
    for (const v of variants) {
      if (v.kind === "swap_near" || v.kind === "swap_random") inContext.push({ p, v });
      const r = await checkDraft(v.text, { store, requestId: `eval-${n++}`, referenceDate: p.referenceDate });
      const gv = got(entryFor(r.regulations, p, v.tid), p.referenceDate);
      items.push({ ...base, kind: v.kind, change: v.change, text: v.text, tid: v.tid, expected: "不一致", got: gv, ok: gv?.结论 === "不一致" });
    }
    // reported apart from the table (its own line): the version held matters less than the law
    const ls = g?.结论 === "一致" ? lawSwap(p, lawPool, clauseOf, randLaw) : null;
    if (ls) {
      const r = await checkDraft(ls.text, { store, requestId: `eval-${n++}`, referenceDate: p.referenceDate });
      const moved: Passage = { ...p, cite: { ...p.cite, start: p.cite.start, articleStart: p.cite.articleStart + ls.shift, articleEnd: p.cite.articleEnd + ls.shift } };
      lawSwaps.push({ p, original: e.official_name, text: ls.text, got: got(entryFor(r.regulations, moved, ls.tid), p.referenceDate) });
    }
  }
  const tEval = performance.now();

  // ---- per-style table
  const rows: string[][] = [["style", "n", "not extracted", "resolved", "verdict", "false alarms", "FA, version held", "swaps caught", "caught, version held", "right article named", "altered caught"]];
  const table: Record<string, Record<string, number | string>> = {};
  for (const style of [...STYLES, "all"] as const) {
    const of = (k: VariantKind[]) => items.filter((i) => (style === "all" || i.style === style) && k.includes(i.kind));
    const correct = of(["correct"]);
    const found = correct.filter((i) => i.got?.match_status === "found");
    const fa = found.filter((i) => i.got?.结论 === "不一致").length;
    const held = found.filter((i) => i.got?.in_force_version_held);
    const faHeld = held.filter((i) => i.got?.结论 === "不一致").length;
    const verdict = found.filter((i) => i.got?.结论 !== "无法判断").length;
    const sw = of(["swap_near", "swap_random"]).filter((i) => i.got);
    const caught = sw.filter((i) => i.got?.结论 === "不一致").length;
    const named = sw.filter((i) => i.got?.wrong_clause?.tid === i.original_tid).length;
    const swHeld = sw.filter((i) => i.got?.in_force_version_held);
    const caughtHeld = swHeld.filter((i) => i.got?.结论 === "不一致").length;
    const alt = of(ALTER).filter((i) => i.got);
    const altCaught = alt.filter((i) => i.got?.结论 === "不一致").length;
    table[style] = { n: correct.length, not_extracted: correct.filter((i) => !i.got).length, found: found.length, false_alarms: fa, version_held: held.length, false_alarms_version_held: faHeld, verdicts: verdict, swaps: sw.length, swaps_caught: caught, swaps_version_held: swHeld.length, swaps_caught_version_held: caughtHeld, right_named: named, altered: alt.length, altered_caught: altCaught };
    rows.push([
      style,
      String(correct.length),
      pct(correct.filter((i) => !i.got).length, correct.length),
      pct(found.length, correct.length),
      pct(verdict, found.length),
      `${pct(fa, found.length)} (${fa})`,
      `${pct(faHeld, held.length)} (${faHeld}/${held.length})`,
      `${pct(caught, sw.length)} of ${sw.length}`,
      `${pct(caughtHeld, swHeld.length)} of ${swHeld.length}`,
      pct(named, sw.length),
      `${pct(altCaught, alt.length)} of ${alt.length}`,
    ]);
  }
  printTable(rows);
  const swapKinds = (["swap_near", "swap_random"] as const).map((k) => {
    const xs = items.filter((i) => i.kind === k && i.got);
    return `${k} ${pct(xs.filter((i) => i.got?.结论 === "不一致").length, xs.length)} caught, ${pct(xs.filter((i) => i.got?.wrong_clause?.tid === i.original_tid).length, xs.length)} named`;
  });
  const altKinds = ALTER.map((k) => {
    const xs = items.filter((i) => i.kind === k && i.got);
    return `${k} ${pct(xs.filter((i) => i.got?.结论 === "不一致").length, xs.length)} of ${xs.length}`;
  });
  console.log(`by perturbation: ${swapKinds.join("; ")}; ${altKinds.join("; ")}`);
  {
    const found = lawSwaps.filter((x) => x.got?.match_status === "found");
    const caught = found.filter((x) => x.got?.结论 === "不一致");
    const named = found.filter((x) => x.got?.wrong_clause && lawNameKey(x.got.wrong_clause.fgmc) === lawNameKey(x.original) && x.got.wrong_clause.tid === x.p.cite.tid);
    // LAW_SWAPS_DEBUG=1 lists the ones missed
    if (process.env.LAW_SWAPS_DEBUG) for (const x of found.filter((y) => y.got?.结论 !== "不一致").slice(0, 30)) console.log(`  miss: ${x.got?.结论} ${x.got?.official_name} | ${x.text.slice(0, 120)} | ${x.got?.说明.slice(0, 100)}`);
    console.log(
      `law swaps (a quote or pasted text verified 一致, its law's name changed to another law of the set with that article): ${lawSwaps.length}, resolved ${found.length}; ` +
        `不一致 ${pct(caught.length, found.length)}; right law and article named ${pct(named.length, found.length)}`,
    );
  }
  console.log(`passages: ${items.length} checks in ${((tEval - t0) / 1000).toFixed(1)} s`);

  // ---- the same swaps inside their whole document
  const contextItems: { id: string; style: Style; kind: VariantKind; change: string; original_tid: string; tid: string; got: ItemResult["got"] }[] = [];
  if (opts.documents) {
    const textOf = new Map(docs.map((d) => [d.id, d.text]));
    for (const { p, v } of inContext) {
      const doc = textOf.get(p.docId);
      const at = doc ? doc.indexOf(p.text) : -1;
      if (!doc || at < 0) continue; // a passage from the 相关法条 list, not the running text
      scoped.exclude(ownOf.get(p.docId));
      const r = await checkDraft(doc.slice(0, at) + v.text + doc.slice(at + p.text.length), { store, requestId: `ctx-${n++}`, referenceDate: p.referenceDate });
      const moved: Passage = { ...p, cite: { ...p.cite, start: p.cite.start + at, articleStart: p.cite.articleStart + at, articleEnd: p.cite.articleEnd + at } };
      contextItems.push({ id: p.id, style: p.style, kind: v.kind, change: v.change, original_tid: p.cite.tid, tid: v.tid, got: got(entryFor(r.regulations, moved, v.tid), p.referenceDate) });
    }
    const checked = new Set(contextItems.map((c) => `${c.id}|${c.tid}`));
    const line = STYLES.map((st) => {
      const xs = contextItems.filter((i) => i.style === st && i.got);
      if (!xs.length) return null;
      const alone = items.filter((i) => i.style === st && (i.kind === "swap_near" || i.kind === "swap_random") && i.got && checked.has(`${i.id}|${i.tid}`));
      return `${st} ${pct(xs.filter((i) => i.got?.结论 === "不一致").length, xs.length)} of ${xs.length} (sentence alone ${pct(alone.filter((i) => i.got?.结论 === "不一致").length, alone.length)}), named ${pct(xs.filter((i) => i.got?.wrong_clause?.tid === i.original_tid).length, xs.length)}`;
    }).filter(Boolean);
    console.log(`swaps inside their whole document (the sentences before read too): caught ${line.join("; ")}`);
  }

  // ---- whole documents
  let documents: Record<string, unknown> | null = null;
  if (opts.documents) {
    const status = new Map<string, number>();
    const verdicts = new Map<string, number>();
    const unresolved = new Map<string, number>();
    // names-gold.json: is an unresolved name one the index holds (a failure) or one it lacks (知识库未收录, right)?
    const label = nameLabeller(store);
    const unresolvedByLabel = new Map<string, number>();
    let clauses = 0;
    // every 不一致 on the courts' own citations, to be read one by one
    const alarms: { doc: string; cited: string; claim_style: string; 说明: string; wrong_clause: string | null }[] = [];
    // every found clause citation's verdict ([document, citation, offset, 结论]), so that two runs can be compared citation by citation
    const foundVerdicts: [string, string, number, string][] = [];
    for (const d of docs) {
      scoped.exclude(d.ownFamily);
      const res = await checkDraft(d.text, { store, requestId: `doc-${d.id}`, referenceDate: d.referenceDate });
      for (const e of res.regulations) {
        if (!e.tid) continue;
        clauses++;
        status.set(e.match_status, (status.get(e.match_status) ?? 0) + 1);
        if (e.match_status === "found") verdicts.set(e.semantic_compare.结论, (verdicts.get(e.semantic_compare.结论) ?? 0) + 1);
        if (e.match_status === "found") foundVerdicts.push([d.id, `${e.name}${e.clause}`, e.start_index, e.semantic_compare.结论]);
        if (e.match_status === "found" && e.semantic_compare.结论 === "不一致")
          alarms.push({ doc: d.id, cited: `${e.name}${e.clause}`, claim_style: e.claim_style ?? "", 说明: e.semantic_compare.说明, wrong_clause: e.wrong_clause?.clause ?? null });
        if (e.match_status === "law_not_found" || e.match_status === "not_in_index") {
          unresolved.set(e.name, (unresolved.get(e.name) ?? 0) + 1);
          const l = label(d.id, e.name) ?? "unlabelled";
          unresolvedByLabel.set(l, (unresolvedByLabel.get(l) ?? 0) + 1);
        }
      }
    }
    const found = status.get("found") ?? 0;
    const bad = (status.get("law_not_found") ?? 0) + (status.get("not_in_index") ?? 0) + (status.get("clause_missing") ?? 0);
    const judged = found - (verdicts.get("无法判断") ?? 0);
    console.log(
      `whole documents (${docs.length}): ${clauses} clause citations; resolved (found) ${pct(found, clauses)}; ` +
        `left law_not_found / not_in_index / clause_missing ${pct(bad, clauses)} (${bad}); content verdict on found ${pct(judged, found)}; ` +
        `不一致 on found (the documents' own citations: false alarms) ${pct(verdicts.get("不一致") ?? 0, found)}`,
    );
    const lacking = unresolvedByLabel.get("not_in_index") ?? 0;
    const held = unresolvedByLabel.get("in_index") ?? 0;
    console.log(
      `  of those left law_not_found / not_in_index, by hand label (names-gold.json): instruments the index lacks (知识库未收录 is right) ${lacking}, ` +
        `names the source stripped ${unresolvedByLabel.get("stripped") ?? 0}, unlabelled ${unresolvedByLabel.get("unlabelled") ?? 0}; ` +
        `instruments the index holds (failures) ${held}: ${pct(held + (status.get("clause_missing") ?? 0), clauses)} of clause citations left unresolved or clause_missing while the index holds the instrument`,
    );
    console.log(`  match_status: ${[...status].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(", ")}`);
    console.log(`  verdicts on found: ${[...verdicts].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(", ")}`);
    const top = [...unresolved].sort((a, b) => b[1] - a[1]).slice(0, 15);
    console.log(`  unresolved names: ${top.map(([k, v]) => `${k} ${v}`).join(", ")}`);
    documents = { count: docs.length, clause_citations: clauses, match_status: Object.fromEntries(status), verdicts_on_found: Object.fromEntries(verdicts), unresolved_names: Object.fromEntries([...unresolved].sort((a, b) => b[1] - a[1])), alarms, found_verdicts: foundVerdicts };
    console.log(`documents checked in ${((performance.now() - tEval) / 1000).toFixed(1)} s`);
  }

  fs.mkdirSync(path.dirname(opts.out), { recursive: true });
  fs.writeFileSync(opts.out, JSON.stringify({ seed: opts.seed, per_style: opts.perStyle, table, documents, items, in_context: contextItems }, null, 1));
  console.log(`details: ${path.relative(projectRoot, opts.out)}`);
}

function printTable(rows: string[][]): void {
  const width = (s: string) => Array.from(s).length;
  const w = rows[0]!.map((_, c) => Math.max(...rows.map((r) => width(r[c]!))));
  for (const r of rows) console.log(r.map((x, c) => x + " ".repeat(w[c]! - width(x))).join("  "));
}
