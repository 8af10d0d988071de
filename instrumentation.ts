/**
 * Next.js start hook: in the Node.js runtime of a running server (not during `next build`),
 * verify the index and print the one-time sign-in link (lib/server/on-start.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { onServerStart } = await import("./lib/server/on-start");
    await onServerStart();
  }
}
