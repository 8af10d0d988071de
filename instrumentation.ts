/**
 * Server start hook (Next.js instrumentation). In the Node.js runtime of a running server,
 * prints a one-time sign-in link when no member key exists yet (see
 * app/api/session/_lib/signin-link.ts). Skipped in tests, during `next build`, and when
 * LCC_NO_SIGNIN_LINK=1.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NODE_ENV === "test" || process.env.LCC_NO_SIGNIN_LINK === "1") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  try {
    const { printSigninLink } = await import("./app/api/session/_lib/signin-link");
    printSigninLink();
  } catch (e) {
    console.warn("[signin-link] could not prepare a sign-in link:", e instanceof Error ? e.message : e);
  }
}
