/**
 * The write side of the index: stores the regulations and cases it is given and runs the
 * post-build steps the caller passes in (the semantic vectors, the keyword authority: see
 * lib/ingest/build-steps.ts), so lib/store never imports the features built on it.
 *
 * It writes `${outPath}.tmp-${pid}` and renames it over `outPath` only when everything
 * (including the steps) succeeded, so a failed or interrupted ingest leaves the previous index
 * serving. Readers holding the old file keep their inode; getIndex() notices the new one and
 * reopens.
 */
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { bigramDocument } from "../text/bigrams";
import { familyKey } from "../text/family-key";
import { lawNameKey } from "../text/normalize";
import { SCHEMA_SQL, SCHEMA_VERSION } from "./schema";
import type { CaseRecord, RegulationRecord } from "./types";
import { sqliteBuildTarget, type BuildTarget } from "./build-target";

export type ProgressFn = (done: number, total: number, phase: string) => void;

export interface BuildStepContext {
  onProgress?: ProgressFn;
  /** What the step's prepare() returned, if anything. */
  prepared?: PreparedWork;
}

/** A clause as it is about to be written (clauses get their cids in this order). */
export interface ClauseDraft {
  content: string;
  chapter: string;
  /** Its regulation's title. */
  fgmc: string;
}

/** Work a step started in prepare(): cancelled when the build fails before the step runs. */
export interface PreparedWork {
  cancel(): void;
}

/**
 * A post-build step run on the freshly written index before it is swapped in; one that throws fails the build.
 * `prepare`, if given, is called with every clause before the index is written, so the step can start work that
 * needs only the texts (in a worker thread) while the main thread writes; `run` gets it as `ctx.prepared` and
 * must check it still matches what the index holds.
 */
export interface BuildStep {
  name: string;
  prepare?(clauses: readonly ClauseDraft[]): PreparedWork | undefined;
  run(target: BuildTarget, ctx: BuildStepContext): void | Promise<void>;
}

/** What was written, for the caller's meta entries and summary. */
export interface WrittenCounts {
  builtAt: string;
  clauses: number;
  caseNumbers: number;
}

export interface WriteIndexOptions {
  outPath: string;
  regulations: RegulationRecord[];
  cases: CaseRecord[];
  /** Meta entries (key → value) stored with the index; schema_version is added here. */
  meta: (written: WrittenCounts) => Record<string, string>;
  steps: readonly BuildStep[];
  onProgress?: ProgressFn;
  /** Called after each phase with its name (for the caller's timings). */
  onPhase?: (name: string) => void;
}

const BATCH = 200;

export async function writeIndex(opts: WriteIndexOptions): Promise<WrittenCounts> {
  const progress = opts.onProgress ?? (() => {});
  const phase = opts.onPhase ?? (() => {});
  const outPath = path.resolve(opts.outPath);
  fs.mkdirSync(path.dirname(outPath), { recursive: true });
  const tmp = `${outPath}.tmp-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  let db: Database.Database | null = new Database(tmp);
  const prepared: Array<PreparedWork | undefined> = [];
  try {
    if (opts.steps.some((st) => st.prepare)) {
      const drafts: ClauseDraft[] = [];
      for (const rec of opts.regulations) for (const c of rec.clauses) drafts.push({ content: c.content, chapter: c.chapter, fgmc: rec.reg.fgmc });
      for (const step of opts.steps) prepared.push(step.prepare?.(drafts));
    }
    db.pragma("journal_mode = OFF");
    db.pragma("synchronous = OFF");
    db.pragma("temp_store = MEMORY");
    db.pragma("cache_size = -65536");
    db.exec(SCHEMA_SQL);
    // Bulk load: no incremental merging of FTS5 segments while inserting (the 'optimize'
    // at the end merges them all at once); measured 6.2 s → 3.8 s for clause_fts alone.
    db.exec("INSERT INTO clause_fts(clause_fts, rank) VALUES('automerge', 0); INSERT INTO reg_fts(reg_fts, rank) VALUES('automerge', 0);");

    const counts = insertRegulations(db, opts.regulations, progress);
    phase("regulations + clauses + full text");
    const caseNumbers = insertCases(db, opts.cases, progress);
    phase("cases");
    const written: WrittenCounts = { builtAt: new Date().toISOString(), clauses: counts.clauses, caseNumbers };
    writeMeta(db, { ...opts.meta(written), schema_version: String(SCHEMA_VERSION) });

    // merge the full-text segments before the steps (they do not touch the FTS tables): the main
    // thread does it while a step's prepared work (the semantic model, in a worker) is still running
    progress(0, 1, "optimize");
    db.exec("INSERT INTO clause_fts(clause_fts) VALUES('optimize'); INSERT INTO reg_fts(reg_fts) VALUES('optimize');");
    phase("full-text optimize");

    const target = sqliteBuildTarget(db);
    for (const [i, step] of opts.steps.entries()) {
      progress(i, opts.steps.length, `step:${step.name}`);
      await step.run(target, { onProgress: opts.onProgress, prepared: prepared[i] });
      prepared[i] = undefined;
      phase(`step ${step.name}`);
    }
    progress(0, 1, "analyze");
    db.exec("ANALYZE;");
    db.pragma("optimize");
    db.close();
    db = null;
    fs.renameSync(tmp, outPath);
    progress(1, 1, "analyze");
    phase("ANALYZE");
    return written;
  } catch (e) {
    for (const p of prepared) p?.cancel();
    try {
      db?.close();
    } catch {
      // already closed or unusable: the temp file is removed below either way
    }
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

function insertRegulations(db: Database.Database, records: RegulationRecord[], progress: ProgressFn): { clauses: number } {
  const insReg = db.prepare(`INSERT INTO regulations (fgid, fgmc, fgmc_key, fbbm, fwzh, xljb_1, xljb_2, sxx, dy, location, fbrq, ssrq, expiry,
      family, source, source_path, is_securities, has_fulltext, preamble, blocks, fbrq_source, ssrq_source, sxx_source, data_as_of)
    VALUES (@fgid, @fgmc, @fgmc_key, @fbbm, @fwzh, @xljb_1, @xljb_2, @sxx, @dy, @location, @fbrq, @ssrq, @expiry,
      @family, @source, @source_path, @is_securities, @has_fulltext, @preamble, @blocks, @fbrq_source, @ssrq_source, @sxx_source, @data_as_of)`);
  const insClause = db.prepare(`INSERT INTO clauses (id, fgid, rid, tid, ord, ft_num, content, chapter) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const insClauseFts = db.prepare(`INSERT INTO clause_fts (rowid, tokens) VALUES (?, ?)`);
  const insRegFts = db.prepare(`INSERT INTO reg_fts (rowid, title, body) VALUES (?, ?, ?)`);
  const insAlias = db.prepare(`INSERT OR IGNORE INTO reg_aliases (alias_key, family) VALUES (?, ?)`);
  let clauses = 0;

  const insertOne = (rec: RegulationRecord) => {
    const r = rec.reg;
    const rid = Number(
      insReg.run({
        ...r,
        fgmc_key: lawNameKey(r.fgmc),
        is_securities: r.is_securities ? 1 : 0,
        has_fulltext: r.has_fulltext ? 1 : 0,
        blocks: JSON.stringify(rec.blocks),
      }).lastInsertRowid,
    );
    // the regulation body index reuses each clause's bigrams instead of normalising twice
    const bodyParts: string[] = [];
    for (const c of rec.clauses) {
      const cid = Number(insClause.run(c.id, c.fgid, rid, c.tid, c.ord, c.ft_num, c.content, c.chapter).lastInsertRowid);
      const doc = bigramDocument(c.content);
      insClauseFts.run(cid, doc);
      bodyParts.push(doc);
      clauses++;
    }
    // preamble paragraphs and headings are outside clauses but still part of the text
    const outside = rec.blocks.flatMap((b) => (b.kind === "heading" ? [b.text] : b.kind === "text" && rec.clauses[0]?.tid !== "0" ? b.paragraphs : []));
    if (outside.length) bodyParts.push(bigramDocument(outside.join("\n")));
    insRegFts.run(rid, bigramDocument(r.fgmc), bodyParts.join(" "));
    for (const name of new Set([r.fgmc, ...rec.aliases])) {
      for (const key of new Set([familyKey(name), lawNameKey(name)])) if (key) insAlias.run(key, r.family);
    }
  };

  // One transaction for the whole load (the file is a temporary one, journal off): FTS5 writes
  // its pending terms as a new segment at each commit, so fewer commits leave fewer segments
  // for the final 'optimize' to merge (measured 2.1 → 1.5 s against a commit per 200 records).
  db.transaction(() => {
    for (let i = 0; i < records.length; i += BATCH) {
      for (const rec of records.slice(i, i + BATCH)) insertOne(rec);
      progress(Math.min(i + BATCH, records.length), records.length, "regulations");
    }
  })();
  return { clauses };
}

function insertCases(db: Database.Database, cases: CaseRecord[], progress: ProgressFn): number {
  const insCase = db.prepare(`INSERT INTO cases (id, data) VALUES (?, ?)`);
  const insNumber = db.prepare(`INSERT INTO case_numbers (norm, kid, raw) VALUES (?, ?, ?)`);
  let numbers = 0;
  const seen = new Set<string>();
  db.transaction(() => {
    for (const c of cases) {
      if (seen.has(c.id)) continue; // JSONL may repeat an id: first wins
      seen.add(c.id);
      const kid = Number(insCase.run(c.id, JSON.stringify(c)).lastInsertRowid);
      for (const n of c.case_numbers) {
        insNumber.run(n, kid, n);
        numbers++;
      }
    }
  })();
  progress(cases.length, cases.length, "cases");
  return numbers;
}

function writeMeta(db: Database.Database, meta: Record<string, string>): void {
  const ins = db.prepare(`INSERT INTO meta (key, value) VALUES (?, ?)`);
  db.transaction(() => Object.entries(meta).forEach(([k, v]) => ins.run(k, v)))();
}
