/**
 * A local OpenAI-compatible embeddings server for tests: POST /v1/embeddings with
 * {model, input: string | string[]} → {object: "list", data: [{object: "embedding", index, embedding}], model}.
 *
 * The embedding is a deterministic toy: character bigrams hashed into `dims` buckets, so texts
 * sharing words get similar vectors. Failure modes for the degradation paths:
 *   "ok" | "error" (HTTP 500) | "slow" (answers after `delayMs`) | "garbage" (invalid JSON)
 * and `close()` for a server that is down.
 */
import http from "node:http";
import type net from "node:net";

export type EmbeddingsMode = "ok" | "error" | "slow" | "garbage";

export interface EmbeddingsServer {
  url: string;
  /** Requests received, and inputs embedded, so far. */
  stats: { requests: number; inputs: number; models: string[]; auth: (string | undefined)[] };
  setMode(mode: EmbeddingsMode, delayMs?: number): void;
  close(): Promise<void>;
}

export function toyEmbedding(text: string, dims = 32): number[] {
  const v: number[] = new Array<number>(dims).fill(0);
  const chars = Array.from(text);
  for (let i = 0; i + 1 < chars.length; i++) {
    const bg = chars[i]! + chars[i + 1]!;
    let h = 2166136261;
    for (let j = 0; j < bg.length; j++) h = Math.imul(h ^ bg.charCodeAt(j), 16777619);
    const b = (h >>> 0) % dims;
    v[b] = (v[b] ?? 0) + 1;
  }
  if (!v.some((x) => x > 0)) v[0] = 1;
  return v;
}

export async function startEmbeddingsServer(opts: { dims?: number; mode?: EmbeddingsMode; delayMs?: number } = {}): Promise<EmbeddingsServer> {
  const dims = opts.dims ?? 32;
  let mode: EmbeddingsMode = opts.mode ?? "ok";
  let delayMs = opts.delayMs ?? 5000;
  const stats: EmbeddingsServer["stats"] = { requests: 0, inputs: 0, models: [], auth: [] };
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      stats.requests++;
      stats.auth.push(req.headers.authorization);
      if (req.method !== "POST" || req.url !== "/v1/embeddings") {
        res.writeHead(404).end();
        return;
      }
      if (mode === "error") {
        res.writeHead(500, { "content-type": "application/json" }).end('{"error":"boom"}');
        return;
      }
      if (mode === "garbage") {
        res.writeHead(200, { "content-type": "application/json" }).end("{not json");
        return;
      }
      let parsed: { model?: string; input?: string | string[] };
      try {
        parsed = JSON.parse(body);
      } catch {
        res.writeHead(400).end();
        return;
      }
      const input = typeof parsed.input === "string" ? [parsed.input] : (parsed.input ?? []);
      stats.inputs += input.length;
      stats.models.push(String(parsed.model));
      const payload = JSON.stringify({
        object: "list",
        model: parsed.model,
        data: input.map((t, index) => ({ object: "embedding", index, embedding: toyEmbedding(String(t), dims) })),
        usage: { prompt_tokens: 0, total_tokens: 0 },
      });
      const send = () => {
        if (!res.destroyed) res.writeHead(200, { "content-type": "application/json" }).end(payload);
      };
      if (mode === "slow") setTimeout(send, delayMs).unref();
      else send();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    setMode(m, d) {
      mode = m;
      if (d !== undefined) delayMs = d;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
