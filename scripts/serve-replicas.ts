/**
 * A local deployment of N stateless replicas behind nginx:
 *
 *   npm run serve:replicas -- --replicas 3 [--port 3000]      start (foreground; Ctrl-C stops all)
 *   npm run serve:replicas -- roll --index PATH [--port 3000] roll a new index out, replica by replica
 *   npm run serve:replicas -- status [--port 3000]            the replicas as the supervisor sees them
 *
 * Each replica is `npm start` (scripts/server.ts) on 127.0.0.1:PORT+i (i = 1…N) with
 * WEB_CONCURRENCY=REPLICA_CONCURRENCY (default 1) workers, the read-only INDEX_PATH, and the
 * environment of this command: with DATABASE_URL and REDIS_URL set the replicas hold no state
 * of their own (keys, sessions, usage in PostgreSQL; rate limits and key changes in Redis).
 * nginx (Debian's package; `npm test` installs it when absent) listens on PORT and balances
 * them (least connections). Its configuration and logs are in data/tmp/replicas-PORT/.
 *
 * Health: nginx's passive check (max_fails=1 fail_timeout=2s: a replica that refused a
 * connection, reset it, timed out or answered 502/503 gets no request for 2 s) together with
 * the retries below keeps requests off a replica that is down; this supervisor asks every
 * replica's GET /api/health each second (HEALTH_INTERVAL_MS), restarts a dead replica and
 * kills (to restart) one that answered before and then fails 5 checks in a row. nginx is never
 * reloaded: a reload closes the clients' idle keep-alive connections, and a request sent at
 * that instant fails on the client's side (the e2e test saw it).
 * Retries: a request a replica could not answer (connection refused or reset, timeout, 502,
 * 503) is retried on another replica, for every method on the read-only operations
 * (`POST /open/…`: searches, details, facet counts, the citation check change nothing but
 * usage counts and rate-limit tokens, so `non_idempotent` is set for those locations only)
 * and, as nginx does by default, for GET/HEAD elsewhere. The sign-in and other POST routes
 * are never retried.
 * Roll-out: `roll --index PATH` asks the running supervisor (control port PORT+100 on
 * 127.0.0.1) to restart the replicas one at a time on the new index: stop the replica
 * (SIGTERM: it stops accepting, its in-flight requests finish; nginx sends new ones to the
 * others), start it on the new index, wait for its health check and then until nginx tries it
 * again (nginx keeps time in whole seconds: a server that failed at second T is skipped while
 * now - T <= fail_timeout, up to fail_timeout + 1 s; stopping the next replica any earlier left
 * nginx with no live server for a moment, and a request in that moment got a 502); then the
 * next.
 * A replica that does not become healthy on the new index stops the roll-out and is started
 * on the old one again. No request fails: at every moment N-1 replicas serve.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

interface Replica {
  n: number;
  port: number;
  index: string;
  proc: ChildProcess | null;
  healthy: boolean;
  everHealthy: boolean;
  /** Health checks failed in a row. */
  failures: number;
  stopping: boolean;
  restarts: number;
}

const argv = process.argv.slice(2);
const command = argv[0] && !argv[0].startsWith("--") ? argv[0] : "start";
const port = Number(arg(argv, "--port") ?? process.env.PORT ?? 3000);
const controlPort = Number(process.env.REPLICAS_CONTROL_PORT ?? port + 100);


/* ---------------- the control client (`roll`, `status`) ---------------- */

async function client(cmd: string): Promise<void> {
  const index = arg(argv, "--index");
  if (cmd === "roll" && !index) {
    console.error("roll needs --index PATH (the new index, built with `npm run ingest -- --out PATH`)");
    process.exit(2);
  }
  const q = cmd === "roll" ? `/roll?index=${encodeURIComponent(path.resolve(index!))}` : "/status";
  const res = await fetch(`http://127.0.0.1:${controlPort}${q}`, { method: cmd === "roll" ? "POST" : "GET" }).catch((e: unknown) => {
    console.error(`no supervisor on 127.0.0.1:${controlPort} (${e instanceof Error ? e.message : e}): is \`npm run serve:replicas\` running with --port ${port}?`);
    process.exit(1);
  });
  const text = await res.text();
  console.log(text);
  process.exit(res.ok ? 0 : 1);
}

/* ---------------- the supervisor ---------------- */

async function supervise(count: number): Promise<void> {
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
    console.error("[replicas] no production build in .next: run `npx next build` first.");
    process.exit(1);
  }
  const nginxBin = findNginx();
  if (!nginxBin) {
    console.error("[replicas] nginx not found: `apt-get install -y nginx` (Debian), or run `npm test` once, which installs it.");
    process.exit(1);
  }
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.warn(
      "[replicas] DATABASE_URL and/or REDIS_URL not set: the replicas share keys only through this machine's SQLite file and each keeps its own rate limits.",
    );
  }
  const index = path.resolve(root, process.env.INDEX_PATH ?? "data/index.sqlite");
  const dir = path.join(root, "data", "tmp", `replicas-${port}`);
  fs.mkdirSync(path.join(dir, "logs"), { recursive: true });
  const replicas: Replica[] = Array.from({ length: count }, (_, i) => ({
    n: i + 1,
    port: port + i + 1,
    index,
    proc: null,
    healthy: false,
    everHealthy: false,
    failures: 0,
    stopping: false,
    restarts: 0,
  }));
  let shuttingDown = false;
  let rolling = false;

  const confFile = path.join(dir, "nginx.conf");
  const writeConf = (): void => fs.writeFileSync(confFile, nginxConfig(dir, replicas));
  writeConf();
  const test = spawnSync(nginxBin, ["-t", "-p", dir, "-c", confFile], { encoding: "utf8" });
  if (test.status !== 0) {
    console.error(`[replicas] nginx refuses the configuration:\n${test.stderr}`);
    process.exit(1);
  }
  const nginx = spawn(nginxBin, ["-p", dir, "-c", confFile, "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
  nginx.on("exit", (code, signal) => {
    if (!shuttingDown) {
      console.error(`[replicas] nginx exited (${signal ?? code}); stopping.`);
      void stopAll(1);
    }
  });

  const startReplica = (r: Replica): void => {
    r.stopping = false;
    r.failures = 0;
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/server.ts"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(r.port),
        HOST: "127.0.0.1",
        INDEX_PATH: r.index,
        WEB_CONCURRENCY: process.env.REPLICA_CONCURRENCY ?? "1",
        ...(r.n > 1 || r.restarts > 0 ? { LCC_NO_SIGNIN_LINK: "1" } : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    r.proc = child;
    const prefix = `[replica ${r.n}] `;
    for (const stream of [child.stdout!, child.stderr!]) {
      let buf = "";
      stream.on("data", (d: Buffer) => {
        buf += d.toString("utf8");
        let nl: number;
        while ((nl = buf.indexOf("\n")) >= 0) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          (stream === child.stderr ? process.stderr : process.stdout).write(prefix + line + "\n");
        }
      });
    }
    child.on("exit", (code, signal) => {
      if (r.proc === child) r.proc = null;
      r.healthy = false;
      if (shuttingDown || r.stopping) return;
      console.error(`[replicas] replica ${r.n} (port ${r.port}) exited (${signal ?? code}): restarting in 1 s (nginx sends its requests to the others meanwhile)`);
      r.restarts += 1;
      setTimeout(() => {
        if (!shuttingDown && !r.proc) startReplica(r);
      }, 1000).unref();
    });
  };

  // Active health checks. nginx is never reloaded for them (a reload closes the clients' idle
  // keep-alive connections, and a request sent at that instant fails on the client's side):
  // a replica that is down refuses connections, which nginx retries on another replica and
  // avoids for fail_timeout; the supervisor restarts a dead replica, and kills (to restart) one
  // that answered before and then fails HUNG_CHECKS checks in a row.
  const HUNG_CHECKS = 5;
  const check = async (): Promise<void> => {
    for (const r of replicas) {
      if (!r.proc || r.stopping) continue;
      const ok = await health(r.port);
      if (ok !== r.healthy) console.log(`[replicas] replica ${r.n} (port ${r.port}) ${ok ? "healthy" : "failing its health check"}`);
      if (ok) r.everHealthy = true;
      r.failures = ok ? 0 : r.failures + 1;
      r.healthy = ok;
      if (!ok && r.everHealthy && r.failures >= HUNG_CHECKS && r.proc) {
        console.error(`[replicas] replica ${r.n} failed ${HUNG_CHECKS} health checks in a row: restarting it`);
        r.everHealthy = false;
        r.proc.kill("SIGKILL");
      }
    }
  };

  for (const r of replicas) startReplica(r);
  const interval = Math.max(100, Number(process.env.HEALTH_INTERVAL_MS) || 1000);
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void check().finally(() => (checking = false));
  }, interval);

  const roll = async (newIndex: string): Promise<string[]> => {
    const log: string[] = [];
    const say = (s: string): void => {
      log.push(s);
      console.log(`[replicas] ${s}`);
    };
    if (!fs.existsSync(newIndex)) throw new Error(`no index at ${newIndex}`);
    for (const r of replicas) {
      const old = r.index;
      say(`replica ${r.n}: stopping (in-flight requests finish; nginx sends new ones to the others)`);
      await stopReplica(r);
      r.index = newIndex;
      startReplica(r);
      if (!(await waitHealthy(r.port, 180_000))) {
        say(`replica ${r.n}: not healthy on ${newIndex}: roll-out stopped, back on ${old}`);
        await stopReplica(r);
        r.index = old;
        startReplica(r);
        r.healthy = await waitHealthy(r.port, 180_000);
        throw new Error(log.join("\n"));
      }
      r.healthy = true;
      say(`replica ${r.n}: serving ${newIndex}`);
      await sleep(SETTLE_MS); // until nginx tries the restarted replica again (see the header)
    }
    say(`roll-out done: ${replicas.length} replica(s) on ${newIndex}`);
    return log;
  };

  const control = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://control");
    if (req.method === "GET" && url.pathname === "/status") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(replicas.map(({ n, port: p, index: i, healthy, restarts, proc }) => ({ n, port: p, index: i, healthy, down: !healthy, restarts, pid: proc?.pid ?? null }))));
      return;
    }
    if (req.method === "POST" && url.pathname === "/roll") {
      if (rolling) {
        res.statusCode = 409;
        res.end("a roll-out is already running\n");
        return;
      }
      rolling = true;
      roll(path.resolve(url.searchParams.get("index") ?? ""))
        .then((log) => res.end(log.join("\n") + "\n"))
        .catch((e: unknown) => {
          res.statusCode = 500;
          res.end(`${e instanceof Error ? e.message : e}\n`);
        })
        .finally(() => (rolling = false));
      return;
    }
    res.statusCode = 404;
    res.end("not found\n");
  });
  control.listen(controlPort, "127.0.0.1");

  const stopAll = async (code = 0): Promise<void> => {
    if (shuttingDown) return;
    shuttingDown = true;
    clearInterval(timer);
    control.close();
    await Promise.all(replicas.map((r) => stopReplica(r)));
    if (nginx.exitCode === null && nginx.pid) {
      process.kill(nginx.pid, "SIGQUIT");
      await new Promise((r) => nginx.once("exit", r));
    }
    process.exit(code);
  };
  process.on("SIGINT", () => void stopAll(0));
  process.on("SIGTERM", () => void stopAll(0));
  console.log(
    `[replicas] nginx on http://127.0.0.1:${port} → ${replicas.length} replica(s) on ports ${replicas.map((r) => r.port).join(", ")}; control on 127.0.0.1:${controlPort}`,
  );
}

async function stopReplica(r: Replica): Promise<void> {
  const p = r.proc;
  if (!p || p.exitCode !== null) return;
  r.stopping = true;
  const exited = new Promise((resolve) => p.once("exit", resolve));
  p.kill("SIGTERM");
  const t = setTimeout(() => p.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(t);
}

function health(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port: p, path: "/api/health", timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(false));
  });
}

async function waitHealthy(p: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await health(p)) return true;
    await sleep(250);
  }
  return false;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function findNginx(): string | null {
  for (const p of [process.env.NGINX_BIN, "/usr/sbin/nginx", "/usr/bin/nginx"]) if (p && fs.existsSync(p)) return p;
  return null;
}

/** nginx's passive health window for a replica that failed a request, in seconds. */
const FAIL_TIMEOUT_S = 2;
/**
 * How long a roll-out waits after a restarted replica is healthy before it stops the next one:
 * nginx compares whole seconds, so the window lasts up to FAIL_TIMEOUT_S + 1 s after the
 * replica's last failed request (which came before it answered its health check); 1 s margin.
 */
const SETTLE_MS = (FAIL_TIMEOUT_S + 2) * 1000;

/** The read-only operations: every method may be retried on another replica. */
const READ_ONLY_OPERATIONS = ["rh_ft_search", "rh_fg_search", "rh_fg_zq_search", "law_vector_search", "hall_detect", "fg_detail", "case_detail", "facet_counts"];

export function nginxConfig(dir: string, replicas: Array<Pick<Replica, "port">>): string {
  const servers = replicas.map((r) => `    server 127.0.0.1:${r.port} max_fails=1 fail_timeout=${FAIL_TIMEOUT_S}s;`).join("\n");
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  return `# generated by scripts/serve-replicas.ts at start
${asRoot ? "user root;\n" : ""}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # the app answers oversized bodies itself (413 in each operation's shape); nginx only past 16 MiB
  client_max_body_size 16m;
  client_body_buffer_size 2m;
  upstream replicas {
    least_conn;
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${process.env.REPLICAS_LISTEN_PORT ?? port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $http_host;
    proxy_connect_timeout 1s;
    proxy_read_timeout 60s;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 3;
    proxy_next_upstream_timeout 30s;
    location ~ ^/open/(${READ_ONLY_OPERATIONS.join("|")})$ {
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_pass http://replicas;
    }
    location / {
      proxy_pass http://replicas;
    }
  }
}
`;
}

// dispatched last: the constants above are initialised by then
if (command === "roll" || command === "status") await client(command);
else if (command === "start") await supervise(Math.max(1, Number(arg(argv, "--replicas") ?? 3)));
else {
  console.error("usage: npm run serve:replicas -- [--replicas N] [--port P] | roll --index PATH [--port P] | status [--port P]");
  process.exit(2);
}
