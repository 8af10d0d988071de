/**
 * Real PostgreSQL and Redis for tests (never mocks): a throwaway database per test file,
 * created and dropped here, a random Redis key prefix, and a TCP relay that stands between a
 * client and the server so a test can cut the connection (the server "goes down") and
 * restore it. The servers are the machine's own at 127.0.0.1:5432 (user postgres, trust auth)
 * and 127.0.0.1:6379 (`npm test` installs and starts them when absent: scripts/setup.sh);
 * TEST_PG_ADMIN_URL and TEST_REDIS_URL override, LCC_TEST_DB_PREFIX names the databases.
 */
import net from "node:net";
import { randomBytes } from "node:crypto";
import pg from "pg";

export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export function randomSuffix(): string {
  return randomBytes(5).toString("hex");
}

/** A new empty database; `drop()` ends its connections and drops it. */
export async function createTestDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${process.env.LCC_TEST_DB_PREFIX ?? "lcc_test"}_${randomSuffix()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const base = new URL(PG_ADMIN_URL);
  base.pathname = `/${name}`;
  return {
    name,
    url: base.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** The same URL pointing at another host:port (a relay). */
export function viaPort(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = "127.0.0.1";
  u.port = String(port);
  return u.toString();
}

/**
 * A TCP relay on an ephemeral loopback port to `target`: `cut()` closes the listener and
 * destroys every open connection (the server seems down: refused, reset); `restore()` listens
 * again on the same port.
 */
export class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static forUrl(url: string): Relay {
    const u = new URL(url);
    return new Relay(u.hostname, Number(u.port) || (u.protocol.startsWith("redis") ? 6379 : 5432));
  }

  async start(): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => undefined);
      }
      client.pipe(upstream);
      upstream.pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  async cut(): Promise<void> {
    const s = this.server;
    this.server = null;
    for (const sock of this.sockets) sock.destroy();
    this.sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  restore(): Promise<number> {
    return this.start();
  }
}

/** Polls `f` every 5 ms until it returns true or `ms` pass; resolves to whether it did. */
export async function eventually(f: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await f()) return true;
    if (Date.now() >= end) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
}
