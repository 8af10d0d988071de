/**
 * What the server does once at start (called from instrumentation.ts, Node.js runtime only):
 * 1. verifies the index and exits non-zero, naming the file and the rebuild command, when it
 *    is missing, truncated or corrupt — never a half-working server;
 * 2. with DATABASE_URL, applies the keys database's migrations (lib/auth/pg-migrations.ts,
 *    under an advisory lock, so replicas starting together apply them once); an unreachable
 *    database is logged and the server starts anyway (the operations answer 503
 *    AUTH_UNAVAILABLE until it is back; the migrations are retried on first use);
 *    With REDIS_URL the Redis connection is opened here too (rate limits, key changes);
 * 3. prints a one-time sign-in link when no member key exists yet (skipped in tests and when
 *    LCC_NO_SIGNIN_LINK=1).
 */
import { verifyIndex } from "../store/verify-index";

export async function onServerStart(): Promise<void> {
  try {
    const { regulations, clauses } = verifyIndex();
    console.log(`[index] ${regulations} regulations, ${clauses} clauses`);
  } catch (e) {
    console.error(`[index] ${e instanceof Error ? e.message : String(e)}`);
    console.error("[index] refusing to start without a valid index.");
    process.exit(1);
  }

  // with REDIS_URL: connect before the first request, so it is not decided by this replica's own limits
  const { sharedRedis, whenReady } = await import("../auth/redis");
  const redis = sharedRedis();
  if (redis && !(await whenReady(redis, 3000))) console.warn("[redis] not reachable at start: rate limits are this replica's own until it is");

  const { getAuthStore } = await import("../auth/auth-store");
  const store = getAuthStore();
  if (store instanceof (await import("../auth/pg-store")).PgAuthStore) {
    // three tries: the workers' warm-ups can hold the event loop past a connection timeout
    for (let attempt = 1; ; attempt++) {
      try {
        const applied = await store.ready();
        console.log(`[postgres] keys database ready${applied.length ? ` (applied migrations ${applied.join(", ")})` : ""}`);
        break;
      } catch (e) {
        if (attempt < 3) {
          await new Promise((r) => setTimeout(r, 500));
          continue;
        }
        console.error(`[postgres] keys database not reachable at start (${e instanceof Error ? e.message : e}): operations answer 503 until it is`);
        return;
      }
    }
  }

  if (process.env.NODE_ENV === "test" || process.env.LCC_NO_SIGNIN_LINK === "1") return;
  try {
    const { printSigninLink } = await import("../auth/signin-link");
    await printSigninLink();
  } catch (e) {
    console.warn("[signin-link] could not prepare a sign-in link:", e instanceof Error ? e.message : e);
  }
}
