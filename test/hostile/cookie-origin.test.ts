/**
 * Every operation called with the session cookie (issue 15): only a same-origin request
 * (Sec-Fetch-Site same-origin/none, else an Origin naming this host) is served; any other,
 * or one with neither header, gets 403 with CROSS_SITE_MESSAGE in the operation's failure
 * shape, before any rate-limit token is spent. X-API-Key callers are not affected.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getKeysStore } from "@/lib/auth/keys-store";
import { CROSS_SITE_MESSAGE } from "@/lib/api/same-origin";
import { callHandler } from "@/test/helpers/api";
import { POST as ftSearch } from "@/app/open/rh_ft_search/route";
import { POST as fgSearch } from "@/app/open/rh_fg_search/route";
import { POST as zqSearch } from "@/app/open/rh_fg_zq_search/route";
import { POST as facetCounts } from "@/app/open/facet_counts/route";
import { POST as vectorSearch } from "@/app/open/law_vector_search/route";
import { POST as hallDetect } from "@/app/open/hall_detect/route";
import { POST as extract } from "@/app/open/hall_detect/api/extract/route";
import { POST as fgDetail } from "@/app/open/fg_detail/route";
import { POST as caseDetail } from "@/app/open/case_detail/route";

type Handler = (req: Request) => Promise<Response>;

const OPS: { name: string; handler: Handler; body: Record<string, unknown>; message: (b: any) => string; okStatus: number[] }[] = [
  { name: "rh_ft_search", handler: ftSearch, body: { keyword: "违约" }, message: (b) => b.message, okStatus: [200] },
  { name: "rh_fg_search", handler: fgSearch, body: { keyword: "公司" }, message: (b) => b.message, okStatus: [200] },
  { name: "rh_fg_zq_search", handler: zqSearch, body: { keyword: "证券" }, message: (b) => b.message, okStatus: [200] },
  { name: "facet_counts", handler: facetCounts, body: { keyword: "合同" }, message: (b) => b.message, okStatus: [200] },
  { name: "law_vector_search", handler: vectorSearch, body: { query: "公司拖欠工资" }, message: (b) => b.msg, okStatus: [200] },
  { name: "hall_detect", handler: hallDetect, body: { text: "《民法典》第五百七十七条" }, message: (b) => b.message, okStatus: [200] },
  { name: "hall_detect/api/extract", handler: extract, body: { text: "《民法典》第五百七十七条" }, message: (b) => b.message, okStatus: [200] },
  { name: "fg_detail", handler: fgDetail, body: { fgid: "no-such-id" }, message: (b) => b.message, okStatus: [200, 404] },
  { name: "case_detail", handler: caseDetail, body: { id: "no-such-id" }, message: (b) => b.message, okStatus: [200, 404, 422] },
];

const HOST = "localhost:3000";
let session = "";
beforeAll(() => {
  const store = getKeysStore();
  session = store.createSession(store.create({ tier: "member" }).info.id);
});

const CROSS: [string, Record<string, string>][] = [
  ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
  ["Origin of another host", { origin: "https://evil.example" }],
  ["Origin: null", { origin: "null" }],
  ["neither header", {}],
];

const SAME: [string, Record<string, string>][] = [
  ["Sec-Fetch-Site: same-origin", { "sec-fetch-site": "same-origin" }],
  ["Origin of this host", { origin: `http://${HOST}` }],
];

describe.each(OPS)("$name with the session cookie", ({ handler, body, message, okStatus }) => {
  const call = (headers: Record<string, string>) => callHandler(handler, body, { headers: { host: HOST, cookie: `lcc_session=${session}`, ...headers } });

  it.each(CROSS)("%s → 403 with the documented message", async (_label, headers) => {
    const r = await call(headers);
    expect(r.status).toBe(403);
    expect(message(r.body)).toBe(CROSS_SITE_MESSAGE);
  });

  it.each(SAME)("%s → served", async (_label, headers) => {
    const r = await call(headers);
    expect(okStatus).toContain(r.status);
  });
});
