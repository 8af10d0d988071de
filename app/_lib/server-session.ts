/**
 * Server-side view of the browser session (for pages and the layout): who is signed in,
 * from the HttpOnly cookie. Never exposes the session token or any key to client code.
 * Lives in app/ because it reads the request through next/headers (lib/ stays framework-free).
 */
import { cookies } from "next/headers";
import { getAuthStore } from "@/lib/auth/auth-store";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import type { SessionView } from "@/lib/ui/session-view";

export type { SessionView } from "@/lib/ui/session-view";

export async function currentSession(): Promise<SessionView | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  try {
    const check = await getAuthStore().checkSession(token);
    if (!check.ok) return null;
    return { name: check.key.name || `密钥 ${check.key.id.slice(0, 6)}`, tier: check.key.tier };
  } catch (e) {
    console.error("[session] keys store unavailable:", e instanceof Error ? e.message : e);
    return null;
  }
}
