/** Per-key usage on the embedded engine (SQLite): counted per operation and day, buffered, bounded, printed by the CLI. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { runKeys } from "@/scripts/keys";
import { KeysStore } from "./keys-store";
import { UsageBuffer, USAGE_BUFFER_MAX, type UsageDelta } from "./usage-buffer";

function tempStore(): KeysStore {
  return new KeysStore(path.join(fs.mkdtempSync(path.join(os.tmpdir(), "usage-")), "keys.sqlite"));
}

describe("usage on SQLite", () => {
  it("counts requests and errors per key, operation and day; several flushes add up; the CLI prints them", async () => {
    const store = tempStore();
    const { info } = store.create({ name: "ada" });
    const other = store.create().info;
    store.recordUsage(info.id, "rh_ft_search", false);
    store.recordUsage(info.id, "rh_ft_search", true);
    await store.flushUsage();
    store.recordUsage(info.id, "rh_ft_search", false);
    store.recordUsage(info.id, "hall_detect", false);
    store.recordUsage(other.id, "rh_ft_search", false);
    await store.flushUsage();
    const day = new Date().toISOString().slice(0, 10);
    expect(store.usage({ ref: "ada" })).toEqual([
      { key_id: info.id, name: "ada", day, operation: "hall_detect", requests: 1, errors: 0 },
      { key_id: info.id, name: "ada", day, operation: "rh_ft_search", requests: 3, errors: 1 },
    ]);
    expect(store.usage()).toHaveLength(3);
    expect(store.usage({ ref: "nobody" })).toEqual([]);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await runKeys(["usage", "ada", "--days", "7"], store)).toBe(0);
      expect(log.mock.calls.map((c) => String(c[0]))).toEqual([
        "day\tkey\tname\toperation\trequests\terrors",
        [day, info.id, "ada", "hall_detect", 1, 0].join("\t"),
        [day, info.id, "ada", "rh_ft_search", 3, 1].join("\t"),
      ]);
      expect(await runKeys(["usage", "nobody"], store)).toBe(1);
      expect(await runKeys(["usage", "--days", "0"], store)).toBe(2);
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
    store.close();
  });

  it("the buffer keeps counts a failed write could not store, and is bounded", async () => {
    let fail = true;
    const written: UsageDelta[] = [];
    const buf = new UsageBuffer((rows) => {
      if (fail) throw new Error("down");
      written.push(...rows);
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      buf.add("k", "op", false);
      await expect(buf.flush()).rejects.toThrow("down");
      buf.add("k", "op", true);
      for (let i = 0; i < USAGE_BUFFER_MAX + 10; i++) buf.add(`k${i}`, "op", false);
      expect(warn).toHaveBeenCalledTimes(1);
      fail = false;
      await buf.flush();
      expect(written.find((r) => r.key_id === "k")).toMatchObject({ requests: 2, errors: 1 });
      expect(written).toHaveLength(USAGE_BUFFER_MAX);
    } finally {
      buf.stop();
      warn.mockRestore();
    }
  });
});
