import { JsonText } from "@/lib/api/json-text";
import type { ClauseItem } from "@/lib/search/keyword/types";
import { ByteLru, stringBytes } from "@/lib/text/byte-lru";

const HEAD = '{"status":"success","code":200,"message":"success","data":[';
/** Per index handle (any object standing for one opened index: a new one after a re-ingest). */
const fragments = new WeakMap<object, ByteLru<string, string>>();
/** Byte budget of the clause-JSON fragment cache, per index handle. */
export const FRAGMENT_CACHE_BYTES = 24 * 1024 * 1024;

/**
 * successBody(items) serialised, byte for byte what JSON.stringify(successBody(items)) gives,
 * built from a per-index-handle cache of each clause's JSON without its score (the same
 * clause comes back in many answers; serialising ~1.5 KB per item was the largest part of a
 * cached answer's cost). Keyed by clause id and handle, so a re-ingested index starts afresh;
 * bounded by FRAGMENT_CACHE_BYTES (lib/text/byte-lru.ts), least recently used dropped.
 */
export function clauseSuccessJson(db: object, items: ClauseItem[]): JsonText {
  let cache = fragments.get(db);
  if (!cache) fragments.set(db, (cache = new ByteLru("keyword.clause-json", FRAGMENT_CACHE_BYTES, (k, v) => stringBytes(k) + stringBytes(v))));
  const parts: string[] = [];
  for (const item of items) {
    let rest = cache.get(item.id);
    if (rest === undefined) {
      const { id: _id, _score: _s, ...others } = item;
      rest = JSON.stringify(others).slice(1); // `"ftmc":…}` (the fields after id and _score)
      cache.set(item.id, rest);
    }
    parts.push(`{"id":${JSON.stringify(item.id)},"_score":${JSON.stringify(item._score)},${rest}`);
  }
  return new JsonText(`${HEAD}${parts.join(",")}]}`);
}
