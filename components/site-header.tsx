/** The quiet top bar: product name, the two desks, and who is signed in. */
import Link from "next/link";
import type { SessionView } from "@/lib/ui/session-view";
import { SignOutButton } from "./signout-button";

export function SiteHeader({ session }: { session: SessionView | null }) {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-3 sm:gap-6 md:px-6">
        <Link href="/" className="flex shrink-0 items-center gap-2 whitespace-nowrap text-[15px] font-semibold tracking-wide text-accent" aria-label="法规引用核查（首页）">
          <span aria-hidden className="inline-block h-5 w-1 rounded-sm bg-accent" />
          <span className="hidden md:inline">法规引用核查</span>
        </Link>
        <nav aria-label="主导航" className="flex shrink-0 items-center gap-0.5 whitespace-nowrap text-sm sm:gap-1">
          <Link href="/" className="rounded px-2 py-1.5 text-ink hover:bg-stone-100 sm:px-3" data-testid="nav-review">
            引用核查
          </Link>
          <Link href="/search" className="rounded px-2 py-1.5 text-ink hover:bg-stone-100 sm:px-3" data-testid="nav-search">
            法规检索
          </Link>
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1 text-sm sm:gap-3">
          {session ? (
            <>
              <span className="flex min-w-0 items-center text-muted" data-testid="session-name" title={session.name}>
                <span className="min-w-0 truncate">{session.name}</span>
                <span
                  className={`ml-1 shrink-0 whitespace-nowrap rounded border px-1.5 py-0.5 text-xs sm:ml-2 ${session.tier === "member" ? "border-amber-300 bg-amber-50 text-amber-800" : "border-line bg-stone-50 text-muted"}`}
                  data-testid="session-tier"
                >
                  {session.tier === "member" ? "会员" : "普通"}
                </span>
              </span>
              <SignOutButton />
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
