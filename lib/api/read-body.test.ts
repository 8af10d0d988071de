import { describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import { readBodyText } from "./read-body";
import { ApiError } from "./api-error";

const nodeStream = (chunks: Buffer[]) => Readable.from(chunks);
const webStream = (chunks: Buffer[]) => new Request("http://x/", { method: "POST", body: new Uint8Array(Buffer.concat(chunks)) }).body;

describe("readBodyText, for Web and node:http bodies alike", () => {
  const bodies: Buffer[] = [
    Buffer.from('{"keyword":"合同"}'),
    Buffer.from("\uFEFF{}"), // a BOM is dropped
    Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), // invalid UTF-8 becomes U+FFFD
    Buffer.alloc(0),
  ];
  it("decodes the same text from either stream", async () => {
    for (const b of bodies) {
      const parts = [b.subarray(0, 1), b.subarray(1)];
      const web = await readBodyText(webStream(parts) as AsyncIterable<Uint8Array> | null, null, 100);
      const node = await readBodyText(nodeStream(parts), null, 100);
      expect(node).toBe(web);
    }
    expect(await readBodyText([Buffer.from("{"), Buffer.from("}")], null, 100)).toBe("{}"); // chunks in memory
    expect(await readBodyText(null, null, 100)).toBe("");
  });

  it("refuses a declared or streamed body over the limit with PAYLOAD_TOO_LARGE, and accepts exactly the limit", async () => {
    await expect(readBodyText(nodeStream([Buffer.from("{}")]), "101", 100)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    const err = await readBodyText(nodeStream(Array.from({ length: 10 }, () => Buffer.from("x".repeat(20)))), null, 100).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe("请求体过大：上限 100 字节");
    expect(await readBodyText(nodeStream([Buffer.from("x".repeat(100))]), null, 100)).toBe("x".repeat(100));
  });

  it("a body cut off mid-transfer is a 400-class BAD_JSON, not an internal error", async () => {
    const cut = (async function* () {
      yield Buffer.from('{"keyword":');
      throw Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    })();
    const err = await readBodyText(cut, null, 100).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("BAD_JSON");
  });
});
