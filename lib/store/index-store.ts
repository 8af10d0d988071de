/**
 * The read side of the index, used by pages, route handlers, search and citation check.
 * Callers get domain records (lib/store/types.ts) and typed rows, never SQL: the detail
 * pages and the citation check use the methods below, the keyword searches those of
 * KeywordIndex (keyword-index.ts), the semantic search those of SemanticIndex
 * (semantic-index.ts). No SQLite type appears in the interface, so a second engine can
 * implement it (lib/store/README.md); createStore is the SQLite implementation.
 */
import { scrubHostDetails } from "../text/scrub-host";
import Database from "better-sqlite3";
import fs from "node:fs";
import { indexPath } from "../config";
import { familyKey } from "../text/family-key";
import { normalizeCaseNumber } from "../text/case-number";
import { lawNameKey } from "../text/normalize";
import { bigramPhrase } from "../text/bigrams";
import { SCHEMA_VERSION } from "./schema";
import type { BodyBlock, CaseRecord, Clause, IndexMeta, Regulation, RegulationDetail, VersionRef } from "./types";
import { sqliteKeywordIndex, type KeywordIndex } from "./keyword-index";
import { sqliteSemanticIndex, type SemanticIndex } from "./semantic-index";

/** The index file is missing, unreadable or from another schema: the app cannot serve. */
export class IndexUnavailableError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`index unavailable at ${file}: ${reason}. Rebuild it with \`npm run ingest\`.`);
    this.name = "IndexUnavailableError";
  }

  /** The message for responses: the reason without the file's location (logs keep `message`). */
  get publicMessage(): string {
    return `index unavailable: ${scrubHostDetails(this.reason)}. Rebuild it with \`npm run ingest\`.`;
  }
}

export interface FamilyMatch {
  family: string;
  /** Newest first. */
  versions: Regulation[];
}

export interface IndexStore extends KeywordIndex, SemanticIndex {
  readonly path: string;
  getMeta(): IndexMeta;
  getRegulation(fgid: string): Regulation | null;
  getRegulationDetail(fgid: string): RegulationDetail | null;
  getClauses(fgid: string): Clause[];
  getClause(fgid: string, tid: string): Clause | null;
  getClausesByIds(ids: string[]): Clause[];
  /**
   * Articles anywhere in the index whose text holds every one of `phrases` (exact substrings of the
   * comparison form, at least 2 characters each), at most `limit`, in index order.
   */
  findClausesWithPhrases(phrases: string[], limit: number): Clause[];
  /**
   * How many instruments (families, all versions counted once) hold `phrase` in an article, counting no further
   * than `cap` + 1: how common a phrase is in legal language at large, not only in one law.
   */
  phraseSpread(phrase: string, cap: number): number;
  /** Exact alias-key match first; else families whose title contains the name. */
  findFamiliesByName(name: string): FamilyMatch[];
  /** Every regulation's id, title and family, in title order (a few hundred KB; callers cache it). */
  listTitles(): { fgid: string; fgmc: string; family: string }[];
  getCase(id: string): CaseRecord | null;
  findCasesByNumber(raw: string): CaseRecord[];
  /** Number of cases per collection (CaseRecord.source), largest first. */
  caseSourceCounts(): { source: string; count: number }[];
  /** The storage engine's own consistency check: "ok", or what is wrong (start-up check, verify-index.ts). */
  checkIntegrity(): string;
  close(): void;
}

type RegRow = Omit<Regulation, "is_securities" | "has_fulltext"> & { is_securities: number; has_fulltext: number; rid: number };

const REG_COLUMNS = `rid, fgid, fgmc, fbbm, fwzh, xljb_1, xljb_2, sxx, dy, location, fbrq, ssrq, expiry, family,
  source, source_path, is_securities, has_fulltext, preamble, fbrq_source, ssrq_source, sxx_source, data_as_of`;
/** Newest first: publication date, then implementation date, then title for a stable order. */
const NEWEST_FIRST = `ORDER BY fbrq DESC, ssrq DESC, fgmc`;

function toRegulation(row: RegRow): Regulation {
  const { rid: _rid, ...r } = row;
  return { ...r, is_securities: row.is_securities === 1, has_fulltext: row.has_fulltext === 1 };
}

/** phraseSpread reads at most this many matching articles. */
const SPREAD_ROWS = 5_000;

export function openIndex(file: string = indexPath()): IndexStore {
  if (!fs.existsSync(file)) throw new IndexUnavailableError(file, "file not found");
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    holdReadLock(db);
    const version = (db.prepare(`SELECT value FROM meta WHERE key = 'schema_version'`).get() as { value: string } | undefined)?.value;
    if (Number(version) !== SCHEMA_VERSION) {
      db.close();
      throw new IndexUnavailableError(file, `schema version ${version ?? "missing"}, expected ${SCHEMA_VERSION}`);
    }
  } catch (e) {
    if (e instanceof IndexUnavailableError) throw e;
    throw new IndexUnavailableError(file, `not a readable index (${(e as Error).message})`);
  }
  return createStore(db, file);
}

/**
 * Keeps the handle's shared lock for its whole life (`locking_mode = EXCLUSIVE` on a read-only
 * handle: the first read takes a SHARED lock and never releases it). In the default mode every
 * statement takes the lock, re-reads the file's change counter and releases the lock again:
 * two fcntl calls and a pread, ≈8 µs here, more than the whole of a rowid lookup (0.2 µs) and
 * paid by each of a keyword search's 2–4 statements. Safe because the index is never written in
 * place: the ingest writes a temporary file and renames it over the index (write-index.ts), the
 * open handle keeps reading the replaced inode until getIndex() reopens the new one, and other
 * readers (the other workers) take shared locks too. Only the app's handle (openIndex) does this.
 */
function holdReadLock(db: Database.Database): void {
  db.pragma("locking_mode = EXCLUSIVE");
}

/**
 * The SQLite implementation of the read interface on an already open handle (tests and tools
 * that build an index of their own); the app uses getIndex().
 */
export function sqliteIndexStore(db: Database.Database, file: string = db.name): IndexStore {
  return createStore(db, file);
}

function createStore(db: Database.Database, file: string): IndexStore {
  const q = {
    meta: db.prepare(`SELECT key, value FROM meta`),
    reg: db.prepare(`SELECT ${REG_COLUMNS} FROM regulations WHERE fgid = ?`),
    blocks: db.prepare(`SELECT blocks FROM regulations WHERE fgid = ?`),
    family: db.prepare(`SELECT ${REG_COLUMNS} FROM regulations WHERE family = ? ${NEWEST_FIRST}`),
    clauses: db.prepare(`SELECT id, fgid, tid, ord, ft_num, content, chapter FROM clauses WHERE fgid = ? ORDER BY ord`),
    clause: db.prepare(`SELECT id, fgid, tid, ord, ft_num, content, chapter FROM clauses WHERE id = ?`),
    alias: db.prepare(`SELECT DISTINCT family FROM reg_aliases WHERE alias_key = ?`),
    titleContains: db.prepare(`SELECT DISTINCT family FROM regulations WHERE instr(fgmc_key, ?) > 0 ORDER BY length(fgmc_key) LIMIT 20`),
    titles: db.prepare(`SELECT fgid, fgmc, family FROM regulations ORDER BY fgmc, fgid`),
    caseById: db.prepare(`SELECT data FROM cases WHERE id = ?`),
    withPhrases: db.prepare(
      `SELECT c.id, c.fgid, c.tid, c.ord, c.ft_num, c.content, c.chapter FROM clause_fts JOIN clauses c ON c.cid = clause_fts.rowid WHERE clause_fts MATCH ? LIMIT ?`,
    ),
    // lazily iterated: the scan stops once enough instruments are seen
    phraseFamilies: db.prepare(`SELECT r.family FROM clause_fts JOIN clauses c ON c.cid = clause_fts.rowid JOIN regulations r ON r.fgid = c.fgid WHERE clause_fts MATCH ?`),
    casesByNumber: db.prepare(`SELECT DISTINCT c.data FROM case_numbers n JOIN cases c ON c.kid = n.kid WHERE n.norm = ? ORDER BY c.kid`),
  };
  const familyVersions = (family: string) => (q.family.all(family) as RegRow[]).map(toRegulation);

  const keyword = sqliteKeywordIndex(db);
  return {
    ...keyword,
    ...sqliteSemanticIndex(db, keyword.clauseRegulations),
    path: file,
    getMeta() {
      const m = Object.fromEntries((q.meta.all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]));
      return {
        built_at: m.built_at ?? "",
        corpus_dir: m.corpus_dir ?? "",
        regulations: Number(m.regulations ?? 0),
        clauses: Number(m.clauses ?? 0),
        cases: Number(m.cases ?? 0),
        schema_version: Number(m.schema_version ?? 0),
      };
    },
    getRegulation(fgid) {
      const row = q.reg.get(fgid) as RegRow | undefined;
      return row ? toRegulation(row) : null;
    },
    getRegulationDetail(fgid) {
      const row = q.reg.get(fgid) as RegRow | undefined;
      if (!row) return null;
      const reg = toRegulation(row);
      const blocks = JSON.parse((q.blocks.get(fgid) as { blocks: string }).blocks) as BodyBlock[];
      return { ...reg, blocks, versions: versionRefs(familyVersions(reg.family)) };
    },
    getClauses(fgid) {
      return q.clauses.all(fgid) as Clause[];
    },
    getClause(fgid, tid) {
      return (q.clause.get(`${fgid}_${tid}`) as Clause | undefined) ?? null;
    },
    findClausesWithPhrases(phrases, limit) {
      const parts = phrases.map((p) => bigramPhrase(p)).filter((p): p is string => !!p && !p.endsWith("*"));
      if (!parts.length || limit <= 0) return [];
      return q.withPhrases.all(parts.join(" AND "), Math.min(limit, 100)) as Clause[];
    },
    phraseSpread(phrase, cap) {
      const q1 = bigramPhrase(phrase);
      if (!q1 || q1.endsWith("*")) return cap + 1;
      const seen = new Set<string>();
      let rows = 0;
      for (const row of q.phraseFamilies.iterate(q1) as Iterable<{ family: string }>) {
        seen.add(row.family);
        // a phrase in this many articles is common whatever the count of instruments (and the scan stays bounded)
        if (seen.size > cap || ++rows >= SPREAD_ROWS) return cap + 1;
      }
      return seen.size;
    },
    getClausesByIds(ids) {
      const out: Clause[] = [];
      for (const id of ids) {
        const c = q.clause.get(id) as Clause | undefined;
        if (c) out.push(c);
      }
      return out;
    },
    findFamiliesByName(name) {
      const keys = [...new Set([familyKey(name), lawNameKey(name)])].filter(Boolean);
      if (keys.length === 0) return [];
      const exact = new Set<string>();
      for (const k of keys) for (const r of q.alias.all(k) as Array<{ family: string }>) exact.add(r.family);
      const families = exact.size > 0 ? [...exact] : (q.titleContains.all(keys[0]) as Array<{ family: string }>).map((r) => r.family);
      return families.map((family) => ({ family, versions: familyVersions(family) })).filter((f) => f.versions.length > 0);
    },
    listTitles() {
      return q.titles.all() as { fgid: string; fgmc: string; family: string }[];
    },
    getCase(id) {
      const row = q.caseById.get(id) as { data: string } | undefined;
      return row ? (JSON.parse(row.data) as CaseRecord) : null;
    },
    findCasesByNumber(raw) {
      const norm = normalizeCaseNumber(raw);
      if (!norm) return [];
      return (q.casesByNumber.all(norm) as Array<{ data: string }>).map((r) => JSON.parse(r.data) as CaseRecord);
    },
    caseSourceCounts() {
      return (
        db.prepare("SELECT json_extract(data, '$.source') AS source, count(*) AS count FROM cases GROUP BY 1 ORDER BY 2 DESC").all() as { source: string | null; count: number }[]
      ).map((r) => ({ source: r.source ?? "", count: r.count }));
    },
    checkIntegrity: () => String(db.pragma("quick_check", { simple: true })),
    close: () => db.close(),
  };
}

/**
 * Version list for the detail page, newest first. `current` marks the version in force
 * (现行有效); when none is in force yet, the newest 尚未生效 version.
 */
export function versionRefs(versions: Regulation[]): VersionRef[] {
  const inForce = versions.filter((v) => v.sxx === "现行有效");
  const pending = versions.find((v) => v.sxx === "尚未生效");
  const current = new Set(inForce.length ? inForce.map((v) => v.fgid) : pending ? [pending.fgid] : []);
  return versions.map((v) => ({ fgid: v.fgid, fgmc: v.fgmc, fbrq: v.fbrq, ssrq: v.ssrq, sxx: v.sxx, data_as_of: v.data_as_of, current: current.has(v.fgid) }));
}

/* ---------- process-wide singleton ---------- */

interface Holder {
  store: IndexStore | null;
  path: string;
  /** inode + mtime of the file the store was opened on. */
  stamp: string;
  checkedAt: number;
}

const HOLDER_KEY = Symbol.for("legal-citation-check.index-store");
const RECHECK_MS = 1000;

function fileStamp(file: string): string {
  const st = fs.statSync(file);
  return `${st.ino}:${st.mtimeMs}`;
}

/**
 * The shared store for this process (cached on globalThis so Next dev reloads share it).
 * At most once a second it compares the file's inode and mtime with the open one and
 * reopens after a re-ingest swapped the file. Throws IndexUnavailableError when absent.
 */
export function getIndex(): IndexStore {
  const g = globalThis as unknown as Record<symbol, Holder | undefined>;
  const file = indexPath();
  let h = g[HOLDER_KEY];
  const now = Date.now();
  if (h?.store && h.path === file && now - h.checkedAt < RECHECK_MS) return h.store;
  let stamp: string;
  try {
    stamp = fileStamp(file);
  } catch {
    throw new IndexUnavailableError(file, "file not found");
  }
  if (h?.store && h.path === file && h.stamp === stamp) {
    h.checkedAt = now;
    return h.store;
  }
  const store = openIndex(file);
  const old = h?.store;
  g[HOLDER_KEY] = h = { store, path: file, stamp, checkedAt: now };
  // the old handle still reads the replaced inode; close it once in-flight reads are done
  if (old) setTimeout(() => old.close(), 5000).unref?.();
  return store;
}
