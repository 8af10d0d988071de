/**
 * First-start convenience for local use, as notebook servers do: when the keys store has no
 * usable member key (or PRINT_SIGNIN_LINK=1), make sure a member key named "local-admin"
 * exists and print a one-time sign-in link (valid 1 hour) to stdout. The clear key of a newly
 * created local-admin is never shown: the link is the only way in, and an operator can always
 * mint a new key with `npm run keys -- create --member`. With several replicas starting at once
 * on one PostgreSQL database, only one of them creates local-admin (the live-name index
 * refuses the others, which then use it).
 */
import { getAuthStore } from "./auth-store";
import { DuplicateKeyNameError, type ApiKeyInfo, type AuthStore } from "./types";

export const LOCAL_ADMIN = "local-admin";

export async function printSigninLink(env: Record<string, string | undefined> = process.env, store: AuthStore = getAuthStore()): Promise<string | null> {
  const today = new Date().toISOString().slice(0, 10);
  const usableOf = (keys: ApiKeyInfo[]) => keys.filter((k) => !k.revoked && !k.blocked && (!k.expires || k.expires >= today));
  const all = await store.list();
  const usable = usableOf(all);
  const hasMember = usable.some((k) => k.tier === "member");
  if (hasMember && env.PRINT_SIGNIN_LINK !== "1") return null;
  let admin = usable.find((k) => k.name === LOCAL_ADMIN && k.tier === "member");
  if (!admin) {
    // names are unique among live keys: a blocked or expired local-admin is the operator's choice
    if (all.some((k) => k.name === LOCAL_ADMIN && !k.revoked)) {
      console.log(`\n  ${LOCAL_ADMIN} 已被停用，未生成登录链接 / ${LOCAL_ADMIN} is blocked or expired: no sign-in link printed\n`);
      return null;
    }
    try {
      admin = (await store.create({ name: LOCAL_ADMIN, tier: "member" })).info;
    } catch (e) {
      if (!(e instanceof DuplicateKeyNameError)) throw e;
      admin = usableOf(await store.list()).find((k) => k.name === LOCAL_ADMIN && k.tier === "member"); // another replica made it
      if (!admin) return null;
    }
  }
  const token = await store.createLoginToken(admin.id, 3600);
  const port = env.PORT || "3000";
  const link = `http://localhost:${port}/signin?token=${token}`;
  console.log(
    [
      "",
      "  本机登录链接（一次性，1 小时内有效）/ One-time sign-in link (valid for 1 hour):",
      `    ${link}`,
      "",
    ].join("\n"),
  );
  return link;
}
