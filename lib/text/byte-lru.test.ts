import { describe, expect, it } from "vitest";
import { ByteLru, byteCaches, ENTRY_OVERHEAD, stringBytes } from "./byte-lru";

describe("ByteLru", () => {
  it("evicts least recently used entries to stay within its bytes", () => {
    const c = new ByteLru<string, string>("test.lru", 10 * (ENTRY_OVERHEAD + stringBytes("k0") + stringBytes("v".repeat(100))), (k, v) => stringBytes(k) + stringBytes(v));
    for (let i = 0; i < 10; i++) c.set(`k${i}`, "v".repeat(100));
    expect(c.size).toBe(10);
    expect(c.get("k0")).toBeDefined(); // k0 is now the most recent
    c.set("kA", "v".repeat(100));
    expect(c.get("k1")).toBeUndefined(); // the least recent went
    expect(c.get("k0")).toBeDefined();
    for (let i = 0; i < 1000; i++) c.set(`x${i}`, "v".repeat(100));
    expect(c.bytes).toBeLessThanOrEqual(c.maxBytes);
    expect(c.size).toBe(9); // the x… keys are longer than k…: nine fit where ten did
    expect(c.get("x999")).toBeDefined();
  });

  it("never keeps an entry larger than an eighth of its budget, and does not flush for it", () => {
    const c = new ByteLru<string, string>("test.big", 8000, (k, v) => stringBytes(k) + stringBytes(v));
    c.set("small", "x");
    const huge = "h".repeat(10_000);
    expect(c.set("huge", huge)).toBe(huge);
    expect(c.get("huge")).toBeUndefined();
    expect(c.get("small")).toBe("x");
  });

  it("an entry cap applies too; 0 bytes or 0 entries turns the cache off", () => {
    const c = new ByteLru<number, string>("test.cap", 1e9, () => 1, 3);
    for (let i = 0; i < 10; i++) c.set(i, "v");
    expect(c.size).toBe(3);
    const off = new ByteLru<number, string>("test.off", 0, () => 1);
    off.set(1, "v");
    expect(off.size).toBe(0);
  });

  it("registers itself for byteCaches()", () => {
    new ByteLru<string, string>("test.registered", 1234, () => 1);
    expect(byteCaches().find((r) => r.name === "test.registered")).toEqual({ name: "test.registered", maxBytes: 1234, bytes: 0, entries: 0 });
  });
});
