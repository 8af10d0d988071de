/** The quiet top bar: product name, the two desks, and who is signed in. */
import Link from "next/link";
import type { SessionView } from "@/lib/ui/server-session";

export function SiteHeader({ session }: { session: SessionView | null }) {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-6 px-4 md:px-6">
        <Link href="/" className="flex items-center gap-2 text-[15px] font-semibold tracking-wide text-accent">
          <span aria-hidden className="inline-block h-5 w-1 rounded-sm bg-accent" />
          法规引用核查
        </Link>
        <nav aria-label="主导航" className="flex items-center gap-1 text-sm">
          <Link href="/" className="rounded px-3 py-1.5 text-ink hover:bg-stone-100" data-testid="nav-review">
            引用核查
          </Link>
          <Link href="/search" className="rounded px-3 py-1.5 text-ink hover:bg-stone-100" data-testid="nav-search">
            法规检索
          </Link>
        </nav>
        <div className="ml-auto flex items-center gap-3 text-sm">
          {session ? (
            <>
              <span className="hidden text-muted sm:inline" data-testid="session-name">
                {session.name}
                <span
                  className={`ml-2 rounded border px-1.5 py-0.5 text-xs ${session.tier === "member" ? "border-amber-300 bg-amber-50 text-amber-800" : "border-line bg-stone-50 text-muted"}`}
                  data-testid="session-tier"
                >
                  {session.tier === "member" ? "会员" : "普通"}
                </span>
              </span>
              <form action="/api/session/signout" method="post">
                <button type="submit" className="rounded px-2 py-1 text-muted hover:bg-stone-100 hover:text-ink" data-testid="signout">
                  退出
                </button>
              </form>
            </>
          ) : (
            <Link href="/signin" className="rounded border border-line px-3 py-1 hover:bg-stone-50" data-testid="signin-link">
              登录
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
