/**
 * What the server does once at start (called from instrumentation.ts, Node.js runtime only):
 * 1. verifies the index and exits non-zero, naming the file and the rebuild command, when it
 *    is missing, truncated or corrupt — never a half-working server;
 * 2. prints a one-time sign-in link when no member key exists yet (skipped in tests and when
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

  if (process.env.NODE_ENV === "test" || process.env.LCC_NO_SIGNIN_LINK === "1") return;
  try {
    const { printSigninLink } = await import("../../app/api/session/_lib/signin-link");
    printSigninLink();
  } catch (e) {
    console.warn("[signin-link] could not prepare a sign-in link:", e instanceof Error ? e.message : e);
  }
}
