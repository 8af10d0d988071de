/**
 * A Map in recency order with O(1) access to its least recently used entry, for caches bounded
 * by a count or a weight of their own (the keyword search's final rankings and bm25 lists).
 *
 * A plain Map used as an LRU (delete + set on a hit, `keys().next()` for the oldest) pays for
 * every deleted slot: iteration walks over the holes that deletions leave until the table is
 * rehashed, so once such a cache is full each eviction costs a walk over up to a table's worth
 * of holes (≈5 µs at 5,000 entries, ≈7 µs at 15,000, measured). Here recency is a doubly linked
 * list beside the Map (byte-lru.ts is built on it): a hit relinks its node, the oldest is the list's head.
 * The order, and so what is evicted, is the same as the Map's insertion order would give.
 */
interface Node<K, V> {
  key: K;
  value: V;
  prev: Node<K, V> | null;
  next: Node<K, V> | null;
}

export class LruMap<K, V> {
  private readonly map = new Map<K, Node<K, V>>();
  private head: Node<K, V> | null = null;
  private tail: Node<K, V> | null = null;

  get size(): number {
    return this.map.size;
  }

  /** The value, made the most recently used. */
  get(key: K): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e !== this.tail) {
      this.unlink(e);
      this.append(e);
    }
    return e.value;
  }

  /** The value, its recency unchanged. */
  peek(key: K): V | undefined {
    return this.map.get(key)?.value;
  }

  /** Stores `value` as the most recently used entry (replacing one of the same key). */
  set(key: K, value: V): void {
    const old = this.map.get(key);
    if (old) {
      old.value = value;
      if (old !== this.tail) {
        this.unlink(old);
        this.append(old);
      }
      return;
    }
    const e: Node<K, V> = { key, value, prev: null, next: null };
    this.map.set(key, e);
    this.append(e);
  }

  delete(key: K): boolean {
    const e = this.map.get(key);
    if (!e) return false;
    this.map.delete(key);
    this.unlink(e);
    return true;
  }

  /** The least recently used entry, or undefined when empty. */
  oldest(): [K, V] | undefined {
    return this.head ? [this.head.key, this.head.value] : undefined;
  }

  /** Removes and returns the least recently used entry. */
  shift(): [K, V] | undefined {
    const e = this.head;
    if (!e) return undefined;
    this.map.delete(e.key);
    this.unlink(e);
    return [e.key, e.value];
  }

  /** Keys from the least to the most recently used. */
  *keys(): IterableIterator<K> {
    for (let e = this.head; e; e = e.next) yield e.key;
  }

  clear(): void {
    this.map.clear();
    this.head = this.tail = null;
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
    e.next = null;
    if (this.tail) this.tail.next = e;
    else this.head = e;
    this.tail = e;
  }
}
