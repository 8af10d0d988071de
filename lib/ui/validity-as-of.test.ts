import { describe, expect, it } from "vitest";
import { implementDateText, validityView } from "./validity-as-of";

describe("validityView", () => {
  it("shows a recent source's validity plainly, with its as-of date", () => {
    expect(validityView("现行有效", "2025-04-05", "2025-11-23")).toEqual({ badge: "现行有效", asOfText: "数据截至 2025-04-05", stale: false });
  });
  it("never shows a validity older than a year as a plain 现行有效", () => {
    const v = validityView("现行有效", "2022-04-29", "2026-11-23");
    expect(v.stale).toBe(true);
    expect(v.badge).toBe("现行有效（截至 2022-04-29）");
    expect(v.asOfText).toBe("数据截至 2022-04-29，已逾一年，效力可能已变化");
  });
  it("is stale from the 366th day on", () => {
    expect(validityView("失效", "2025-01-01", "2026-01-01").stale).toBe(false);
    expect(validityView("失效", "2025-01-01", "2026-01-02").stale).toBe(true);
  });
  it("says so when the as-of date is unknown", () => {
    expect(validityView("现行有效", "", "2026-11-23")).toEqual({ badge: "现行有效", asOfText: "数据截至日期不详", stale: false });
  });
});

describe("implementDateText", () => {
  it("marks a 施行日期 that a 推定 rule gave, and shows the others as they are", () => {
    expect(implementDateText("2017-03-01", "推定：版本日期 2017-03-01 晚于题注所列各次制定/修改（2016-02-06），题注未载该次修改")).toBe("2017-03-01（推定）");
    expect(implementDateText("2024-07-01", "正文「本法自2024年7月1日起施行。」")).toBe("2024-07-01");
    expect(implementDateText("", "推定：…")).toBe("");
    expect(implementDateText("2020-01-01", undefined)).toBe("2020-01-01");
  });
});
