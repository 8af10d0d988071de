/**
 * Reading a request body as UTF-8 text under a byte limit, for any transport: the Web route
 * handler passes the Request's body stream, the production server's direct path the
 * node:http request (both are async iterables of byte chunks). A declared Content-Length over
 * the limit is refused before reading anything; a streamed body is refused as soon as it
 * passes the limit. Reading then simply stops: the stream is not destroyed, so the transport
 * can still write the 413 (the server closes that connection afterwards).
 * Decoding is the WHATWG UTF-8 decoder's: a leading BOM is dropped, invalid bytes become U+FFFD.
 */
import { ApiError } from "./api-error";

/** Byte chunks of a body: a stream (async) or chunks already in memory (sync). */
export type BodyChunks = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export async function readBodyText(body: BodyChunks | null, declaredLength: string | null, limit: number): Promise<string> {
  const declared = Number(declaredLength ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!body) return "";
  const it = Symbol.asyncIterator in body ? body[Symbol.asyncIterator]() : body[Symbol.iterator]();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: IteratorResult<Uint8Array>;
    try {
      step = await it.next();
    } catch {
      // the client went away mid-body (connection reset, aborted upload): its fault, not ours
      throw new ApiError("BAD_JSON", "请求体读取失败：连接在传输中断开");
    }
    const { done, value } = step;
    if (done) break;
    size += value.byteLength;
    if (size > limit) throw tooLarge(limit);
    chunks.push(value);
  }
  const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
  return new TextDecoder("utf-8").decode(all);
}

function tooLarge(limit: number): ApiError {
  return new ApiError("PAYLOAD_TOO_LARGE", `请求体过大：上限 ${limit} 字节`);
}
