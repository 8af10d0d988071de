/**
 * The layering rules of the README ("app → lib/<feature> → lib/store → lib/text, never back;
 * only lib/store knows SQLite; lib/ is framework-free"), checked on the source: every import
 * (static, dynamic, re-export) of every non-test file under lib/, app/ and components/.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const SOURCE_DIRS = ["lib", "app", "components"];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const FILES = SOURCE_DIRS.flatMap(sourceFiles).sort();
const text = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

/** Every module specifier a file imports: `import … from "x"`, `export … from "x"`, `import("x")`, `import "x"`. */
function specifiers(source: string): string[] {
  const out: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;
  for (const m of source.matchAll(re)) out.push(m[1]!);
  return out;
}

/** A specifier resolved to a project path ("lib/store/types"), or the package name as written. */
function resolve(file: string, spec: string): string {
  if (spec.startsWith("@/")) return spec.slice(2);
  if (spec.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  return spec;
}

const imports = new Map(FILES.map((f) => [f, specifiers(text(f)).map((s) => resolve(f, s))]));
const under = (p: string, dir: string) => p === dir || p.startsWith(`${dir}/`);

/** SQL in a string: a statement keyword followed by its clause (not prose: "select the best …"). */
const SQL = /\b(?:SELECT\b[^"'`;]{0,400}?\bFROM|INSERT\s+(?:OR\s+\w+\s+)?INTO|CREATE\s+(?:VIRTUAL\s+)?TABLE|DELETE\s+FROM|UPDATE\s+\w+\s+SET|PRAGMA\s+\w+)\b/;
function sqliteIn(src: string, imported: string[]): boolean {
  return imported.includes("better-sqlite3") || SQL.test(src) || /\.prepare\(|\.raw\(\)/.test(src);
}
const talksToSqlite = (file: string) => sqliteIn(text(file), imports.get(file)!);

/**
 * The API keys, sessions and usage (lib/auth) are storage of their own, kept apart from the
 * rebuildable index, with their own engine seam (the AuthStore interface: embedded SQLite, or
 * PostgreSQL when DATABASE_URL is set; lib/auth/README.md).
 */
const OWN_STORAGE = (f: string) => under(f, "lib/auth");


describe("import rules", () => {
  it("finds the source files and their imports", () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(imports.get("lib/store/index-store.ts")).toContain("better-sqlite3");
  });

  it("recognises imports and SQL (the checks below are not vacuous)", () => {
    const src = `import a from "./x";\nexport { b } from "@/lib/store/types";\nconst c = await import("../../app/y");\nimport "next/headers";`;
    expect(specifiers(src).map((s) => resolve("lib/ui/z.ts", s))).toEqual(["lib/ui/x", "lib/store/types", "app/y", "next/headers"]);
    expect(sqliteIn("const q = `SELECT rid FROM regulations WHERE x = ?`;", [])).toBe(true);
    expect(sqliteIn('db.prepare("x")', [])).toBe(true);
    expect(sqliteIn("", ["better-sqlite3"])).toBe(true);
    expect(sqliteIn("// select the best clauses from the pool", [])).toBe(false);
  });

  it("only lib/store talks to SQLite (better-sqlite3, SQL text, a statement's .prepare/.raw)", () => {
    const offenders = FILES.filter((f) => !under(f, "lib/store") && !OWN_STORAGE(f) && talksToSqlite(f));
    expect(offenders).toEqual([]);
  });

  it("lib/store imports no feature above it (search, citations, corpus, ingest, api, auth, ui, app)", () => {
    const above = ["lib/search", "lib/citations", "lib/corpus", "lib/ingest", "lib/api", "lib/auth", "lib/ui", "lib/server", "app", "components"];
    const offenders = FILES.filter((f) => under(f, "lib/store")).flatMap((f) =>
      imports.get(f)!.filter((p) => above.some((d) => under(p, d))).map((p) => `${f} → ${p}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the leaves (lib/text, lib/links) import nothing else of the project", () => {
    const offenders = FILES.filter((f) => under(f, "lib/text") || under(f, "lib/links")).flatMap((f) =>
      imports.get(f)!.filter((p) => ["lib", "app", "components"].some((d) => under(p, d)) && !under(p, "lib/text")).map((p) => `${f} → ${p}`),
    );
    expect(offenders).toEqual([]);
  });

  it("lib never imports app/ or components/", () => {
    const offenders = FILES.filter((f) => under(f, "lib")).flatMap((f) =>
      imports.get(f)!.filter((p) => under(p, "app") || under(p, "components")).map((p) => `${f} → ${p}`),
    );
    expect(offenders).toEqual([]);
  });

  it("lib is framework-free: no next/* import (Next-specific helpers live in app/)", () => {
    const offenders = FILES.filter((f) => under(f, "lib")).flatMap((f) =>
      imports.get(f)!.filter((p) => p === "next" || p.startsWith("next/")).map((p) => `${f} → ${p}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the search and citation domains know no HTTP (no lib/api import)", () => {
    const offenders = FILES.filter((f) => under(f, "lib/search") || under(f, "lib/citations") || under(f, "lib/store") || under(f, "lib/corpus")).flatMap((f) =>
      imports.get(f)!.filter((p) => under(p, "lib/api")).map((p) => `${f} → ${p}`),
    );
    expect(offenders).toEqual([]);
  });
});
