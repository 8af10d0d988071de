/**
 * Starts the built app (`next start`) on a free loopback port with a fresh member key, for
 * the HTTP parts of the benchmark. Requires `npm run build` to have been run.
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import fs from "node:fs";
import path from "node:path";
import { KeysStore } from "../../lib/auth/keys-store";

export interface BenchServer {
  url: string;
  key: string;
  pid: number;
  /** Resident memory of the server process in MiB (from /proc). */
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
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("run `npm run build` before the HTTP benchmark");
  const keysDb = path.join(root, "data", "tmp", `bench-keys-${process.pid}.sqlite`);
  fs.mkdirSync(path.dirname(keysDb), { recursive: true });
  const store = new KeysStore(keysDb);
  const { key } = store.create({ tier: "member", name: "bench" });
  store.close();
  const port = await freePort();
  const child: ChildProcess = spawn(path.join(root, "node_modules", ".bin", "next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...process.env, KEYS_DB: keysDb, ACCESS_LOG: "off", RATE_LIMIT: "off", NODE_ENV: "production", ...env },
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
      try {
        const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
        const m = /VmRSS:\s+(\d+)/.exec(status);
        return m ? Number(m[1]) / 1024 : NaN;
      } catch {
        return NaN;
      }
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(keysDb, { force: true });
      fs.rmSync(`${keysDb}-wal`, { force: true });
      fs.rmSync(`${keysDb}-shm`, { force: true });
    },
  };
}

/** POSTs JSON and returns the status (body consumed). */
export async function postJson(url: string, key: string, body: unknown): Promise<number> {
  const r = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  await r.arrayBuffer();
  return r.status;
}
