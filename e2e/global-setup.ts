/**
 * Creates one member key and one standard key in the e2e keys DB (the same file the
 * webServer gets as KEYS_DB) and writes them to data/tmp/e2e-keys.json for the specs.
 */
import fs from "node:fs";
import path from "node:path";
import { KeysStore } from "../lib/auth/keys-store";

export const KEYS_JSON = path.resolve("data/tmp/e2e-keys.json");

export default async function globalSetup(): Promise<void> {
  const dbFile = path.resolve(process.env.E2E_KEYS_DB ?? "data/tmp/e2e-keys.sqlite");
  fs.mkdirSync(path.dirname(dbFile), { recursive: true });
  const store = new KeysStore(dbFile);
  try {
    // names are unique among live keys: this run's keys replace the last run's (revoked by id)
    for (const k of store.list()) if (!k.revoked && (k.name === "e2e 会员" || k.name === "e2e 普通")) store.revoke(k.id);
    const member = store.create({ tier: "member", name: "e2e 会员" }).key;
    const standard = store.create({ tier: "standard", name: "e2e 普通" }).key;
    fs.writeFileSync(KEYS_JSON, JSON.stringify({ member, standard }, null, 2), { mode: 0o600 });
  } finally {
    store.close();
  }
}
