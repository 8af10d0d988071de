/**
 * API key management: `npm run keys -- <command>`.
 *   create [--member] [--name N] [--expires YYYY-MM-DD]   prints the new key once, on its own line
 *   list                                                   id, name, tier, expiry, state (never the key)
 *   block <id|name> | unblock <id|name>                    blacklist / restore
 *   revoke <id|name>                                       permanent; ends its browser sessions
 *   signin-link [<id|name>] [--base URL]                   one-time browser sign-in link (1 h)
 *   usage [<id|name>] [--days N]                           requests and errors per operation per day
 * Keys live in KEYS_DB (default data/keys.sqlite), apart from the rebuildable index, or in
 * PostgreSQL when DATABASE_URL is set (migrations applied on first use). With REDIS_URL set, a
 * block, unblock or revoke is published to every replica at once (lib/auth/auth-events.ts).
 * Names are unique among keys not revoked (create refuses a taken name, exit 1); a name is
 * accepted wherever an id is only when it names one key (else exit 1 listing the ids).
 */
import { openAuthStore } from "../lib/auth/auth-store";
import { KeysStore } from "../lib/auth/keys-store";
import { settlePublishes } from "../lib/auth/auth-events";
import { closeSharedRedis } from "../lib/auth/redis";
import { AmbiguousKeyNameError, AuthUnavailableError, DuplicateKeyNameError, type AuthStore } from "../lib/auth/types";
import { keysDbPath } from "../lib/config";

function usage(): never {
  console.error(
    "usage: npm run keys -- create [--member] [--name N] [--expires YYYY-MM-DD] | list | block ID | unblock ID | revoke ID | signin-link [ID] [--base URL] | usage [ID] [--days N]",
  );
  process.exit(2);
}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith("--")) {
    console.error(`${name} needs a value`);
    process.exit(2);
  }
  return v;
}

export async function runKeys(argv: string[], store: AuthStore = process.env.DATABASE_URL ? openAuthStore() : new KeysStore(keysDbPath())): Promise<number> {
  try {
    return await runCommand(argv, store);
  } catch (e) {
    if (e instanceof DuplicateKeyNameError || e instanceof AmbiguousKeyNameError) {
      console.error(e.message);
      return 1;
    }
    if (e instanceof AuthUnavailableError) {
      console.error(`${e.message} (DATABASE_URL)`);
      return 1;
    }
    throw e;
  }
}

async function runCommand(argv: string[], store: AuthStore): Promise<number> {
  const [cmd, ...args] = argv;
  switch (cmd) {
    case "create": {
      const expires = flag(args, "--expires");
      if (expires && (!/^\d{4}-\d{2}-\d{2}$/.test(expires) || Number.isNaN(Date.parse(expires)))) {
        console.error("--expires must be a date YYYY-MM-DD");
        return 2;
      }
      const { key, info } = await store.create({ tier: args.includes("--member") ? "member" : "standard", name: flag(args, "--name"), expires });
      console.error(`created key ${info.id} (${info.tier}${info.name ? `, ${info.name}` : ""}${info.expires ? `, expires ${info.expires}` : ""}); it is shown only once:`);
      console.log(key);
      return 0;
    }
    case "list": {
      const rows = await store.list();
      if (rows.length === 0) console.log("(no keys)");
      for (const k of rows) {
        const state = k.revoked ? "revoked" : k.blocked ? "blocked" : k.expires && k.expires < new Date().toISOString().slice(0, 10) ? "expired" : "active";
        console.log([k.id, k.tier.padEnd(8), state.padEnd(7), k.expires || "-", k.name || "-", k.created_at].join("\t"));
      }
      return 0;
    }
    case "block":
    case "unblock":
    case "revoke": {
      const ref = args[0];
      if (!ref) usage();
      const ok = cmd === "revoke" ? await store.revoke(ref) : await store.setBlocked(ref, cmd === "block");
      if (!ok) {
        console.error(`no key ${ref}`);
        return 1;
      }
      console.log(`${cmd === "revoke" ? "revoked" : cmd + "ed"} ${ref}`);
      return 0;
    }
    case "signin-link": {
      const ref = args[0] && !args[0].startsWith("--") ? args[0] : undefined;
      const info = ref ? await store.find(ref) : (await store.list()).find((k) => k.tier === "member" && !k.blocked && !k.revoked);
      if (!info) {
        console.error(ref ? `no key ${ref}` : "no active member key: create one with `npm run keys -- create --member`");
        return 1;
      }
      const base = flag(args, "--base") ?? `http://localhost:${process.env.PORT ?? 3000}`;
      console.log(`${base}/signin?token=${await store.createLoginToken(info.id)}`);
      return 0;
    }
    case "usage": {
      const ref = args[0] && !args[0].startsWith("--") ? args[0] : undefined;
      const daysRaw = flag(args, "--days");
      const days = daysRaw === undefined ? undefined : Number(daysRaw);
      if (days !== undefined && (!Number.isInteger(days) || days <= 0)) {
        console.error("--days must be a positive whole number");
        return 2;
      }
      if (ref && !(await store.find(ref))) {
        console.error(`no key ${ref}`);
        return 1;
      }
      const rows = await store.usage({ ref, days });
      if (rows.length === 0) console.log("(no usage recorded)");
      else console.log(["day", "key", "name", "operation", "requests", "errors"].join("\t"));
      for (const r of rows) console.log([r.day, r.key_id, r.name || "-", r.operation, r.requests, r.errors].join("\t"));
      return 0;
    }
    default:
      usage();
  }
}

if (process.argv[1] && /keys\.ts$/.test(process.argv[1])) {
  const store = process.env.DATABASE_URL ? openAuthStore() : new KeysStore(keysDbPath());
  runKeys(process.argv.slice(2), store)
    .then(async (code) => {
      await settlePublishes();
      await store.close();
      await closeSharedRedis();
      process.exitCode = code;
    })
    .catch(async (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      await closeSharedRedis();
      process.exit(1);
    });
}
