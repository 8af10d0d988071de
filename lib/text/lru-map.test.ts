import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { LruMap } from "./lru-map";

/** The Map-as-LRU the keyword caches used before: re-insert on a hit, the first key is the oldest. */
class MapLru<K, V> {
  readonly map = new Map<K, V>();
  get(k: K): V | undefined {
    const v = this.map.get(k);
    if (v !== undefined) {
      this.map.delete(k);
      this.map.set(k, v);
    }
    return v;
  }
  set(k: K, v: V): void {
    this.map.delete(k);
    this.map.set(k, v);
  }
  shift(): [K, V] | undefined {
    const first = this.map.entries().next();
    if (first.done) return undefined;
    this.map.delete(first.value[0]);
    return first.value;
  }
}

type Op = { op: "get" | "set" | "delete" | "shift"; key: number };

describe("LruMap", () => {
  it.each([
    { name: "a hit makes the entry the most recent", ops: ["set 1", "set 2", "set 3", "get 1", "shift"], left: [3, 1], shifted: [2] },
    { name: "setting an existing key moves it to the end", ops: ["set 1", "set 2", "set 1", "shift"], left: [1], shifted: [2] },
    { name: "delete unlinks", ops: ["set 1", "set 2", "set 3", "delete 2", "shift"], left: [3], shifted: [1] },
    { name: "shift on empty", ops: ["shift"], left: [], shifted: [] },
    { name: "a miss changes nothing", ops: ["set 1", "set 2", "get 9", "shift"], left: [2], shifted: [1] },
  ])("$name", ({ ops, left, shifted }) => {
    const m = new LruMap<number, string>();
    const out: number[] = [];
    for (const o of ops) {
      const [op, k] = o.split(" ");
      const key = Number(k);
      if (op === "set") m.set(key, `v${key}`);
      else if (op === "get") m.get(key);
      else if (op === "delete") m.delete(key);
      else {
        const e = m.shift();
        if (e) out.push(e[0]);
      }
    }
    expect([...m.keys()]).toEqual(left);
    expect(m.size).toBe(left.length);
    expect(out).toEqual(shifted);
    expect(m.oldest()?.[0]).toBe(left[0]);
  });

  it("evicts in the same order as a Map used as an LRU, for any sequence of operations", () => {
    const op = fc.record({ op: fc.constantFrom<Op["op"]>("get", "set", "delete", "shift"), key: fc.integer({ min: 0, max: 12 }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const a = new LruMap<number, number>();
        const b = new MapLru<number, number>();
        ops.forEach(({ op, key }, i) => {
          if (op === "get") expect(a.get(key)).toBe(b.get(key));
          else if (op === "set") {
            a.set(key, i);
            b.set(key, i);
          } else if (op === "delete") expect(a.delete(key)).toBe(b.map.delete(key));
          else expect(a.shift()).toEqual(b.shift());
        });
        expect([...a.keys()]).toEqual([...b.map.keys()]);
        expect(a.size).toBe(b.map.size);
      }),
    );
  });
});

describe("LruMap.peek", () => {
  it("reads a value without making it the most recent", () => {
    const m = new LruMap<number, string>();
    m.set(1, "a");
    m.set(2, "b");
    expect(m.peek(1)).toBe("a");
    expect(m.peek(9)).toBeUndefined();
    expect(m.shift()).toEqual([1, "a"]); // still the oldest
    expect(m.size).toBe(1);
  });
});
