/**
 * A local OpenAI-compatible chat-completions server for tests and the benchmark
 * (node:http on 127.0.0.1, random port). Modes:
 * - "ok":        answers every item with a judgment (默认: 部分一致 → 一致, marked 模型判断)
 * - "500":       HTTP 500 with an OpenAI-style error body
 * - "malformed": a chat completion whose message content is not JSON
 * - "slow":      waits `delayMs` (default 5000) before answering like "ok"
 * `delayMs` also applies to "ok" (a simulated model latency). Requests are recorded.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ChatServerMode = "ok" | "500" | "malformed" | "slow";

export interface ChatServer {
  url: string;
  mode: ChatServerMode;
  delayMs: number;
  requests: { path: string; headers: http.IncomingHttpHeaders; body: any }[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- recorded JSON
  /** Verdict the "ok" mode gives every item. */
  verdict: string;
  close(): Promise<void>;
}

export async function startChatServer(opts: { mode?: ChatServerMode; delayMs?: number; verdict?: string } = {}): Promise<ChatServer> {
  const state: ChatServer = {
    url: "",
    mode: opts.mode ?? "ok",
    delayMs: opts.delayMs ?? (opts.mode === "slow" ? 5000 : 0),
    requests: [],
    verdict: opts.verdict ?? "一致",
    close: async () => undefined,
  };
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        /* recorded as null */
      }
      state.requests.push({ path: req.url ?? "", headers: req.headers, body });
      const answer = () => {
        if (res.destroyed) return;
        if (req.method !== "POST" || !(req.url ?? "").endsWith("/chat/completions")) {
          res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
          return;
        }
        if (state.mode === "500") {
          res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "upstream exploded", type: "server_error" } }));
          return;
        }
        const b = body as { model?: string; messages?: { role: string; content: string }[] } | null;
        const user = b?.messages?.find((m) => m.role === "user")?.content ?? "{}";
        let items: { id: string }[] = [];
        try {
          items = (JSON.parse(user) as { items?: { id: string }[] }).items ?? [];
        } catch {
          items = [];
        }
        const content =
          state.mode === "malformed"
            ? "这不是 JSON {results: [oops"
            : JSON.stringify({ results: items.map((i) => ({ id: i.id, 结论: state.verdict, 语义相似度: 0.9, 说明: "模型判断：引文与条文含义相符。", 要点: ["模型判断"] })) });
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id: "chatcmpl-test",
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: b?.model ?? "test-model",
            choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
            usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
          }),
        );
      };
      const delay = state.mode === "slow" || state.delayMs > 0 ? state.delayMs : 0;
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return state;
}
