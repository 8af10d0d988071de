import { describe, expect, it } from "vitest";
import { MAX_TEXT_CHARS } from "@/lib/citations/check-draft";
import { DRAFT_MAX_CHARS } from "./limits";

describe("page limits", () => {
  it("the page accepts exactly what the API accepts", () => {
    expect(DRAFT_MAX_CHARS).toBe(MAX_TEXT_CHARS);
  });
});
