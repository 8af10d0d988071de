import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildTinyIndex } from "@/test/helpers/tiny-index";
import { loadRegulationMeta, type RegulationMeta } from "./load-regulation-meta";
import { rowsWithTitleParts } from "./title-index";

let meta: RegulationMeta;
beforeAll(() => {
  const db = buildTinyIndex();
  meta = loadRegulationMeta(db);
});

const brute = (parts: string[], mode: "AND" | "OR") =>
  meta.rows.filter((r) => (mode === "AND" ? parts.every((p) => r.title_norm.includes(p)) : parts.some((p) => r.title_norm.includes(p))));

describe("rowsWithTitleParts", () => {
  it("finds exactly the titles holding the parts", () => {
    expect(rowsWithTitleParts(meta, ["民法典"], "AND").map((r) => r.fgmc)).toEqual(brute(["民法典"], "AND").map((r) => r.fgmc));
    expect(rowsWithTitleParts(meta, ["民法典"], "AND").length).toBeGreaterThan(0);
    expect(rowsWithTitleParts(meta, ["不存在的标题"], "AND")).toEqual([]);
  });

  it("equals a scan of every title for any parts (substrings of titles, single characters, misses)", () => {
    const titles = meta.rows.map((r) => r.title_norm);
    const piece = fc.oneof(
      fc.tuple(fc.constantFrom(...titles), fc.nat(), fc.integer({ min: 1, max: 6 })).map(([t, a, n]) => t.slice(a % t.length, (a % t.length) + n)),
      fc.constantFrom("法", "条例", "证券", "中华人民共和国", "某", "Z", "合同法 "),
      fc.string({ minLength: 1, maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 3 }), fc.constantFrom("AND" as const, "OR" as const), (parts, mode) => {
        expect(rowsWithTitleParts(meta, parts, mode)).toEqual(brute(parts, mode));
      }),
      { numRuns: 500 },
    );
  });
});
