/** Runs every hand-made draft (test/fixtures/drafts) through the whole check over the slice index. */
import { describe, expect, it } from "vitest";
import { checkDraft } from "./check-draft";
import { loadDrafts, scoreVerdict, verdictsOf, type Judged } from "@/test/helpers/evaluate-drafts";
import { assertOnlySpecSpans } from "@/test/helpers/assert-spec-spans";
import { citationStore } from "./store-port";

const drafts = loadDrafts();

describe("drafts set", () => {
  it("has at least 30 drafts", () => {
    expect(drafts.length).toBeGreaterThanOrEqual(30);
  });

  it.each(drafts.map((d) => [d.file, d] as const))("%s", async (_f, d) => {
    const res = await checkDraft(d.text, { store: citationStore(), requestId: "drafts" });
    const got = verdictsOf(res);
    for (const e of d.expected) {
      const j: Judged | undefined = got.get(e.cite);
      expect(j?.actual, `${e.cite} in ${[...got.keys()].join(" | ")}`).toBe(e.verdict);
      if (e.status) expect(j?.status, `${e.cite} status`).toBe(e.status);
    }
    // nothing reported beyond what the draft expects
    expect([...got.keys()].sort()).toEqual([...new Set(d.expected.map((e) => e.cite))].sort());
    expect(assertOnlySpecSpans(res.highlighted_text)).toBe(d.text);
  });

  it("precision and recall of 不一致 and no-hit are 1 on the set", async () => {
    const pairs = [];
    for (const d of drafts) pairs.push({ expected: d.expected, got: verdictsOf(await checkDraft(d.text, { store: citationStore(), requestId: "d" })) });
    for (const v of ["不一致", "no-hit"] as const) {
      const s = scoreVerdict(pairs, v);
      expect(s.tp).toBeGreaterThan(3);
      expect({ v, precision: s.precision, recall: s.recall }).toEqual({ v, precision: 1, recall: 1 });
    }
  });
});
