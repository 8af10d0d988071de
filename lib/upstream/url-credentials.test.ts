import { describe, expect, it } from "vitest";
import { redactUrlCredentials, splitUrlCredentials } from "./url-credentials";

describe("upstream URL credentials", () => {
  it("moves user:password out of the URL into a Basic authorization", () => {
    const s = splitUrlCredentials("http://alice:s3cr%40t@127.0.0.1:8080/v1");
    expect(s.url).toBe("http://127.0.0.1:8080/v1");
    expect(s.basicAuth).toBe(`Basic ${Buffer.from("alice:s3cr@t").toString("base64")}`);
    expect(splitUrlCredentials("http://127.0.0.1:8080/v1/")).toEqual({ url: "http://127.0.0.1:8080/v1/" });
  });

  it("redacts credentials in any text, and in a malformed URL", () => {
    expect(redactUrlCredentials("fetch http://bob:pw@h:1/x failed; https://k@h2 too")).toBe("fetch http://***@h:1/x failed; https://***@h2 too");
    expect(splitUrlCredentials("ht!tp://u:p@").url).not.toContain("u:p");
    expect(redactUrlCredentials("no url here")).toBe("no url here");
  });
});
