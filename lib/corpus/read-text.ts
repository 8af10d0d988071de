/**
 * Reads a corpus file as strict UTF-8. A file with invalid bytes is reported rather than
 * decoded with replacement characters, which would silently corrupt statute text.
 */
import fs from "node:fs";
import { createHash } from "node:crypto";

export type TextResult = { ok: true; text: string } | { ok: false; reason: string };

const decoder = new TextDecoder("utf-8", { fatal: true });

export function decodeUtf8(bytes: Uint8Array): TextResult {
  try {
    // strip a BOM so the first line matches "# title"
    return { ok: true, text: decoder.decode(bytes).replace(/^\ufeff/, "") };
  } catch {
    return { ok: false, reason: "not valid UTF-8" };
  }
}

export function readUtf8File(file: string): TextResult {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (e) {
    return { ok: false, reason: `cannot read: ${(e as Error).message}` };
  }
  if (bytes.length === 0) return { ok: false, reason: "empty file" };
  return decodeUtf8(bytes);
}

/** 32 hex characters of sha1: the stable id for records the sources give no id for. */
export function stableId(key: string): string {
  return createHash("sha1").update(key).digest("hex").slice(0, 32);
}
