// Per-worker environment for vitest: quiet access log, a throwaway keys DB, no rate limits
// unless a test turns them on.
import os from "node:os";
import path from "node:path";
import fs from "node:fs";

process.env.ACCESS_LOG = "off";
if (!process.env.KEYS_DB_FIXED) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lcc-keys-"));
  process.env.KEYS_DB = path.join(dir, "keys.sqlite");
}
process.env.RATE_LIMIT ??= "off";
