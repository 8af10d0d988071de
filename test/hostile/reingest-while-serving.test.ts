/**
 * A re-ingest while the server runs (issue 7): requests keep being answered from the old index
 * until the new one is swapped in whole, then from the new one; a failed re-ingest changes
 * nothing; API keys (a separate database) survive.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIndex } from "@/lib/ingest/build-index";
import { getIndex } from "@/lib/store/index-store";
import { callHandler, createKey } from "@/test/helpers/api";
import { POST as ftSearch } from "@/app/open/rh_ft_search/route";

const sliceIndex = process.env.INDEX_PATH!;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reingest-"));
const live = path.join(dir, "index.sqlite");

beforeAll(() => {
  fs.copyFileSync(sliceIndex, live);
  process.env.INDEX_PATH = live;
});
afterAll(() => {
  process.env.INDEX_PATH = sliceIndex;
  vi.useRealTimers();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("re-ingest while serving", () => {
  it("serves the old index during a rebuild, the new one after the swap, and keeps keys", async () => {
    const key = createKey("standard");
    const before = await callHandler(ftSearch, { keyword: "违约" }, { key });
    expect(before.status).toBe(200);
    expect(before.body.data.length).toBeGreaterThan(0);
    const oldClauses = getIndex().getMeta().clauses;

    // a failed rebuild (missing corpus) leaves the served file untouched
    await expect(buildIndex({ corpusDir: path.join(dir, "no-corpus"), outPath: live })).rejects.toThrow();
    expect(fs.readdirSync(dir).filter((f) => f.includes(".tmp-"))).toEqual([]);
    expect((await callHandler(ftSearch, { keyword: "违约" }, { key })).status).toBe(200);

    // a rebuild from another (tiny) corpus, swapped in atomically while requests run
    const rebuild = buildIndex({ corpusDir: path.resolve("test/fixtures/corpus-edge"), outPath: live, today: "2025-01-01" });
    const during = await callHandler(ftSearch, { keyword: "违约" }, { key });
    expect(during.status).toBe(200);
    await rebuild;

    // the store re-checks the file at most once a second
    await new Promise((r) => setTimeout(r, 1100));
    expect(getIndex().getMeta().clauses).not.toBe(oldClauses);
    const after = await callHandler(ftSearch, { keyword: "合同" }, { key });
    expect(after.status).toBe(200);
    // the key made before the re-ingest still works: keys live in their own database
    expect(after.body.status).toBe("success");
  }, 60_000);
});
