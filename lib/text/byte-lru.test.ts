import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ByteLru, byteCaches, ENTRY_OVERHEAD, MAX_ENTRY_SHARE, stringBytes } from "./byte-lru";

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

  it("keeps and evicts exactly what a plain least-recently-used list does (any sequence of gets and sets)", () => {
    const op = fc.record({ get: fc.boolean(), key: fc.integer({ min: 0, max: 12 }), size: fc.integer({ min: 1, max: 40 }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), fc.integer({ min: 0, max: 6 }), (ops, cap) => {
        const max = 8 * (ENTRY_OVERHEAD + 40); // every entry fits its share; about ten fit at once
        const c = new ByteLru<number, number>("test.model", max, (_k, v) => v, cap || Infinity);
        // reference: entries in recency order, least recent first
        let model: Array<{ key: number; value: number }> = [];
        const bytesOf = (m: typeof model) => m.reduce((n, e) => n + e.value + ENTRY_OVERHEAD, 0);
        for (const o of ops) {
          if (o.get) {
            const at = model.findIndex((e) => e.key === o.key);
            const hit = at >= 0 ? model[at]! : undefined;
            if (hit) model = [...model.slice(0, at), ...model.slice(at + 1), hit];
            expect(c.get(o.key)).toBe(hit?.value);
          } else {
            model = model.filter((e) => e.key !== o.key);
            const bytes = o.size + ENTRY_OVERHEAD;
            if (bytes <= max / MAX_ENTRY_SHARE) {
              while (model.length && (bytesOf(model) + bytes > max || model.length >= (cap || Infinity))) model.shift();
              model.push({ key: o.key, value: o.size });
            }
            c.set(o.key, o.size);
          }
          expect(c.size).toBe(model.length);
          expect(c.bytes).toBe(bytesOf(model));
        }
      }),
    );
  });
});
