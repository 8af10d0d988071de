/**
 * Starts the built app with the production server (scripts/server.ts, the one `npm start`
 * and `npm run serve` use: WEB_CONCURRENCY workers under node:cluster) on a free loopback
 * port with a fresh member key, for the HTTP parts of the benchmark. Requires
 * `npx next build` to have been run.
 *
 * Requests go through node:http with a keep-alive agent, not fetch(): the load generator runs
 * on the same small machine, and undici's fetch costs the client several times the CPU per
 * request (measured ~1.5–2 ms vs ~0.3 ms), which the server then does not get.
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import fs from "node:fs";
import path from "node:path";
import { KeysStore } from "../../lib/auth/keys-store";

export interface BenchServer {
  url: string;
  key: string;
  pid: number;
  /** Resident memory of the server in MiB (from /proc): the primary and its workers. */
  rssMiB(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export async function startServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const root = process.cwd();
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("run `npx next build` before the HTTP benchmark");
  const keysDb = path.join(root, "data", "tmp", `bench-keys-${process.pid}.sqlite`);
  fs.mkdirSync(path.dirname(keysDb), { recursive: true });
  const store = new KeysStore(keysDb);
  const { key } = store.create({ tier: "member", name: "bench" });
  store.close();
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "server.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      KEYS_DB: keysDb,
      // as deployed: one access-log line per request is formatted and written (to /dev/null:
      // stdout is ignored); rate limits off, or the load generator's one key would be throttled
      ACCESS_LOG: "on",
      RATE_LIMIT: "off",
      LCC_NO_SIGNIN_LINK: "1",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.status < 500) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error("server did not start within 60 s");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = child.pid!;
  return {
    url,
    key,
    pid,
    rssMiB() {
      return [pid, ...childPids(pid)].reduce((sum, p) => sum + rssOf(p), 0);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(keysDb, { force: true });
      fs.rmSync(`${keysDb}-wal`, { force: true });
      fs.rmSync(`${keysDb}-shm`, { force: true });
    },
  };
}

function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function childPids(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** POSTs JSON (with the key unless it is null) and returns the status (body consumed). */
export function postJson(url: string, key: string | null, body: unknown): Promise<number> {
  const payload = Buffer.from(typeof body === "string" ? body : JSON.stringify(body));
  const headers: Record<string, string | number> = { "content-type": "application/json", "content-length": payload.length };
  if (key !== null) headers["x-api-key"] = key;
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", agent, headers }, (res) => {
      res.on("data", () => undefined);
      res.on("end", () => resolve(res.statusCode ?? -1));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}
