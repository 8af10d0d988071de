"use client";
/** Fallback for a failed server render (e.g. the index is being rebuilt or missing). */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-lg font-semibold">页面加载失败</h1>
      <p className="mt-2 text-sm text-muted">服务暂时不可用（可能正在重建索引），请稍后重试。</p>
      {error.digest && <p className="mt-2 font-mono text-xs text-muted">错误编号：{error.digest}</p>}
      <button type="button" onClick={reset} className="mt-6 rounded border border-line px-4 py-1.5 text-sm hover:bg-stone-50">
        重试
      </button>
    </div>
  );
}
