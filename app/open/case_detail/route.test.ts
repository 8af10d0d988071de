/** Handler tests of POST /open/case_detail (our case-detail operation). */
import { beforeAll, describe, expect, it } from "vitest";
import { callHandler, createKey } from "@/test/helpers/api";
import { expectAuthFailures, expectBodyFailures } from "@/test/helpers/handler-checks";
import { POST } from "./route";

let key: string;
beforeAll(() => {
  key = createKey();
});

describe("case_detail", () => {
  it("authentication → 403; bad bodies → 400/422", async () => {
    await expectAuthFailures(POST, { id: "spc-1" });
    await expectBodyFailures(POST, key);
    const none = await callHandler(POST, { id: "", case_number: null }, { key });
    expect(none.status).toBe(422);
    expect(none.body).toEqual({ status: "param verification failed", code: 422, message: "id: id 或 case_number 参数不可为空" });
    expect((await callHandler(POST, { id: 1 }, { key })).status).toBe(422);
  });

  it("by id: every field of the case", async () => {
    const r = await callHandler(POST, { id: "spc-1" }, { key });
    expect(r.status).toBe(200);
    expect([r.body.status, r.body.code, r.body.message]).toEqual(["success", 200, "success"]);
    expect(r.body.data.id).toBe("spc-1");
    expect(r.body.data.name).toBe("上海中原物业顾问有限公司诉陶德华居间合同纠纷案");
    expect(r.body.data.case_number).toBe("（2009）沪二中民二（民）终字第1508号");
    for (const f of ["court", "judgment_key_points", "basic_facts", "judgment_result"]) expect(typeof r.body.data[f]).toBe("string");
  });

  it("by case number, with half-width brackets too", async () => {
    for (const case_number of ["（2009）沪二中民二（民）终字第1508号", "(2009)沪二中民二(民)终字第1508号", "（2009）虹民三（民）初字第912号"]) {
      const r = await callHandler(POST, { case_number }, { key });
      expect(r.status, case_number).toBe(200);
      expect(r.body.data.id).toBe("spc-1");
    }
  });

  it("unknown → 404", async () => {
    const r = await callHandler(POST, { case_number: "（1999）火民初字第1号" }, { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ status: "not found", code: 404, message: "未找到案例: （1999）火民初字第1号" });
    expect((await callHandler(POST, { id: "nope" }, { key })).status).toBe(404);
  });
});
