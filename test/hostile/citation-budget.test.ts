/**
 * The citation check's work budget (issue 15) over the real corpus-slice index, through the
 * route handler: drafts a hostile client would send get a documented 200 (with `truncated`
 * or `deadline_exceeded` where the budget cut the work), and the next ordinary request on the
 * same process is answered. Speed is measured by `npm run bench -- hostile`, not here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_STATUTE_ENTRIES, MAX_TEXT_CHARS } from "@/lib/citations/check-draft";
import { callHandler, createKey } from "@/test/helpers/api";
import { POST as hallDetect } from "@/app/open/hall_detect/route";
import { CLAUSE_CHAIN_DRAFT, LONG_QUOTE_DRAFT } from "./payloads";

const PATH = "/open/hall_detect";
let member = "";

beforeAll(() => {
  member = createKey("member");
});

async function stillServes(): Promise<void> {
  const r = await callHandler(hallDetect, { text: "《中华人民共和国民法典》第五百七十七条" }, { key: member, path: PATH });
  expect(r.status).toBe(200);
  expect(r.body.regulations).toHaveLength(1);
}

describe("hall_detect work budget", () => {
  it("a 300,000-character chain of 第1至49条 → 200 with the first entries and `truncated`", async () => {
    expect(CLAUSE_CHAIN_DRAFT.length).toBe(MAX_TEXT_CHARS);
    const r = await callHandler(hallDetect, { text: CLAUSE_CHAIN_DRAFT }, { key: member, path: PATH });
    expect(r.status).toBe(200);
    expect(r.body.regulations).toHaveLength(MAX_STATUTE_ENTRIES);
    expect(r.body.truncated).toMatchObject({ statutes_limit: MAX_STATUTE_ENTRIES });
    expect(r.body.truncated.statutes_found).toBeGreaterThan(MAX_STATUTE_ENTRIES);
    // each entry's excerpt is cut at 2,000 characters (the whole chain is one sentence)
    expect(Math.max(...(r.body.regulations as { content: string }[]).map((e) => e.content.length))).toBeLessThanOrEqual(2_001);
    await stillServes();
  }, 120_000);

  it("a 20,000-character quote after 第1至49条 → 200, every clause entry answered or counted as unjudged", async () => {
    const r = await callHandler(hallDetect, { text: LONG_QUOTE_DRAFT }, { key: member, path: PATH });
    expect(r.status).toBe(200);
    const regs = r.body.regulations as { law_exists: boolean }[];
    expect(regs).toHaveLength(49);
    expect(regs.every((e) => e.law_exists)).toBe(true);
    expect(r.body.truncated).toBeUndefined();
    // when the deadline cut the judging, the response says how much was left undone
    if (r.body.deadline_exceeded) expect(r.body.deadline_exceeded.unjudged).toBeGreaterThan(0);
    await stillServes();
  }, 120_000);
});
