/**
 * API key management: `npm run keys -- <command>`.
 *   create [--member] [--name N] [--expires YYYY-MM-DD]   prints the new key once, on its own line
 *   list                                                   id, name, tier, expiry, state (never the key)
 *   block <id|name> | unblock <id|name>                    blacklist / restore
 *   revoke <id|name>                                       permanent; ends its browser sessions
 *   signin-link [<id|name>] [--base URL]                   one-time browser sign-in link (1 h)
 * Keys live in KEYS_DB (default data/keys.sqlite), apart from the rebuildable index.
 * Names are unique among keys not revoked (create refuses a taken name, exit 1); a name is
 * accepted wherever an id is only when it names one key (else exit 1 listing the ids).
 */
import { AmbiguousKeyNameError, DuplicateKeyNameError, KeysStore } from "../lib/auth/keys-store";
import { keysDbPath } from "../lib/config";

function usage(): never {
  console.error(
    "usage: npm run keys -- create [--member] [--name N] [--expires YYYY-MM-DD] | list | block ID | unblock ID | revoke ID | signin-link [ID] [--base URL]",
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

export function runKeys(argv: string[], store = new KeysStore(keysDbPath())): number {
  try {
    return runCommand(argv, store);
  } catch (e) {
    if (e instanceof DuplicateKeyNameError || e instanceof AmbiguousKeyNameError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
}

function runCommand(argv: string[], store: KeysStore): number {
  const [cmd, ...args] = argv;
  switch (cmd) {
    case "create": {
      const expires = flag(args, "--expires");
      if (expires && (!/^\d{4}-\d{2}-\d{2}$/.test(expires) || Number.isNaN(Date.parse(expires)))) {
        console.error("--expires must be a date YYYY-MM-DD");
        return 2;
      }
      const { key, info } = store.create({ tier: args.includes("--member") ? "member" : "standard", name: flag(args, "--name"), expires });
      console.error(`created key ${info.id} (${info.tier}${info.name ? `, ${info.name}` : ""}${info.expires ? `, expires ${info.expires}` : ""}); it is shown only once:`);
      console.log(key);
      return 0;
    }
    case "list": {
      const rows = store.list();
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
      const ok = cmd === "revoke" ? store.revoke(ref) : store.setBlocked(ref, cmd === "block");
      if (!ok) {
        console.error(`no key ${ref}`);
        return 1;
      }
      console.log(`${cmd === "revoke" ? "revoked" : cmd + "ed"} ${ref}`);
      return 0;
    }
    case "signin-link": {
      const ref = args[0] && !args[0].startsWith("--") ? args[0] : undefined;
      const info = ref ? store.find(ref) : store.list().find((k) => k.tier === "member" && !k.blocked && !k.revoked);
      if (!info) {
        console.error(ref ? `no key ${ref}` : "no active member key: create one with `npm run keys -- create --member`");
        return 1;
      }
      const base = flag(args, "--base") ?? `http://localhost:${process.env.PORT ?? 3000}`;
      console.log(`${base}/signin?token=${store.createLoginToken(info.id)}`);
      return 0;
    }
    default:
      usage();
  }
}

if (process.argv[1] && /keys\.ts$/.test(process.argv[1])) {
  process.exitCode = runKeys(process.argv.slice(2));
}
