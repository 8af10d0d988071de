/**
 * Limits the page shares with the API, as plain constants a client bundle can import (the
 * server modules that define them pull in Node APIs). limits.test.ts checks they agree.
 */

/** Largest draft the page sends, in characters (UTF-16 code units) = the API's MAX_TEXT_CHARS. */
export const DRAFT_MAX_CHARS = 300_000;
