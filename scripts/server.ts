/**
 * Production server (`npm start`, `npm run serve`, the HTTP benchmarks): the built Next.js
 * app in WEB_CONCURRENCY worker processes (default: one per CPU) behind node:cluster, so both
 * cores of a small machine serve requests.
 *
 *   PORT (3000), HOST (0.0.0.0), WEB_CONCURRENCY (CPUs; 1 = a single worker),
 *   WORKER_HEAP_MB (768: V8 old-space limit per worker),
 *   FAST_API=0 sends /open/* through Next's router as well (see below),
 *   OPERATION_WARMUP=0 skips the operations' warm-ups before the first request.
 *
 * Start-up: the primary verifies the index once before forking (missing, truncated or corrupt
 * → the message naming the file and `npm run ingest`, exit 1, no worker started). Each worker
 * runs instrumentation.ts as `next start` does (verification again, cheap); only the first
 * worker may print the one-time sign-in link (the others get LCC_NO_SIGNIN_LINK=1). Before it
 * listens, each worker loads the operations' route modules and awaits their warm-ups (keyword
 * search, facet counts, semantic search: ≈3 s), in the module instances requests will use, and
 * listens only once every worker is warm (the primary's start-up gate; at most 30 s after the
 * first is): connections opened at start-up and kept alive (a load generator, a proxy's
 * upstream pool) then spread over all the workers; before, whichever worker was warm first
 * could take every one of them and serve alone (the distinct-query load bench measured 545 vs
 * 1,242 req/s, one vs two workers). A worker that dies is replaced (and listens as soon as it
 * is warm); one that exits non-zero within 10 s of starting (bad index, port in use) stops the
 * whole server with that exit code rather than restarting in a loop.
 * Stop (SIGTERM): each worker stops accepting, closes its idle connections and answers what is
 * in flight with `Connection: close` (a kept-alive connection would otherwise go on carrying a
 * proxy's requests), writes its buffered usage counts and exits; at most 10 s.
 *
 * Fast path: `POST /open/<operation>` goes straight to the operation in the compiled route
 * module (the same module Next loads, from .next/server/app/open/<op>/route.js), through its
 * direct form (`POST.direct`, lib/api/define-operation.ts): the same protocol as the route
 * handler (auth, rate limit, body limit, JSON, failure bodies, access log) on the node:http
 * request and response, without Next's routing and without building Web Request/Response
 * objects and streams, which together cost more CPU than the search itself. Every other
 * method and path (pages, /api/*, static files, unknown operations, trailing slashes) goes
 * to Next unchanged. Should a route module lack the direct form (a future Next changing the
 * module's shape), that route is served by Next.
 *
 * Shared state: a key's rate-limit buckets live in the primary, and workers lease tokens from
 * it a few at a time over the cluster IPC channel (lib/api/rate-limit.ts), so the configured
 * rate holds across all workers. API keys and sessions live in SQLite and are shared
 * (verified keys are cached per worker for KEYS_CACHE_TTL_MS).
 * With REDIS_URL the buckets live in Redis (every worker of every replica draws on them) and
 * with DATABASE_URL keys, sessions and usage live in PostgreSQL: the server then holds no
 * state of its own and runs as one of several replicas (scripts/serve-replicas.ts).
 */
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import type { OperationCall, OperationReply } from "../lib/api/define-operation";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";
const workers = Math.max(1, Math.floor(Number(process.env.WEB_CONCURRENCY) || os.availableParallelism()));
const QUICK_EXIT_MS = 10_000;
/** Longest a stopping worker waits for its in-flight requests (a citation check's time budget fits). */
const WORKER_DRAIN_MS = 10_000;
/** Longest a warm worker waits for the others before it listens (the start-up gate). */
const GATE_MS = 30_000;

(process.env as Record<string, string>).NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

if (cluster.isPrimary) await primary();
else await worker();

/* ---------------- primary ---------------- */

async function primary(): Promise<void> {
  const { verifyIndex } = await import("../lib/store/verify-index");
  try {
    const { regulations, clauses } = verifyIndex();
    console.log(`[server] index ok: ${regulations} regulations, ${clauses} clauses`);
  } catch (e) {
    console.error(`[index] ${e instanceof Error ? e.message : String(e)}`);
    console.error("[index] refusing to start without a valid index.");
    process.exit(1);
  }
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
    console.error("[server] no production build in .next: run `npx next build` (or `npm run serve`) first.");
    process.exit(1);
  }

  // A bounded V8 heap per worker: without it the heap grows lazily towards the machine's
  // default limit under load (the load bench saw +3 MiB/s that a cap turns into a flat line).
  const heapMb = Math.max(128, Number(process.env.WORKER_HEAP_MB) || 768);
  cluster.setupPrimary({ execArgv: [...process.execArgv, `--max-old-space-size=${heapMb}`] });

  console.log(`[server] starting ${workers} worker(s) on http://${host}:${port}`);
  let stopping = false;
  let signinShown = false;
  const started = new Map<number, number>();
  const fork = (): void => {
    // LCC_SHARED_RATE_LIMIT: the workers lease rate-limit tokens from this process (below)
    const env: Record<string, string> = { PORT: String(port), LCC_SHARED_RATE_LIMIT: "1" };
    if (signinShown) env.LCC_NO_SIGNIN_LINK = "1";
    signinShown = true;
    const w = cluster.fork(env);
    started.set(w.id, Date.now());
  };
  // Rate limits hold across workers: the buckets live here, workers lease tokens (lib/api/rate-limit.ts).
  const { answerLease } = await import("../lib/api/rate-limit");
  // Start-up gate: a warm worker waits for "listen" until every worker is warm (or GATE_MS after
  // the first one was: a worker stuck in its warm-up does not keep the others from serving), so
  // the first connections, kept alive by clients and proxies, spread over all of them; later
  // workers (replacements) listen as soon as they are warm.
  const warm = new Set<number>();
  let open = false;
  const release = (force = false): void => {
    if (open || (!force && warm.size < started.size)) return;
    open = true;
    for (const id of warm) cluster.workers?.[id]?.send({ lcc: "listen" });
  };
  cluster.on("message", (w, m) => {
    if ((m as { lcc?: unknown } | null)?.lcc === "warm") {
      if (open) w.send({ lcc: "listen" });
      else {
        if (warm.size === 0) setTimeout(() => release(true), GATE_MS).unref();
        warm.add(w.id);
        release();
      }
      return;
    }
    const reply = answerLease(m);
    if (reply) w.send(reply);
  });
  cluster.on("exit", (w, code, signal) => {
    const age = Date.now() - (started.get(w.id) ?? 0);
    started.delete(w.id);
    warm.delete(w.id);
    if (stopping) {
      if (started.size === 0) process.exit(0);
      return;
    }
    if (code !== 0 && age < QUICK_EXIT_MS) {
      console.error(`[server] worker ${w.process.pid} exited with code ${code} during start-up; stopping.`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = code ?? 1;
      if (started.size === 0) process.exit(code ?? 1);
      return;
    }
    console.error(`[server] worker ${w.process.pid} died (${signal ?? code}); starting another.`);
    fork();
  });
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    if (started.size === 0) process.exit(0);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
    setTimeout(() => process.exit(0), WORKER_DRAIN_MS + 2000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  for (let i = 0; i < workers; i++) fork();
}

/* ---------------- worker ---------------- */

type DirectOperation = (call: OperationCall) => Promise<OperationReply>;
interface RouteOperation {
  direct: DirectOperation;
  warm?: () => Promise<number>;
}

async function worker(): Promise<void> {
  const require = createRequire(import.meta.url);
  const next = require("next") as (opts: { dev: boolean; dir: string; hostname: string; port: number }) => {
    prepare(): Promise<void>;
    getRequestHandler(): (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
  };
  const app = next({ dev: false, dir: root, hostname: host, port });
  await app.prepare();
  const nextHandle = app.getRequestHandler();
  const fast = process.env.FAST_API !== "0" ? operationRoutes(require) : new Map<string, () => RouteOperation | null>();
  // Load the operations' route modules and run their warm-ups before taking requests, in the
  // same module instances the requests will use (instrumentation.ts runs in another bundle).
  for (const [route, load] of fast) {
    const op = load();
    const ms = process.env.OPERATION_WARMUP !== "0" ? ((await op?.warm?.()) ?? 0) : 0;
    if (ms > 0) console.log(`[server] ${route} warmed in ${ms.toFixed(0)} ms`);
  }

  // Draining (after SIGTERM): a keep-alive connection outlives server.close() and would go on
  // carrying the proxy's requests until the hard exit cut one off mid-answer; every answer
  // while draining closes its connection instead.
  let draining = false;
  const server = http.createServer((req, res) => {
    if (draining) res.setHeader("connection", "close");
    const url = req.url ?? "/";
    if (req.method === "POST" && url.startsWith("/open/")) {
      const q = url.indexOf("?");
      const load = fast.get(q < 0 ? url : url.slice(0, q));
      const handler = load?.()?.direct;
      if (handler) {
        serveDirect(handler, req, res).catch((e) => {
          console.error("[server] fast path failed:", e);
          if (!res.headersSent) {
            res.statusCode = 500;
            res.setHeader("content-type", "application/json");
            res.end(JSON.stringify({ code: 500, message: "处理异常，请稍后重试" }));
          } else res.destroy();
        });
        return;
      }
    }
    void nextHandle(req, res);
  });
  // Warm: listen once the primary says every worker is warm (see the start-up gate above).
  await new Promise<void>((resolve) => {
    const onMessage = (m: unknown): void => {
      if ((m as { lcc?: unknown } | null)?.lcc !== "listen") return;
      process.off("message", onMessage);
      resolve();
    };
    process.on("message", onMessage);
    process.send?.({ lcc: "warm" });
  });
  server.listen(port, host);
  const shutdown = (): void => {
    // in-flight requests finish (each closing its connection), then the buffered usage counts
    // are written (lib/auth/usage-buffer.ts)
    if (draining) return;
    draining = true;
    server.close(() => void flushUsage().finally(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), WORKER_DRAIN_MS).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", () => undefined); // the primary decides; Ctrl-C reaches every process
}

/** Writes the usage counts this worker has buffered (the store is shared with the route bundles through globalThis). */
async function flushUsage(): Promise<void> {
  try {
    const { getAuthStore } = await import("../lib/auth/auth-store");
    await getAuthStore().flushUsage();
  } catch (e) {
    console.warn("[server] usage counts not written at shutdown:", e instanceof Error ? e.message : e);
  }
}

/** `/open/<op>` → lazy loader of that route's direct operation (null: let Next serve it). */
function operationRoutes(require: NodeRequire): Map<string, () => RouteOperation | null> {
  const out = new Map<string, () => RouteOperation | null>();
  let manifest: Record<string, string>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(root, ".next", "server", "app-paths-manifest.json"), "utf8"));
  } catch {
    return out;
  }
  for (const [route, file] of Object.entries(manifest)) {
    const m = /^\/open\/([a-z_]+)\/route$/.exec(route);
    if (!m) continue;
    let handler: RouteOperation | null | undefined;
    out.set(`/open/${m[1]}`, () => {
      if (handler !== undefined) return handler;
      try {
        const mod = require(path.join(root, ".next", "server", file)) as {
          routeModule?: { userland?: { POST?: { direct?: unknown; warm?: unknown } } };
        };
        const post = mod.routeModule?.userland?.POST;
        handler =
          typeof post?.direct === "function"
            ? { direct: post.direct as DirectOperation, ...(typeof post.warm === "function" ? { warm: post.warm as () => Promise<number> } : {}) }
            : null;
      } catch (e) {
        console.error(`[server] ${route}: not loadable for the fast path, served by Next:`, e);
        handler = null;
      }
      return handler;
    });
  }
  return out;
}

/** Answers one request through the operation's direct form and writes the reply. */
async function serveDirect(op: DirectOperation, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const reply = await op({
    header: (name) => {
      const v = req.headers[name];
      return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
    },
    body: req,
  });
  const headers: Record<string, string | number> = { ...reply.headers, "content-length": Buffer.byteLength(reply.body) };
  // A refused oversized body is left unread: close the connection rather than drain it.
  if (reply.status === 413) headers.connection = "close";
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}
