/**
 * Nothing about the host in answers (issue 15): with the index missing or unreadable, the
 * health check's 503 and the operations' 503 say why in words, never where the file is.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { POST as fgDetail } from "@/app/open/fg_detail/route";
import { callHandler, createKey } from "@/test/helpers/api";

const saved = process.env.INDEX_PATH;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lcc-nohost-"));
let key = "";
beforeAll(() => {
  key = createKey("member");
});
afterEach(() => {
  process.env.INDEX_PATH = saved;
});

describe.each([
  ["missing", () => path.join(dir, "missing.sqlite"), "index unavailable: file not found. Rebuild it with `npm run ingest`."],
  [
    "not an index",
    () => {
      const f = path.join(dir, "garbage.sqlite");
      fs.writeFileSync(f, "this is not a database ".repeat(100));
      return f;
    },
    /^index unavailable: not a readable index \(.*\)\. Rebuild it with `npm run ingest`\.$/,
  ],
])("index %s", (_label, makeFile, expected) => {
  it("GET /api/health → 503 without the file's location", async () => {
    const file = makeFile();
    process.env.INDEX_PATH = file;
    const res = health();
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(text).not.toContain(dir);
    expect(text).not.toContain(os.tmpdir());
    const body = JSON.parse(text);
    expect(body.status).toBe("unavailable");
    if (typeof expected === "string") expect(body.message).toBe(expected);
    else expect(body.message).toMatch(expected);
  });

  it("an operation → 503 INDEX_UNAVAILABLE without the file's location", async () => {
    const file = makeFile();
    process.env.INDEX_PATH = file;
    const r = await callHandler(fgDetail, { fgid: "x" }, { key });
    expect(r.status).toBe(503);
    expect(JSON.stringify(r.body)).not.toContain(dir);
    expect(r.body.message).toMatch(/^索引不可用：index unavailable: /);
  });
});

describe("with the index back", () => {
  it("health answers 200 again", async () => {
    const res = health();
    expect(res.status).toBe(200);
  });
});
