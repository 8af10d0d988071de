"use client";
/**
 * The review desk (home page): write or paste a draft, check its citations, read the marked
 * result with a side panel, print it or copy it as Markdown.
 * The draft text (only) is kept in localStorage so a reload does not lose it; no key or
 * session material is ever readable here (the session cookie is HttpOnly).
 */
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { OperationError, postOperation } from "@/lib/ui/api-client";
import type { CheckResult } from "@/lib/ui/check-types";
import { buildReviewModel, reportMarkdown } from "@/lib/ui/review-model";
import { sanitizeHighlightedToFragment } from "@/lib/ui/sanitize-html";
import type { Verdict } from "@/lib/ui/verdict";
import { CitationCard } from "./citation-card";
import { HighlightedDraft } from "./highlighted-draft";
import { ReviewPanel, VerdictCounts } from "./review-panel";

export const DRAFT_STORAGE_KEY = "lcc.review.draft.v1";
const CHECK_TIMEOUT_MS = 300_000;
const MAX_CHARS = 100_000;

export interface DeskSession {
  name: string;
  tier: "member" | "standard";
}

interface Checked {
  result: CheckResult;
  text: string;
  at: Date;
}

export function ReviewDesk({ session }: { session: DeskSession | null }) {
  const [text, setText] = useState("");
  const [loaded, setLoaded] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [filter, setFilter] = useState<Set<Verdict>>(new Set());
  const [elapsed, setElapsed] = useState(0);
  const [copyState, setCopyState] = useState<"" | "ok" | "manual">("");
  const [manualMd, setManualMd] = useState("");
  const abortRef = useRef<AbortController | null>(null);
  const resultRef = useRef<HTMLElement | null>(null);

  // restore / persist the draft (text only)
  useEffect(() => {
    try {
      const saved = window.localStorage.getItem(DRAFT_STORAGE_KEY);
      if (saved) setText(saved);
    } catch {
      /* storage disabled */
    }
    setLoaded(true);
  }, []);
  useEffect(() => {
    if (!loaded) return;
    const t = window.setTimeout(() => {
      try {
        if (text) window.localStorage.setItem(DRAFT_STORAGE_KEY, text);
        else window.localStorage.removeItem(DRAFT_STORAGE_KEY);
      } catch {
        /* quota or disabled */
      }
    }, 250);
    return () => window.clearTimeout(t);
  }, [text, loaded]);

  const check = useMutation<CheckResult, Error, string>({
    mutationFn: (draft: string) => {
      abortRef.current?.abort();
      const ctrl = new AbortController();
      abortRef.current = ctrl;
      return postOperation<CheckResult>("/open/hall_detect", { text: draft }, { signal: ctrl.signal, timeoutMs: CHECK_TIMEOUT_MS });
    },
    onSuccess: (result, draft) => {
      setChecked({ result, text: draft, at: new Date() });
      setFilter(new Set());
      window.requestAnimationFrame(() => resultRef.current?.focus());
    },
  });

  useEffect(() => {
    if (!check.isPending) return;
    const started = Date.now();
    setElapsed(0);
    const t = window.setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => window.clearInterval(t);
  }, [check.isPending]);

  const canCheck = session?.tier === "member";
  const submit = useCallback(() => {
    if (!canCheck || check.isPending || !text.trim()) return;
    check.mutate(text);
  }, [canCheck, check, text]);

  const model = useMemo(() => {
    if (!checked) return null;
    const frag = sanitizeHighlightedToFragment(checked.result.highlighted_text ?? "");
    return buildReviewModel(checked.result, frag);
  }, [checked]);

  const toggle = (v: Verdict) =>
    setFilter((f) => {
      const n = new Set(f);
      if (n.has(v)) n.delete(v);
      else n.add(v);
      return n;
    });

  const copyMarkdown = async () => {
    if (!model || !checked) return;
    const md = reportMarkdown(model, {
      requestId: checked.result.request_id,
      checkedAt: checked.at.toLocaleString("zh-CN", { hour12: false }),
      origin: window.location.origin,
    });
    try {
      await navigator.clipboard.writeText(md);
      setCopyState("ok");
      setManualMd("");
      window.setTimeout(() => setCopyState(""), 2500);
    } catch {
      setCopyState("manual");
      setManualMd(md);
    }
  };

  const err = check.error;
  const opErr = err instanceof OperationError ? err : null;
  const cancelled = err instanceof DOMException && err.name === "AbortError";

  return (
    <div className="space-y-6">
      <section aria-labelledby="editor-h" className="print:hidden">
        <div className="mb-2 flex flex-wrap items-end justify-between gap-2">
          <div>
            <h1 id="editor-h" className="text-xl font-semibold">引用核查</h1>
            <p className="mt-1 text-sm text-muted">粘贴或输入文书草稿，核查其中引用的法规条文与案号是否真实、准确、现行有效。</p>
          </div>
        </div>

        {!session && (
          <div role="note" className="mb-3 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="signin-needed">
            请先<Link href="/signin?next=/" className="mx-1 font-medium underline">登录</Link>（会员密钥）后使用引用核查。
          </div>
        )}
        {session && session.tier !== "member" && (
          <div role="note" className="mb-3 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="members-only">
            引用核查仅限会员使用：当前登录的“{session.name}”是普通密钥。可使用<Link href="/search" className="mx-1 underline">法规检索</Link>，或换用会员密钥<Link href="/signin" className="ml-1 underline">重新登录</Link>。
          </div>
        )}

        <label htmlFor="draft" className="sr-only">待审查文稿</label>
        <textarea
          id="draft"
          value={text}
          onChange={(e) => setText(e.target.value.slice(0, MAX_CHARS))}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              submit();
            }
          }}
          rows={14}
          spellCheck={false}
          placeholder={"例如：根据《中华人民共和国民法典》第五百七十七条，当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。"}
          aria-describedby="draft-help"
          className="block min-h-[16rem] w-full resize-y rounded-lg border border-stone-300 bg-white px-4 py-3 font-serif text-[15.5px] leading-relaxed shadow-sm focus:border-stone-500 focus:outline-none focus:ring-2 focus:ring-stone-300"
          data-testid="draft-input"
        />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={submit}
            disabled={!canCheck || check.isPending || !text.trim()}
            className="rounded bg-accent px-5 py-2 text-sm font-medium text-white shadow-sm hover:bg-[#651818] disabled:cursor-not-allowed disabled:opacity-50"
            data-testid="check-button"
          >
            {check.isPending ? "核查中…" : "核查引用"}
          </button>
          <span id="draft-help" className="text-xs text-muted">
            快捷键 Ctrl/⌘ + Enter · 草稿自动保存在本机浏览器 · {text.length.toLocaleString("zh-CN")} 字
          </span>
          {text && !check.isPending && (
            <button type="button" onClick={() => setText("")} className="ml-auto text-xs text-muted underline hover:text-ink">
              清空草稿
            </button>
          )}
        </div>

        <div aria-live="polite" className="mt-3">
          {check.isPending && (
            <div role="status" className="flex items-center gap-3 rounded border border-line bg-white px-3 py-2 text-sm" data-testid="check-progress">
              <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-stone-300 border-t-accent" />
              <span>正在提取引用并与权威文本比对…（已用 {elapsed} 秒）</span>
              <button type="button" onClick={() => abortRef.current?.abort()} className="ml-auto text-xs text-muted underline">
                取消
              </button>
            </div>
          )}
        </div>
        {check.isError && !cancelled && (
          <div role="alert" className="mt-3 rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="check-error">
            {opErr?.membersOnly ? (
              <p data-testid="members-only-error">引用核查仅限会员使用：当前密钥不是会员密钥（HTTP 403）。</p>
            ) : opErr?.unauthenticated ? (
              <p>
                登录已失效或未登录（HTTP {opErr.status}）。请<Link href="/signin?next=/" className="mx-1 underline">重新登录</Link>。
              </p>
            ) : (
              <p>核查失败：{err?.message}</p>
            )}
            {opErr && <p className="mt-1 font-mono text-xs text-red-800" data-testid="error-request-id">请求编号：{opErr.requestId}</p>}
          </div>
        )}
        {cancelled && <p className="mt-3 text-sm text-muted">已取消。</p>}
      </section>

      {checked && model && (
        <section ref={resultRef} tabIndex={-1} aria-labelledby="result-h" className="focus:outline-none" data-testid="review-result">
          <div className="mb-3 flex flex-wrap items-center gap-3 border-b border-line pb-3">
            <h2 id="result-h" className="text-lg font-semibold">核查结果</h2>
            <span className="text-xs text-muted">
              {checked.at.toLocaleString("zh-CN", { hour12: false })}
              {checked.result.request_id && <span className="ml-2 font-mono">#{checked.result.request_id.slice(0, 8)}</span>}
            </span>
            <div className="ml-auto flex items-center gap-2 print:hidden">
              <button type="button" onClick={() => window.print()} className="rounded border border-line bg-white px-3 py-1.5 text-sm hover:bg-stone-50" data-testid="print-report">
                打印报告
              </button>
              <button type="button" onClick={copyMarkdown} className="rounded border border-line bg-white px-3 py-1.5 text-sm hover:bg-stone-50" data-testid="copy-markdown">
                复制 Markdown
              </button>
              <span aria-live="polite" className="text-xs text-emerald-700">{copyState === "ok" ? "已复制" : ""}</span>
            </div>
          </div>
          {checked.text !== text && (
            <p className="mb-3 text-xs text-amber-800 print:hidden">草稿在核查后有改动，以下结果对应核查时的文本。</p>
          )}
          {checked.result.semantic_compare_error && (
            <p role="status" className="mb-3 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              语义比对未完成：{checked.result.semantic_compare_error}（结论可能为“无法判断”）
            </p>
          )}
          {copyState === "manual" && (
            <div className="mb-3 print:hidden">
              <label htmlFor="md-out" className="text-xs text-muted">无法访问剪贴板，请手动复制：</label>
              <textarea id="md-out" readOnly value={manualMd} rows={8} className="mt-1 w-full rounded border border-line p-2 font-mono text-xs" />
            </div>
          )}
          <div className="mb-4">
            <VerdictCounts counts={model.counts} filter={filter} onToggle={toggle} />
          </div>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="min-w-0">
              <h3 className="sr-only">标注后的文稿</h3>
              <HighlightedDraft nodes={model.nodes} />
              <Legend />
            </div>
            <aside aria-label="引用列表" className="lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto print:hidden">
              <ReviewPanel items={model.items} filter={filter} />
            </aside>
          </div>
          <div className="hidden print:block" data-testid="print-report-body">
            <h2 className="mt-8 mb-3 border-b border-line pb-1 text-base font-semibold">逐条核查明细</h2>
            <ol className="space-y-5">
              {model.items.map((it) => (
                <li key={it.key} className="break-inside-avoid">
                  <div className="mb-1 text-xs text-muted">第 {it.n} 条</div>
                  <CitationCard item={it} />
                </li>
              ))}
            </ol>
          </div>
        </section>
      )}
    </div>
  );
}

function Legend() {
  const row = "inline-flex items-center gap-1.5";
  return (
    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted print:hidden" aria-label="颜色说明">
      <span className={row}><span className="cite-mark" data-verdict="consistent">示例</span>一致</span>
      <span className={row}><span className="cite-mark" data-verdict="partial">示例</span>部分一致</span>
      <span className={row}><span className="cite-mark" data-verdict="inconsistent">示例</span>不一致 / 未找到</span>
      <span className={row}><span className="cite-mark" data-verdict="unknown">示例</span>仅引名称 / 无法判断</span>
      <span className={row}><span className="cite-mark" data-verdict="unknown" data-validity="repealed">示例</span>已失效</span>
      <span>悬停或用 Tab 键聚焦标注可查看详情</span>
    </p>
  );
}
