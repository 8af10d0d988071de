/**
 * The production server refuses to start on a missing, truncated or corrupt index: a message
 * naming the file and the rebuild command, exit code 1, no worker started (issue 7).
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

function start(indexPath: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/server.ts"], {
    env: { ...process.env, INDEX_PATH: indexPath, PORT: "0", LCC_NO_SIGNIN_LINK: "1" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe("production server start-up", () => {
  it("exits 1 naming the file and `npm run ingest` when the index is missing", () => {
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "srv-")), "missing.sqlite");
    const r = start(f);
    expect(r.status).toBe(1);
    expect(r.out).toContain(`index unavailable at ${f}: file not found. Rebuild it with \`npm run ingest\`.`);
    expect(r.out).toContain("refusing to start without a valid index");
    expect(r.out).not.toContain("starting");
  });

  it("exits 1 on a truncated index", () => {
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "srv-")), "trunc.sqlite");
    const bytes = fs.readFileSync(process.env.INDEX_PATH!);
    fs.writeFileSync(f, bytes.subarray(0, Math.floor(bytes.length / 3)));
    const r = start(f);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/index unavailable at .*trunc\.sqlite: .*npm run ingest/);
  });
});
