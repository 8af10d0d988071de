import { describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { verifyIndex } from "./verify-index";

const slice = process.env.INDEX_PATH!;

function tmp(name: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "verify-")), name);
}

describe("verifyIndex", () => {
  it("accepts the built slice index", () => {
    const r = verifyIndex(slice);
    expect(r.clauses).toBeGreaterThan(1000);
  });

  it("names the file and the rebuild command when the index is missing", () => {
    const f = tmp("none.sqlite");
    expect(() => verifyIndex(f)).toThrow(`index unavailable at ${f}: file not found. Rebuild it with \`npm run ingest\`.`);
  });

  it("refuses a truncated index", () => {
    const f = tmp("trunc.sqlite");
    const bytes = fs.readFileSync(slice);
    fs.writeFileSync(f, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(() => verifyIndex(f)).toThrow(/index unavailable at .*trunc\.sqlite: .*npm run ingest/);
  });

  it("refuses a file that is not an index", () => {
    const f = tmp("garbage.sqlite");
    fs.writeFileSync(f, "this is not sqlite".repeat(1000));
    expect(() => verifyIndex(f)).toThrow(/index unavailable at .*garbage\.sqlite: not a readable index/);
  });

  it("refuses a page-corrupted index", () => {
    const f = tmp("corrupt.sqlite");
    const bytes = Buffer.from(fs.readFileSync(slice));
    // overwrite pages in the middle of the file with noise, keeping the header intact
    for (let i = Math.floor(bytes.length / 3); i < Math.floor(bytes.length / 3) + 64 * 1024; i++) bytes[i] = (i * 131) & 0xff;
    fs.writeFileSync(f, bytes);
    expect(() => verifyIndex(f)).toThrow(/index unavailable at .*corrupt\.sqlite/);
  });
});
