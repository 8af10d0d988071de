import { describe, expect, it } from "vitest";
import { scrubHostDetails } from "./scrub-host";

describe("scrubHostDetails", () => {
  it.each([
    ["index unavailable at /work/main/data/index.sqlite: file not found.", "index unavailable at …: file not found."],
    ["ENOENT: no such file or directory, open '/srv/app/data/x.bin'", "ENOENT: no such file or directory, open '…'"],
    ["cannot open C:\\srv\\data\\index.sqlite now", "cannot open … now"],
    ["unreachable (connect ECONNREFUSED 127.0.0.1:9)", "unreachable (connect ECONNREFUSED …)"],
    ["POST http://10.0.0.5:8080/v1/embeddings failed", "POST … failed"],
    ["see file:///home/u/x.txt", "see …"],
    ["connect ECONNREFUSED [::1]:9", "connect ECONNREFUSED …"],
  ])("%s", (input, out) => {
    expect(scrubHostDetails(input)).toBe(out);
  });

  it("leaves ordinary messages, dates, fractions and relative paths alone", () => {
    for (const s of ["timed out after 500 ms", "HTTP 503", "3/4 of clauses", "2020-01-01", "lawrefbook/民法商法/x.md", "schema version 3, expected 4", "keyword 片段过多：最多 16 个（按空格拆分）"]) {
      expect(scrubHostDetails(s)).toBe(s);
    }
  });
});
