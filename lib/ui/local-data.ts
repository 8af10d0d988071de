/**
 * What the browser keeps, in one place: every key this app writes to localStorage or
 * sessionStorage starts with "lcc.", so signing out can clear all of it (the header's 退出
 * button and the signed-out page both call clearLocalData).
 *
 *   lcc.review.draft.v1 (localStorage)  the draft being written, so a reload does not lose it
 *
 * Check results live only in the page's memory; nothing else is stored.
 */
export const LOCAL_PREFIX = "lcc.";
export const DRAFT_STORAGE_KEY = "lcc.review.draft.v1";

function clearIn(storage: Storage | undefined): number {
  if (!storage) return 0;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k && k.startsWith(LOCAL_PREFIX)) keys.push(k);
  }
  for (const k of keys) storage.removeItem(k);
  return keys.length;
}

/** Removes every draft and result this app kept in the browser; returns how many entries went. */
export function clearLocalData(): number {
  let n = 0;
  try {
    n += clearIn(window.localStorage);
  } catch {
    /* storage disabled */
  }
  try {
    n += clearIn(window.sessionStorage);
  } catch {
    /* storage disabled */
  }
  return n;
}
