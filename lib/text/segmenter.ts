/**
 * The one jieba segmenter of the project (keyword search, semantic search, citation check), with
 * jieba's own dictionary. Loaded on first use: the native addon is CommonJS (listed in
 * serverExternalPackages) and its dict module has no ESM entry.
 */
import { createRequire } from "node:module";
import type { Jieba as JiebaType } from "@node-rs/jieba";

const require = createRequire(import.meta.url);
let jieba: JiebaType | null = null;

/** The shared segmenter (jieba's default dictionary). */
export function getJieba(): JiebaType {
  if (!jieba) {
    const { Jieba } = require("@node-rs/jieba") as typeof import("@node-rs/jieba");
    const { dict } = require("@node-rs/jieba/dict") as { dict: Uint8Array };
    jieba = Jieba.withDict(dict);
  }
  return jieba;
}

/** Jieba precise mode without HMM, the words in order (they concatenate to `text`). */
export function jiebaCut(text: string): string[] {
  return getJieba().cut(text, false);
}
