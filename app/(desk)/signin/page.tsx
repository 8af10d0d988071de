// /signin – exchange an API key for a session cookie; /signin?token=… consumes a one-time link.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ClearLocalDataOnMount } from "@/components/signout-button";
import { currentSession } from "@/app/_lib/server-session";

export const metadata: Metadata = { title: "登录" };
export const dynamic = "force-dynamic";

const ERRORS: Record<string, string> = {
  missing: "请输入 API 密钥。",
  unknown: "密钥无效，请检查后重试。",
  expired: "该密钥已过期。",
  blocked: "该密钥已被列入黑名单。",
  revoked: "该密钥已被吊销。",
  unavailable: "登录服务暂不可用：密钥数据库无法连接，请稍后重试。",
  token: "登录链接无效或已使用过（链接只能使用一次，1 小时内有效）。请重启服务获取新链接，或用密钥登录。",
};

function first(v: string | string[] | undefined): string {
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const token = first(sp.token);
  // Cookies can only be set by a route handler: hand the one-time token over to it.
  if (token) redirect(`/api/session/token?token=${encodeURIComponent(token)}`);
  const error = ERRORS[first(sp.error)] ?? (first(sp.error) ? "登录失败。" : "");
  const next = first(sp.next);
  const safeNextValue = next.startsWith("/") && !next.startsWith("//") ? next : "/";
  const session = await currentSession();

  return (
    <div className="mx-auto max-w-md pt-8">
      <h1 className="text-xl font-semibold">登录</h1>
      <p className="mt-2 text-sm leading-relaxed text-muted">
        输入 API 密钥登录。密钥只在本次提交时发送给服务器，换取一个仅服务器可读的会话 Cookie；浏览器脚本不会保存密钥。
      </p>
      {first(sp.signedout) && !session && (
        <p role="status" className="mt-4 rounded border border-line bg-white px-3 py-2 text-sm" data-testid="signed-out">
          <ClearLocalDataOnMount />
          已退出登录，本机浏览器保存的草稿已清除。
        </p>
      )}
      {session && (
        <p role="status" className="mt-4 rounded border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="signed-in-as">
          当前已登录：{session.name}（{session.tier === "member" ? "会员密钥" : "普通密钥"}）。<Link href="/" className="underline">去核查文稿</Link>
        </p>
      )}
      {error && (
        <p role="alert" className="mt-4 rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="signin-error">
          {error}
        </p>
      )}
      <form action="/api/session" method="post" className="mt-6 space-y-4 rounded-lg border border-line bg-white p-5 shadow-sm" data-testid="signin-form">
        <input type="hidden" name="next" value={safeNextValue} />
        <div>
          <label htmlFor="key" className="block text-sm font-medium">API 密钥</label>
          <input
            id="key"
            name="key"
            type="password"
            required
            autoComplete="off"
            spellCheck={false}
            className="mt-1 block w-full rounded border border-stone-300 px-3 py-2 font-mono text-sm focus:border-stone-500"
            placeholder="lk_…"
            data-testid="signin-key"
          />
        </div>
        <button type="submit" className="w-full rounded bg-accent px-4 py-2 text-sm font-medium text-white hover:bg-[#651818]" data-testid="signin-submit">
          登录
        </button>
      </form>
      <div className="mt-6 space-y-2 text-xs leading-relaxed text-muted">
        <p>引用核查仅限会员密钥使用；普通密钥可使用法规检索。</p>
        <p>
          本机首次启动时，服务会在终端打印一次性登录链接（形如 <code>http://localhost:3000/signin?token=…</code>）。
          管理员可用 <code>npm run keys -- create --member --name 姓名</code> 创建密钥。
        </p>
      </div>
    </div>
  );
}
