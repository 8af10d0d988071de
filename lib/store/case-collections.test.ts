import { describe, expect, it } from "vitest";
import { indexSql } from "@/test/helpers/index-sql";
import { caseCollections } from "./case-collections";
import { openIndex } from "./index-store";

describe("caseCollections", () => {
  it("counts the cases of each collection in the index", () => {
    const store = openIndex(process.env.INDEX_PATH!);
    try {
      const cols = caseCollections(store);
      const total = (indexSql(store.path).prepare("SELECT count(*) AS n FROM cases").get() as { n: number }).n;
      expect(cols.reduce((s, c) => s + c.count, 0)).toBe(total);
      expect(cols.map((c) => c.source)).toContain("spc-guiding");
      expect(cols.find((c) => c.source === "spc-guiding")!.count).toBeGreaterThan(0);
      expect(caseCollections(store)).toBe(cols); // counted once per handle
    } finally {
      store.close();
    }
  });
});
