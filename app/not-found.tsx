import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-md py-16 text-center" data-testid="not-found">
      <p className="text-5xl font-light text-stone-300">404</p>
      <h1 className="mt-4 text-lg font-semibold">未找到该页面</h1>
      <p className="mt-2 text-sm text-muted">知识库中没有这条法规或案例，或链接有误。</p>
      <div className="mt-6 flex justify-center gap-4 text-sm">
        <Link href="/search" className="text-accent underline">去检索</Link>
        <Link href="/" className="text-accent underline">回到首页</Link>
      </div>
    </div>
  );
}
