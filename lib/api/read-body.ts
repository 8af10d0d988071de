import { ApiError } from "./api-error";

/** Reads the body as UTF-8 text, refusing more than `limit` bytes without buffering them. */
export async function readBodyText(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8").decode(Buffer.concat(chunks));
}

function tooLarge(limit: number): ApiError {
  return new ApiError("PAYLOAD_TOO_LARGE", `请求体过大：上限 ${limit} 字节`);
}

/** A Node.js request (node:http IncomingMessage) as far as reading its body needs. */
export interface IncomingBody extends AsyncIterable<Uint8Array> {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * readBodyText for a node:http request (the production server's direct path). Past the
 * limit it stops reading without destroying the stream, so the 413 can still be written;
 * the server then closes the connection.
 */
export async function readIncomingText(req: IncomingBody, limit: number): Promise<string> {
  const declared = Number(req.headers["content-length"] ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const it = req[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await it.next();
    if (done) break;
    size += value.byteLength;
    if (size > limit) throw tooLarge(limit);
    chunks.push(value);
  }
  const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
  return new TextDecoder("utf-8").decode(all);
}
