/** Who is signed in, as the pages show it (never the session token or a key); read from the cookie by app/_lib/server-session.ts. */
import type { Tier } from "@/lib/auth/types";

export interface SessionView {
  name: string;
  tier: Tier;
}
