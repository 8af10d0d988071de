import { z } from "zod";
import { keywordSuccess } from "../_schema/pieces";

/** Request of POST /open/fg_detail (our design: the spec's "regulation-detail operation", not shown there). */
export const fgDetailRequest = z
  .object({
    fgid: z.string().trim().min(1, "fgid 参数不可为空").describe("法规 ID（检索结果的 id / fgid）"),
  })
  .describe("法规详情：元数据、题注、结构化正文与全部版本");
export type FgDetailRequest = z.infer<typeof fgDetailRequest>;

const bodyBlock = z.union([
  z.object({ kind: z.literal("heading"), level: z.number().int(), text: z.string() }),
  z.object({ kind: z.literal("clause"), tid: z.string(), ft_num: z.string(), paragraphs: z.array(z.string()) }),
  z.object({ kind: z.literal("text"), paragraphs: z.array(z.string()) }),
]);

const versionRef = z.object({
  fgid: z.string(),
  fgmc: z.string(),
  fbrq: z.string(),
  ssrq: z.string(),
  sxx: z.string(),
  data_as_of: z.string().describe("该版本来源的数据截至日期"),
  current: z.boolean().describe("现行版本"),
});

export const regulationDetail = z
  .object({
    fgid: z.string(),
    fgmc: z.string(),
    fbbm: z.string(),
    fwzh: z.string(),
    xljb_1: z.string(),
    xljb_2: z.string(),
    sxx: z.string(),
    dy: z.string(),
    location: z.string(),
    fbrq: z.string(),
    ssrq: z.string(),
    expiry: z.string(),
    family: z.string(),
    source: z.string(),
    source_path: z.string(),
    is_securities: z.boolean(),
    has_fulltext: z.boolean().describe("false：仅目录信息，无正文（blocks 为空）"),
    preamble: z.string().describe("题注（制定、修改历史），按行以 \\n 连接"),
    blocks: z.array(bodyBlock).describe("正文块：编/章/节标题、条款、无条款结构的段落"),
    versions: z.array(versionRef).describe("同一法规的全部版本，新者在前，含本版本"),
    fbrq_source: z.string().describe("fbrq 的来源"),
    ssrq_source: z.string().describe("ssrq 的来源（正文原话、题注、数据库字段、修正决定或“推定”）"),
    sxx_source: z.string().describe("sxx 的来源或判定规则"),
    data_as_of: z.string().describe("来源的数据截至日期（yyyy-MM-dd）；sxx 为截至该日的时效性"),
  })
  .describe("法规详情");

export const fgDetailResponse = keywordSuccess(regulationDetail);
export type FgDetailResponse = z.infer<typeof fgDetailResponse>;
