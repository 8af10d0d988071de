/**
 * A Word (.docx) draft as plain text, one line per paragraph (read with mammoth's raw-text
 * extraction, which ends every paragraph with a blank line; line breaks inside a paragraph
 * stay line breaks). Runs in the browser (ArrayBuffer) and in Node (tests).
 */
import mammoth from "mammoth";

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Paragraph text from mammoth's raw text: paragraphs are separated by "\n\n". */
export function paragraphsToText(raw: string): string {
  const paras = raw.replace(/\r\n?/g, "\n").split("\n\n");
  while (paras.length && paras[paras.length - 1]!.trim() === "") paras.pop();
  return paras.map((p) => p.replace(/\s+$/, "")).join("\n");
}

export async function docxToText(data: ArrayBuffer): Promise<string> {
  // the browser build reads `arrayBuffer`, the Node build `buffer`; both open an ArrayBuffer
  const input = { arrayBuffer: data, buffer: data } as unknown as { arrayBuffer: ArrayBuffer };
  const { value } = await mammoth.extractRawText(input);
  return paragraphsToText(value);
}
