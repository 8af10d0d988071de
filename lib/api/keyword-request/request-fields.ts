/**
 * The zod shape of the request fields shared by rh_ft_search, rh_fg_search,
 * rh_fg_zq_search and facet_counts (spec operation 2). Route schema.ts files build their
 * request schema from it. Only JSON types are checked here (wrong type → 422); the
 * business rules (empty keyword, enumerations, dates, top_k) live in parseSearchRequest so
 * their messages are the spec's. Strings may also be null, which reads as "absent";
 * unknown fields are ignored (zod's default object strips them).
 */
import { z } from "zod";

const text = (what: string) => z.string().nullish().describe(what);

export const keywordRequestFields = {
  keyword: text("关键词；按空格拆分，按 search_mode 以 AND/OR 组合"),
  search_mode: text("AND（默认）或 OR，不区分大小写"),
  fgmc: text("法规名称过滤；按空格拆分，标题须包含全部片段"),
  xljb_1: text("效力级别（一级）过滤；按空格拆分，命中任一即可；取值见共享枚举"),
  sxx: text("时效性过滤；按空格拆分，命中任一即可；取值见共享枚举"),
  dy: text("地域过滤；按空格拆分，命中任一即可；取值见共享枚举"),
  fbbm: text("发布部门过滤；按空格拆分，任一片段为子串即可"),
  fbrq_start: text("公布日期起（含），yyyy-MM-dd"),
  fbrq_end: text("公布日期止（含），yyyy-MM-dd"),
  ssrq_start: text("施行日期起（含），yyyy-MM-dd"),
  ssrq_end: text("施行日期止（含），yyyy-MM-dd"),
  top_k: z
    .unknown()
    .optional()
    .describe("返回条数；缺省或 <= 0 为 10，> 50 取 50；非数字按缺省 10 处理，数字字符串按其数值"),
};

export const keywordRequestSchema = z.object(keywordRequestFields);
export type KeywordRequestBody = z.infer<typeof keywordRequestSchema>;
