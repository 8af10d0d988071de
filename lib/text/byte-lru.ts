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

/** An entry, linked in recency order (head: least recently used). */
interface Node<K, V> {
  key: K;
  value: V;
  bytes: number;
  prev: Node<K, V> | null;
  next: Node<K, V> | null;
}

/**
 * Recency is a doubly linked list beside the Map, not the Map's insertion order: finding the
 * oldest entry of a Map (`keys().next()`) walks over the slots of every entry deleted since
 * the Map last rehashed, and an LRU deletes on every hit and eviction, so with 20,000 entries
 * each eviction cost ≈10 µs (0.4 µs at 1,000), ≈25 of them per cold clause search. Evicting
 * the list's head is O(1); the order, and so what is evicted, is the same.
 */
export class ByteLru<K, V> {
  private readonly map = new Map<K, Node<K, V>>();
  private head: Node<K, V> | null = null;
  private tail: Node<K, V> | null = null;
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
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e !== this.tail) {
      this.unlink(e);
      this.append(e);
    }
    return e.value;
  }

  /** Stores `value` (when it fits its share of the budget) and returns it. */
  set(key: K, value: V): V {
    if (this.maxBytes <= 0) return value;
    const bytes = this.sizeOf(key, value) + ENTRY_OVERHEAD;
    const old = this.map.get(key);
    if (old) {
      this.map.delete(key);
      this.unlink(old);
      this.used -= old.bytes;
    }
    if (bytes > this.maxBytes / MAX_ENTRY_SHARE) return value;
    if (this.maxEntries <= 0) return value;
    while ((this.used + bytes > this.maxBytes || this.map.size >= this.maxEntries) && this.head) {
      const e = this.head;
      this.map.delete(e.key);
      this.unlink(e);
      this.used -= e.bytes;
    }
    const e: Node<K, V> = { key, value, bytes, prev: null, next: null };
    this.map.set(key, e);
    this.append(e);
    this.used += bytes;
    return value;
  }

  private unlink(e: Node<K, V>): void {
    if (e.prev) e.prev.next = e.next;
    else this.head = e.next;
    if (e.next) e.next.prev = e.prev;
    else this.tail = e.prev;
    e.prev = e.next = null;
  }

  private append(e: Node<K, V>): void {
    e.prev = this.tail;
    if (this.tail) this.tail.next = e;
    else this.head = e;
    this.tail = e;
  }

  clear(): void {
    this.map.clear();
    this.head = this.tail = null;
    this.used = 0;
  }

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.map.size;
  }

  report(): CacheReport {
    return { name: this.name, maxBytes: this.maxBytes, bytes: this.used, entries: this.map.size };
  }
}
