/**
 * A least-recently-used cache bounded by an estimate of the bytes it holds, not by its number
 * of entries: a few huge values (a 20,000-character claim's bigram counts) cannot take more
 * memory than a thousand small ones. A shared low-level utility (lib/text is the bottom layer
 * every feature may use).
 *
 * - `sizeOf(key, value)` estimates an entry's heap bytes (see `stringBytes`); ENTRY_OVERHEAD is
 *   added for the Map slot.
 * - An entry larger than `maxBytes / MAX_ENTRY_SHARE` is not cached at all (computed each time):
 *   one hostile value never flushes the whole cache.
 * - Every ByteLru registers itself (by name) so that `byteCaches()` can report all of them: the
 *   documented total (README "Memory") is the sum of their budgets, and a test fills them.
 */
import { LruMap } from "./lru-map";

export const ENTRY_OVERHEAD = 64;
export const MAX_ENTRY_SHARE = 8;

/** Heap bytes of a string, conservatively (two bytes a character plus the header). */
export function stringBytes(s: string): number {
  return 16 + 2 * s.length;
}

export interface CacheReport {
  name: string;
  maxBytes: number;
  bytes: number;
  entries: number;
}

const registry = new Map<string, { report(): CacheReport }>();

/** Every byte-bounded cache of this process, for tests, the bench and the README total. */
export function byteCaches(): CacheReport[] {
  return [...registry.values()].map((c) => c.report());
}

/**
 * Recency order is an LruMap (lru-map.ts: a doubly linked list beside the Map), not the Map's
 * insertion order: finding the oldest entry of a Map (`keys().next()`) walks over the slots of
 * every entry deleted since the Map last rehashed, and an LRU deletes on every hit and eviction,
 * so with 20,000 entries each eviction cost ≈10 µs (0.4 µs at 1,000), ≈25 of them per cold clause
 * search. Evicting the list's head is O(1); the order, and so what is evicted, is the same.
 */
export class ByteLru<K, V> {
  private readonly entries = new LruMap<K, { value: V; bytes: number }>();
  private used = 0;

  constructor(
    readonly name: string,
    readonly maxBytes: number,
    private readonly sizeOf: (key: K, value: V) => number,
    /** Optional cap on the number of entries too (Infinity: bytes only). */
    readonly maxEntries = Infinity,
  ) {
    registry.set(name, this);
  }

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Stores `value` (when it fits its share of the budget) and returns it. */
  set(key: K, value: V): V {
    if (this.maxBytes <= 0) return value;
    const bytes = this.sizeOf(key, value) + ENTRY_OVERHEAD;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.used -= old.bytes;
    }
    if (bytes > this.maxBytes / MAX_ENTRY_SHARE) return value;
    if (this.maxEntries <= 0) return value;
    while ((this.used + bytes > this.maxBytes || this.entries.size >= this.maxEntries) && this.entries.size) {
      this.used -= this.entries.shift()![1].bytes;
    }
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  report(): CacheReport {
    return { name: this.name, maxBytes: this.maxBytes, bytes: this.used, entries: this.entries.size };
  }
}
