import { describe, expect, it } from "vitest";
import { detailWindow, WHOLE_UP_TO, WINDOW_AFTER, WINDOW_BEFORE, type WindowBlock } from "./detail-window";

function doc(): WindowBlock[] {
  const out: WindowBlock[] = [];
  let t = 1;
  for (let part = 0; part < 3; part++) {
    out.push({ kind: "heading", level: 1 });
    for (let ch = 0; ch < 4; ch++) {
      out.push({ kind: "heading", level: 2 });
      for (let k = 0; k < 30; k++) out.push({ kind: "clause", tid: String(t++) });
    }
  }
  return out;
}

describe("detailWindow", () => {
  const blocks = doc();
  it("renders short documents whole", () => {
    expect(detailWindow(blocks.slice(0, WHOLE_UP_TO))).toEqual({ from: 0, to: WHOLE_UP_TO, context: [] });
  });
  it("centres on the cited article with the headings that enclose it", () => {
    const i = blocks.findIndex((b) => b.tid === "200");
    const w = detailWindow(blocks, { target: "200" });
    expect(w.from).toBe(i - WINDOW_BEFORE);
    expect(w.to).toBe(i + WINDOW_AFTER);
    expect(w.context.map((c) => blocks[c]!.level)).toEqual([1, 2]);
    expect(w.context.every((c) => c < w.from)).toBe(true);
  });
  it("starts at a heading for ?at=, at the opening otherwise", () => {
    expect(detailWindow(blocks, { at: 125 }).from).toBe(125);
    expect(detailWindow(blocks)).toEqual({ from: 0, to: WINDOW_AFTER, context: [] });
    expect(detailWindow(blocks, { target: "no-such" }).from).toBe(0);
  });
});
