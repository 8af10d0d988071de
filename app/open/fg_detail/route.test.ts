/** Handler tests of POST /open/fg_detail (our regulation-detail operation). */
import { beforeAll, describe, expect, it } from "vitest";
import { callHandler, createKey } from "@/test/helpers/api";
import { expectAuthFailures, expectBodyFailures, fgidOf } from "@/test/helpers/handler-checks";
import { POST } from "./route";

let key: string;
beforeAll(() => {
  key = createKey();
});

describe("fg_detail", () => {
  it("authentication → 403; bad bodies → 400/422", async () => {
    await expectAuthFailures(POST, { fgid: fgidOf("中华人民共和国民法典") });
    await expectBodyFailures(POST, key);
    const blank = await callHandler(POST, { fgid: "  " }, { key });
    expect(blank.status).toBe(422);
    expect(blank.body).toEqual({ status: "param verification failed", code: 422, message: "fgid: fgid 参数不可为空" });
    expect((await callHandler(POST, { fgid: 7 }, { key })).status).toBe(422);
  });

  it("returns metadata, structured text and versions", async () => {
    const fgid = fgidOf("中华人民共和国会计法", "2024-06-28");
    const r = await callHandler(POST, { fgid }, { key });
    expect(r.status).toBe(200);
    expect([r.body.status, r.body.code, r.body.message]).toEqual(["success", 200, "success"]);
    const d = r.body.data;
    expect(d.fgid).toBe(fgid);
    expect(d.fgmc).toBe("中华人民共和国会计法");
    expect(d.sxx).toBe("现行有效");
    expect(d.has_fulltext).toBe(true);
    const clauses = d.blocks.filter((b: { kind: string }) => b.kind === "clause");
    expect(clauses.length).toBe(51);
    expect(clauses[0].ft_num).toBe("第一条");
    expect(d.versions.map((v: { fbrq: string }) => v.fbrq)).toEqual(["2024-06-28", "2017-11-04"]);
    expect(d.versions.find((v: { fgid: string }) => v.fgid === fgid).current).toBe(true);
  });

  it("民法典 has 1,260 articles", async () => {
    const r = await callHandler(POST, { fgid: fgidOf("中华人民共和国民法典") }, { key });
    expect(r.body.data.blocks.filter((b: { kind: string }) => b.kind === "clause").length).toBe(1260);
  });

  it("unknown fgid → 404 with the keyword family's failure body", async () => {
    const r = await callHandler(POST, { fgid: "no-such-id" }, { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ status: "not found", code: 404, message: "未找到法规: no-such-id" });
  });
});
