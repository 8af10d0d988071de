import { describe, expect, it } from "vitest";
import { diffChars } from "./char-diff";

const join = (segs: { text: string; kind: string }[], kind: string) => segs.filter((s) => s.kind === kind).map((s) => s.text).join("|");

describe("diffChars", () => {
  it("finds no difference for a faithful quote", () => {
    const d = diffChars("当事人应当遵循诚信原则。", "当事人应当遵循诚信原则。")!;
    expect(d.quoteDiffChars).toBe(0);
    expect(d.sourceDiffChars).toBe(0);
  });

  it("marks a changed word on both sides", () => {
    const d = diffChars("应当承担违约责任", "应当承担继续履行等违约责任")!;
    expect(join(d.source, "diff")).toBe("继续履行等");
    expect(d.quoteDiffChars).toBe(0);
    const d2 = diffChars("可以承担违约责任", "应当承担违约责任")!;
    expect(join(d2.quote, "diff")).toBe("可以");
    expect(join(d2.source, "diff")).toBe("应当");
  });

  it("treats text outside the quoted stretch as context, not difference", () => {
    const d = diffChars("诚信原则", "民事主体从事民事活动，应当遵循诚信原则，秉持诚实。")!;
    expect(d.sourceDiffChars).toBe(0);
    expect(join(d.source, "context")).toBe("民事主体从事民事活动，应当遵循|，秉持诚实。");
  });

  it("ignores whitespace and full/half-width punctuation", () => {
    const d = diffChars("甲, 乙;丙", "甲，乙；丙")!;
    expect(d.quoteDiffChars).toBe(0);
    expect(d.sourceDiffChars).toBe(0);
  });

  it("reports everything as different when nothing matches", () => {
    const d = diffChars("甲乙", "丙丁")!;
    expect(join(d.source, "diff")).toBe("丙丁");
    expect(join(d.quote, "diff")).toBe("甲乙");
  });

  it("gives up (null) on very long inputs", () => {
    expect(diffChars("字".repeat(3000), "文".repeat(3000))).toBeNull();
  });

  it("handles astral characters as one character", () => {
    const d = diffChars("𠀀甲", "𠀀乙")!;
    expect(join(d.quote, "diff")).toBe("甲");
  });
});
