/**
 * Optional chat model for the citation check: an OpenAI-compatible `/v1/chat/completions`
 * endpoint that may refine the paraphrase judgments the built-in rules cannot settle
 * (entries the rules call 部分一致, and sentences that restate a clause without quoting it).
 *
 * Environment:
 * - CHAT_MODEL_URL         base URL (http://host:port, …/v1, or the full …/v1/chat/completions)
 * - CHAT_MODEL_NAME        model name sent as `model` and reported in `chat_model`
 * - CHAT_MODEL_KEY         optional bearer token
 * - CHAT_MODEL_TIMEOUT_MS  per-call timeout, default 20000
 * - CHAT_MODEL_REQUIRED    "1" = strict mode: a failed model call is HTTP 502 HTTP_502 instead of
 *                          falling back to the built-in result
 * The model is used only when CHAT_MODEL_URL and CHAT_MODEL_NAME are both set. All items of one
 * draft go in one request; the model can move a verdict only between 一致 / 部分一致 / 不一致 for
 * the items it was given, never overrule a meaning-changing difference the rules found (those items
 * are not sent), and its 要点 are appended to the rules' 要点.
 */
import { redactUrlCredentials, splitUrlCredentials } from "@/lib/upstream/url-credentials";
import { z } from "zod";
import { CONCLUSIONS, type Conclusion } from "./types";

export interface ChatModelConfig {
  url: string;
  model: string;
  key: string;
  timeoutMs: number;
  required: boolean;
  /** HTTP Basic authorization from credentials that were in CHAT_MODEL_URL (used when no key is set). */
  basicAuth?: string;
}

export function chatModelFromEnv(env: NodeJS.ProcessEnv = process.env): ChatModelConfig | null {
  const base = (env.CHAT_MODEL_URL ?? "").trim();
  const model = (env.CHAT_MODEL_NAME ?? "").trim();
  if (!base || !model) return null;
  const t = Number(env.CHAT_MODEL_TIMEOUT_MS);
  const { url, basicAuth } = splitUrlCredentials(base);
  return {
    url: completionsUrl(url),
    model,
    key: (env.CHAT_MODEL_KEY ?? "").trim(),
    ...(basicAuth ? { basicAuth } : {}),
    timeoutMs: Number.isFinite(t) && t > 0 ? t : 20_000,
    required: env.CHAT_MODEL_REQUIRED === "1" || env.CHAT_MODEL_REQUIRED === "true",
  };
}

export function completionsUrl(base: string): string {
  const b = base.replace(/\/+$/, "");
  if (b.endsWith("/chat/completions")) return b;
  if (b.endsWith("/v1")) return `${b}/chat/completions`;
  return `${b}/v1/chat/completions`;
}

export interface ChatItem {
  id: string;
  clause_text: string;
  draft_text: string;
  rules_verdict: Conclusion;
  rules_points: string[];
}

export interface ChatJudgment {
  id: string;
  结论: Conclusion;
  语义相似度: number;
  说明: string;
  要点: string[];
}

const JudgmentSchema = z.object({
  id: z.string(),
  结论: z.enum(CONCLUSIONS),
  语义相似度: z.number().min(0).max(1),
  说明: z.string(),
  要点: z.array(z.string()).default([]),
});
const AnswerSchema = z.object({ results: z.array(JudgmentSchema) });
const CompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export class ChatModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChatModelError";
  }
}

const SYSTEM_PROMPT = [
  "你是中国法律文书的引文核对助手。对每一项，比较草稿文字（draft_text）与法条原文（clause_text）的含义。",
  "结论只能是：一致、部分一致、不一致、无法判断。改变义务性质（应当/可以/不得）、否定、数字、期限、金额、倍数、主体的，为不一致；",
  "遗漏条件或限定、只转述部分内容的，为部分一致；含义相同的，为一致。",
  '只输出 JSON：{"results":[{"id":"…","结论":"…","语义相似度":0到1的数字,"说明":"一句话","要点":["具体差异"]}]}',
].join("\n");

/** Sends the items in one chat-completions request and returns the parsed judgments. */
export async function judgeWithChatModel(cfg: ChatModelConfig, items: ChatItem[]): Promise<ChatJudgment[]> {
  if (items.length === 0) return [];
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), cfg.timeoutMs);
  let res: Response;
  try {
    res = await fetch(cfg.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(cfg.key ? { authorization: `Bearer ${cfg.key}` } : cfg.basicAuth ? { authorization: cfg.basicAuth } : {}),
      },
      body: JSON.stringify({
        model: cfg.model,
        temperature: 0,
        messages: [
          { role: "system", content: SYSTEM_PROMPT },
          { role: "user", content: JSON.stringify({ items }) },
        ],
      }),
      signal: ctrl.signal,
    });
  } catch (e) {
    clearTimeout(timer);
    if (ctrl.signal.aborted) throw new ChatModelError(`chat model ${cfg.model} timed out after ${cfg.timeoutMs} ms`);
    throw new ChatModelError(`chat model ${cfg.model} unreachable: ${redactUrlCredentials((e as Error).message)}`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    clearTimeout(timer);
    if (ctrl.signal.aborted) throw new ChatModelError(`chat model ${cfg.model} timed out after ${cfg.timeoutMs} ms`);
    throw new ChatModelError(`chat model ${cfg.model} response could not be read: ${redactUrlCredentials((e as Error).message)}`);
  }
  clearTimeout(timer);
  if (!res.ok) throw new ChatModelError(`chat model ${cfg.model} answered HTTP ${res.status}`);
  let completion: z.infer<typeof CompletionSchema>;
  try {
    completion = CompletionSchema.parse(JSON.parse(text));
  } catch {
    throw new ChatModelError(`chat model ${cfg.model} returned a response that is not a chat completion`);
  }
  const content = (completion.choices[0]!.message.content ?? "").trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
  let answer: z.infer<typeof AnswerSchema>;
  try {
    answer = AnswerSchema.parse(JSON.parse(content));
  } catch {
    throw new ChatModelError(`chat model ${cfg.model} returned malformed JSON`);
  }
  const ids = new Set(items.map((i) => i.id));
  return answer.results.filter((r) => ids.has(r.id));
}
