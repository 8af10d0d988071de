/**
 * `clause_bm25(clause_fts, cacheable)`: bm25(clause_fts) with the row sizes and the phrases' row
 * counts answered from memory (clause-bm25-source.ts: the same C code as FTS5's bm25(), the same
 * doubles), compiled here on first use with the machine's C compiler against the SQLite headers
 * better-sqlite3 ships, and loaded into the connection as an SQLite extension.
 *
 * Why: on common terms bm25() spends most of a ranking outside matching. Per matching row it runs
 * an SQL statement to read the row's size (the docsize table), and per query a second pass over
 * every phrase to count its rows; 级以上 (11,026 rows): matching alone ≈1.1 ms, bm25() ranking
 * ≈9.4 ms, clause_bm25 ≈5 ms; 按照 OR 体化发 16.6 → 6.7 ms (README "Keyword and facet search").
 *
 * The shared object is kept in CLAUSE_BM25_DIR (default: data/native/ of the project — not the OS temp
 * directory, where another local user could plant a library under the predictable name for the server to load),
 * named by a hash of the source, the compiler command and SQLite's version, so a changed source
 * compiles anew; written to a temporary name and renamed (two workers may compile at once).
 * Unavailable (no compiler, no headers, a load error, KEYWORD_NATIVE_BM25=0) → null, and the
 * caller asks bm25(): the same rankings, slower. Failures are reported once per process.
 */
import type Database from "better-sqlite3";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { CLAUSE_BM25_SOURCE } from "./clause-bm25-source";
import { projectRoot } from "../config";

/**
 * SQL of the function for an expression (the phrase counts may be kept unless a phrase is a
 * prefix, "合"*): `score` is bm25(clause_fts); `gated` also takes the named parameter @limit and
 * is NULL for a row that cannot be among the @limit best (@limit rows before it score better or
 * equal), for `WHERE … AND gated IS NOT NULL ORDER BY bm LIMIT @limit` without filters: SQLite then
 * sorts the rows that entered the running best instead of every match.
 */
export interface ClauseBm25Sql {
  score(expr: string): string;
  gated(expr: string): string;
}

/** The extension header beside a candidate include directory (a runtime path: nothing for the build to trace). */
function extHeader(dir: string): string {
  return path.join(dir, "sqlite3ext.h");
}

const perDb = new WeakMap<Database.Database, ClauseBm25Sql | null>();
let built: string | null | undefined;
let reported = false;

/** The SQL of clause_bm25 for an expression on this connection, or null (then use bm25(clause_fts)). */
export function clauseBm25(db: Database.Database): ClauseBm25Sql | null {
  if (process.env.KEYWORD_NATIVE_BM25 === "0") return null;
  let fn = perDb.get(db);
  if (fn === undefined) {
    fn = null;
    const lib = sharedObject();
    if (lib) {
      try {
        // the entry point named (better-sqlite3 passes it on; its types declare the path only)
        (db as unknown as { loadExtension(file: string, entryPoint: string): void }).loadExtension(lib, "sqlite3_clausebm_init");
        const keep = (expr: string) => (expr.includes("*") ? 0 : 1);
        fn = { score: (expr) => `clause_bm25(clause_fts, ${keep(expr)})`, gated: (expr) => `clause_bm25(clause_fts, ${keep(expr)}, @limit)` };
      } catch (e) {
        report(`loading ${lib}: ${(e as Error).message}`);
      }
    }
    perDb.set(db, fn);
  }
  return fn;
}

function report(why: string): void {
  if (reported) return;
  reported = true;
  console.warn(`[index] clause_bm25 unavailable (${why.split("\n")[0]}); ranking with bm25()`);
}

/** The SQLite headers better-sqlite3 was built with (its bundled amalgamation). */
function includeDir(): string | null {
  const candidates: string[] = [];
  try {
    candidates.push(path.join(path.dirname(createRequire(path.join(process.cwd(), "package.json")).resolve("better-sqlite3/package.json")), "deps", "sqlite3"));
  } catch {
    /* not resolvable from here */
  }
  candidates.push(path.join(process.cwd(), "node_modules", "better-sqlite3", "deps", "sqlite3"));
  return candidates.find((d) => fs.existsSync(/* turbopackIgnore: true */ extHeader(d))) ?? null;
}

/** Path of the compiled extension (compiled now when missing), or null. */
function sharedObject(): string | null {
  if (built !== undefined) return built;
  built = null;
  try {
    const inc = includeDir();
    if (!inc) {
      report("no sqlite3ext.h beside better-sqlite3");
      return null;
    }
    const cc = process.env.CC || "cc";
    const flags = ["-O2", "-fPIC", "-shared", "-I", inc];
    const sqliteHeader = path.join(inc, "sqlite3.h");
    const header = fs.readFileSync(/* turbopackIgnore: true */ sqliteHeader, "utf8");
    const version = /#define SQLITE_VERSION\s+"([^"]+)"/.exec(header)?.[1] ?? "?";
    const hash = createHash("sha256").update(CLAUSE_BM25_SOURCE).update(cc).update(flags.join(" ")).update(version).update(process.arch).digest("hex").slice(0, 16);
    const dir = process.env.CLAUSE_BM25_DIR || path.resolve(projectRoot, "data", "native");
    const lib = path.join(dir, `clause-bm25-${hash}.so`);
    if (!fs.existsSync(/* turbopackIgnore: true */ lib)) {
      fs.mkdirSync(/* turbopackIgnore: true */ dir, { recursive: true });
      const tmp = `${lib}.${process.pid}.${Date.now()}`;
      const src = `${tmp}.c`;
      fs.writeFileSync(/* turbopackIgnore: true */ src, CLAUSE_BM25_SOURCE);
      try {
        execFileSync(/* turbopackIgnore: true */ cc, /* turbopackIgnore: true */ [...flags, src, "-o", tmp, "-lm"], { stdio: ["ignore", "ignore", "pipe"], timeout: 60_000 });
        fs.renameSync(/* turbopackIgnore: true */ tmp, /* turbopackIgnore: true */ lib);
      } finally {
        fs.rmSync(/* turbopackIgnore: true */ src, { force: true });
        fs.rmSync(/* turbopackIgnore: true */ tmp, { force: true });
      }
    }
    built = lib;
  } catch (e) {
    report((e as Error).message);
  }
  return built;
}
