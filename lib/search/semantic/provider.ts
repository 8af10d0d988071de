/**
 * Optional external embeddings: an OpenAI-compatible server (POST {base}/v1/embeddings with
 * {model, input: string[]} → {data: [{index, embedding: number[]}]}), e.g. bge-m3 behind a
 * local inference server. Configured by environment:
 *
 *   EMBEDDINGS_URL         base URL (with or without a trailing /v1); unset = built-in LSA
 *   EMBEDDINGS_MODEL       model name sent in each request (required with EMBEDDINGS_URL)
 *   EMBEDDINGS_KEY         optional bearer token
 *   EMBEDDINGS_TIMEOUT_MS  per-request timeout at query time (default 2000)
 *   EMBEDDINGS_BATCH       inputs per request at ingest (default 64)
 *
 * At ingest every request gets 10 × the timeout (at least 30 s) and 3 attempts; any failure
 * fails the build step (and so the build: the previous index keeps serving).
 */
import { redactUrlCredentials, splitUrlCredentials } from "@/lib/upstream/url-credentials";

export interface ProviderConfig {
  url: string;
  model: string;
  key?: string;
  /** HTTP Basic authorization from credentials that were in EMBEDDINGS_URL (used when no key is set). */
  basicAuth?: string;
  timeoutMs: number;
  batch: number;
}

export function providerFromEnv(env: Record<string, string | undefined> = process.env): ProviderConfig | null {
  const raw = env.EMBEDDINGS_URL?.trim();
  if (!raw) return null;
  const { url, basicAuth } = splitUrlCredentials(raw);
  const model = env.EMBEDDINGS_MODEL?.trim();
  if (!model) throw new Error("EMBEDDINGS_URL is set but EMBEDDINGS_MODEL is not");
  const timeoutMs = Number(env.EMBEDDINGS_TIMEOUT_MS ?? 2000);
  const batch = Number(env.EMBEDDINGS_BATCH ?? 64);
  return {
    url,
    model,
    key: env.EMBEDDINGS_KEY?.trim() || undefined,
    ...(basicAuth ? { basicAuth } : {}),
    timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : 2000,
    batch: Number.isInteger(batch) && batch > 0 ? batch : 64,
  };
}

export function endpoint(cfg: ProviderConfig): string {
  const base = cfg.url.replace(/\/+$/, "");
  return /\/v1$/.test(base) ? `${base}/embeddings` : `${base}/v1/embeddings`;
}

export class EmbeddingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmbeddingsError";
  }
}

/** One request; returns unit vectors in input order. Throws EmbeddingsError on any failure or timeout. */
export async function embedRemote(cfg: ProviderConfig, input: string[], timeoutMs = cfg.timeoutMs): Promise<Float32Array[]> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  try {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (cfg.key) headers.authorization = `Bearer ${cfg.key}`;
    else if (cfg.basicAuth) headers.authorization = cfg.basicAuth;
    let res: Response;
    try {
      res = await fetch(endpoint(cfg), { method: "POST", headers, body: JSON.stringify({ model: cfg.model, input }), signal: ctrl.signal });
    } catch (e) {
      throw new EmbeddingsError(ctrl.signal.aborted ? `timed out after ${timeoutMs} ms` : `unreachable (${redactUrlCredentials((e as Error).message)})`);
    }
    let json: { data?: { index?: number; embedding?: unknown }[] };
    try {
      const text = await res.text();
      if (!res.ok) throw new EmbeddingsError(`HTTP ${res.status}`);
      json = JSON.parse(text);
    } catch (e) {
      if (e instanceof EmbeddingsError) throw e;
      throw new EmbeddingsError(ctrl.signal.aborted ? `timed out after ${timeoutMs} ms` : "unparsable response");
    }
    const data = json.data;
    if (!Array.isArray(data) || data.length !== input.length) throw new EmbeddingsError("response does not have one embedding per input");
    const out: Float32Array[] = new Array(input.length);
    let dims = -1;
    data.forEach((d, i) => {
      const emb = d.embedding;
      if (!Array.isArray(emb) || emb.length === 0 || !emb.every((x) => typeof x === "number" && Number.isFinite(x))) {
        throw new EmbeddingsError("malformed embedding");
      }
      if (dims < 0) dims = emb.length;
      if (emb.length !== dims) throw new EmbeddingsError("embeddings of different sizes");
      out[typeof d.index === "number" ? d.index : i] = unit(Float32Array.from(emb as number[]));
    });
    if (out.some((v) => !v)) throw new EmbeddingsError("response indexes do not cover the input");
    return out;
  } finally {
    clearTimeout(timer);
  }
}

export function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  n = Math.sqrt(n);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i]! /= n;
  return v;
}

/** Embeds many texts for ingest: batches, a long timeout, 3 attempts per batch. */
export async function embedAllRemote(
  cfg: ProviderConfig,
  texts: string[],
  onBatch?: (done: number, total: number) => void,
): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  const timeout = Math.max(30_000, cfg.timeoutMs * 10);
  for (let i = 0; i < texts.length; i += cfg.batch) {
    const chunk = texts.slice(i, i + cfg.batch);
    let lastErr: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        out.push(...(await embedRemote(cfg, chunk, timeout)));
        lastErr = undefined;
        break;
      } catch (e) {
        lastErr = e;
        await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
      }
    }
    if (lastErr) throw new EmbeddingsError(`embeddings server failed at input ${i}: ${redactUrlCredentials((lastErr as Error).message)}`);
    onBatch?.(Math.min(i + cfg.batch, texts.length), texts.length);
  }
  return out;
}
