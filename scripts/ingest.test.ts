import { describe, expect, it } from "vitest";
import { parseIngestArgs } from "./ingest";

describe("parseIngestArgs", () => {
  it("reads flags over env defaults, --jsonl repeatable", () => {
    const a = parseIngestArgs(["--corpus", "/c", "--out", "/o.sqlite", "--jsonl", "a.jsonl", "--jsonl", "b.jsonl"], { JSONL_FILES: "x.jsonl, y.jsonl" });
    expect(a).toEqual({ corpus: "/c", out: "/o.sqlite", jsonl: ["x.jsonl", "y.jsonl", "a.jsonl", "b.jsonl"] });
  });
  it("rejects unknown flags and missing values", () => {
    expect(() => parseIngestArgs(["--nope"], {})).toThrow(/unknown argument/);
    expect(() => parseIngestArgs(["--out"], {})).toThrow(/needs a value/);
  });
});
