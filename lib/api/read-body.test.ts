import { describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import { readBodyText, readIncomingText } from "./read-body";
import { ApiError } from "./api-error";

function incoming(chunks: (string | Buffer)[], headers: Record<string, string> = {}) {
  return Object.assign(Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c))), { headers });
}

describe("readIncomingText (node:http requests) matches readBodyText (Web requests)", () => {
  const bodies: Buffer[] = [
    Buffer.from('{"keyword":"合同"}'),
    Buffer.from("\uFEFF{}"), // a BOM is dropped by both
    Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), // invalid UTF-8 becomes U+FFFD in both
    Buffer.alloc(0),
  ];
  it("decodes the same text", async () => {
    for (const b of bodies) {
      const web = await readBodyText(new Request("http://x/", { method: "POST", body: new Uint8Array(b) }), 100);
      const node = await readIncomingText(incoming([b.subarray(0, 1), b.subarray(1)]), 100);
      expect(node).toBe(web);
    }
  });

  it("refuses a declared or streamed body over the limit with PAYLOAD_TOO_LARGE", async () => {
    await expect(readIncomingText(incoming(["{}"], { "content-length": "101" }), 100)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    const streamed = incoming(Array.from({ length: 10 }, () => "x".repeat(20)));
    const err = await readIncomingText(streamed, 100).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe("请求体过大：上限 100 字节");
    expect(await readIncomingText(incoming(["x".repeat(100)]), 100)).toBe("x".repeat(100)); // exactly the limit passes
  });
});
