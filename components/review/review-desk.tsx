"use client";
/**
 * The review desk (home page): write, paste or open (.docx) a draft, check its citations, read
 * the marked result with a side panel, change the reference date and re-check, and take the
 * review away as a Word memo, a printout or Markdown (one structure: lib/ui/report.ts).
 * The draft text (only) is kept in localStorage so a reload does not lose it (lib/ui/local-data.ts);
 * results stay in memory; 退出 clears both. No key or session material is ever readable here.
 */
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { OperationError, postOperation } from "@/lib/ui/api-client";
import { caseScopeText, type CaseCollectionView } from "@/lib/ui/case-scope";
import type { CheckResult } from "@/lib/ui/check-types";
import { DRAFT_MAX_CHARS } from "@/lib/ui/limits";
import { DRAFT_STORAGE_KEY } from "@/lib/ui/local-data";
import { buildReport, reportMarkdown, type Report } from "@/lib/ui/report";
import { buildReviewModel } from "@/lib/ui/review-model";
import { sanitizeHighlightedToFragment } from "@/lib/ui/sanitize-html";
import type { Verdict } from "@/lib/ui/verdict";
import { CaseScopeContext } from "./case-scope-context";
import { HighlightedDraft } from "./highlighted-draft";
import { PrintMemo } from "./print-memo";
import { ReferenceDateControl } from "./reference-date-control";
import { ReviewPanel, VerdictCounts } from "./review-panel";

export { DRAFT_STORAGE_KEY };
const CHECK_TIMEOUT_MS = 300_000;

export interface DeskSession {
  name: string;
  tier: "member" | "standard";
}

interface Checked {
  result: CheckResult;
  text: string;
  at: Date;
}

interface CheckInput {
  text: string;
  /** yyyy-MM-dd chosen by the lawyer, "" = let the check decide. */
  referenceDate: string;
}

const fmt = (n: number) => n.toLocaleString("zh-CN");

/** What the check did not cover, said in words (never a silent limit). */
function noticesOf(r: CheckResult): string[] {
  const out: string[] = [];
  const t = r.truncated;
  if (t) {
    if (t.statutes_found > t.statutes_limit) out.push(`文稿中有 ${fmt(t.statutes_found)} 处法规引用，本次只核查了前 ${fmt(t.statutes_limit)} 处；其余请分段核查。`);
    if (t.cases_found > t.cases_limit) out.push(`文稿中有 ${fmt(t.cases_found)} 个案号，本次只核查了前 ${fmt(t.cases_limit)} 个；其余请分段核查。`);
  }
  const d = r.deadline_exceeded;
  if (d && d.unjudged > 0) out.push(`${fmt(d.unjudged)} 处引用超过核查时限（${(d.deadline_ms / 1000).toFixed(0)} 秒），未作内容比对（结论为“无法判断”）。`);
  return out;
}

export function ReviewDesk({ session, caseCollections = [] }: { session: DeskSession | null; caseCollections?: CaseCollectionView[] }) {
  const [text, setText] = useState("");
  const [loaded, setLoaded] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [filter, setFilter] = useState<Set<Verdict>>(new Set());
  const [elapsed, setElapsed] = useState(0);
  const [copyState, setCopyState] = useState<"" | "ok" | "manual">("");
  const [manualMd, setManualMd] = useState("");
  const [emptyWarn, setEmptyWarn] = useState(false);
  const [fileState, setFileState] = useState<{ kind: "" | "loading" | "ok" | "error"; message: string }>({ kind: "", message: "" });
  const [exporting, setExporting] = useState(false);
  /** The reference date the lawyer chose ("" = automatic); kept for later checks until cleared. */
  const [referenceDate, setReferenceDate] = useState("");
  const abortRef = useRef<AbortController | null>(null);
  const resultRef = useRef<HTMLElement | null>(null);
  const fileRef = useRef<HTMLInputElement | null>(null);

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

  const check = useMutation<CheckResult, Error, CheckInput>({
    mutationFn: ({ text: draft, referenceDate: date }) => {
      abortRef.current?.abort();
      const ctrl = new AbortController();
      abortRef.current = ctrl;
      const body = date ? { text: draft, reference_date: date } : { text: draft };
      return postOperation<CheckResult>("/open/hall_detect", body, { signal: ctrl.signal, timeoutMs: CHECK_TIMEOUT_MS });
    },
    onSuccess: (result, input) => {
      setChecked({ result, text: input.text, at: new Date() });
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
  const tooLong = text.length > DRAFT_MAX_CHARS;
  const submit = useCallback(
    (date: string = referenceDate) => {
      if (!canCheck || check.isPending) return;
      if (!text.trim()) {
        setEmptyWarn(true);
        return;
      }
      if (text.length > DRAFT_MAX_CHARS) return;
      setEmptyWarn(false);
      check.mutate({ text, referenceDate: date });
    },
    [canCheck, check, text, referenceDate],
  );

  const recheckAt = (date: string) => {
    setReferenceDate(date);
    if (!checked || check.isPending) return;
    check.mutate({ text: checked.text, referenceDate: date });
  };

  const model = useMemo(() => {
    if (!checked) return null;
    const frag = sanitizeHighlightedToFragment(checked.result.highlighted_text ?? "");
    return buildReviewModel(checked.result, frag);
  }, [checked]);
  const notices = useMemo(() => (checked ? noticesOf(checked.result) : []), [checked]);

  const report = useCallback((): Report | null => {
    if (!model || !checked) return null;
    return buildReport(model, {
      requestId: checked.result.request_id,
      checkedAt: checked.at.toLocaleString("zh-CN", { hour12: false }),
      origin: window.location.origin,
      referenceDate: checked.result.reference_date ?? null,
      notices,
      caseScope: caseScopeText(caseCollections),
    });
  }, [model, checked, notices, caseCollections]);
  const [printReport, setPrintReport] = useState<Report | null>(null);
  useEffect(() => {
    // the printed memo needs the page's origin: build it after mount
    setPrintReport(report());
  }, [report]);

  const toggle = (v: Verdict) =>
    setFilter((f) => {
      const n = new Set(f);
      if (n.has(v)) n.delete(v);
      else n.add(v);
      return n;
    });

  const copyMarkdown = async () => {
    const rep = report();
    if (!rep) return;
    const md = reportMarkdown(rep);
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

  const exportDocx = async () => {
    const rep = report();
    if (!rep) return;
    setExporting(true);
    try {
      const [{ Packer }, { memoDocument }] = await Promise.all([import("docx"), import("@/lib/ui/docx-memo")]);
      const blob = await Packer.toBlob(memoDocument(rep));
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      const day = (rep.referenceDate?.date ?? new Date().toISOString().slice(0, 10)).replace(/-/g, "");
      a.download = `引用核查备忘录-${day}.docx`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } finally {
      setExporting(false);
    }
  };

  const openFile = async (file: File | undefined) => {
    if (!file) return;
    if (!/\.docx$/i.test(file.name)) {
      setFileState({ kind: "error", message: `无法打开「${file.name}」：只支持 Word 2007 及以后的 .docx 文件（.doc 请先在 Word 中另存为 .docx）。` });
      return;
    }
    setFileState({ kind: "loading", message: `正在读取「${file.name}」…` });
    try {
      const { docxToText } = await import("@/lib/ui/docx-text");
      const body = await docxToText(await file.arrayBuffer());
      setText(body);
      setEmptyWarn(false);
      const paras = body ? body.split("\n").length : 0;
      setFileState({ kind: "ok", message: `已打开「${file.name}」：${fmt(paras)} 段，${fmt(body.length)} 字。` });
    } catch (e) {
      setFileState({ kind: "error", message: `无法读取「${file.name}」：${e instanceof Error ? e.message : String(e)}` });
    } finally {
      if (fileRef.current) fileRef.current.value = "";
    }
  };

  const err = check.error;
  const opErr = err instanceof OperationError ? err : null;
  const cancelled = err instanceof DOMException && err.name === "AbortError";
  const btn = "rounded border border-line bg-white px-3 py-1.5 text-sm hover:bg-stone-50 disabled:opacity-50";

  return (
    <CaseScopeContext.Provider value={caseCollections}>
    <div className="space-y-6">
      <section aria-labelledby="editor-h" className="print:hidden">
        <div className="mb-2 flex flex-wrap items-end justify-between gap-2">
          <div>
            <h1 id="editor-h" className="text-xl font-semibold">引用核查</h1>
            <p className="mt-1 text-sm text-muted">粘贴、输入或打开 Word 文稿，核查其中引用的法规条文与案号是否真实、准确、现行有效。</p>
          </div>
          <div className="flex items-center gap-2">
            <input
              ref={fileRef}
              id="draft-file"
              type="file"
              accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
              className="sr-only"
              onChange={(e) => void openFile(e.target.files?.[0])}
              data-testid="draft-file"
            />
            <label
              htmlFor="draft-file"
              className="cursor-pointer rounded border border-line bg-white px-3 py-1.5 text-sm hover:bg-stone-50 has-[:focus-visible]:outline"
              data-testid="open-docx"
            >
              打开 Word 文件（.docx）
            </label>
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
        {fileState.kind && (
          <p role={fileState.kind === "error" ? "alert" : "status"} className={`mb-2 text-sm ${fileState.kind === "error" ? "text-red-800" : "text-muted"}`} data-testid="file-state">
            {fileState.message}
          </p>
        )}

        <label htmlFor="draft" className="sr-only">待审查文稿</label>
        <textarea
          id="draft"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) setEmptyWarn(false);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              submit();
            }
          }}
          rows={14}
          spellCheck={false}
          placeholder={"例如：根据《中华人民共和国民法典》第五百七十七条，当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。"}
          aria-describedby="draft-help draft-storage"
          aria-invalid={tooLong || emptyWarn || undefined}
          className="block min-h-[12rem] w-full resize-y rounded-lg border border-stone-300 bg-white px-4 py-3 font-serif text-[15.5px] leading-relaxed shadow-sm focus:border-stone-500 focus:outline-none focus:ring-2 focus:ring-stone-300 sm:min-h-[16rem]"
          data-testid="draft-input"
        />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={() => submit()}
            disabled={!canCheck || check.isPending || tooLong}
            className="rounded bg-accent px-5 py-2 text-sm font-medium text-white shadow-sm hover:bg-[#651818] disabled:cursor-not-allowed disabled:opacity-50"
            data-testid="check-button"
          >
            {check.isPending ? "核查中…" : "核查引用"}
          </button>
          <span id="draft-help" className="text-xs text-muted" data-testid="char-count">
            快捷键 Ctrl/⌘ + Enter · {fmt(text.length)} / {fmt(DRAFT_MAX_CHARS)} 字
            {referenceDate && <> · 参照日期 {referenceDate}（手动指定）</>}
          </span>
          {text && !check.isPending && (
            <button type="button" onClick={() => setText("")} className="ml-auto text-xs text-muted underline hover:text-ink">
              清空草稿
            </button>
          )}
        </div>
        <p id="draft-storage" className="mt-1 text-xs text-muted" data-testid="storage-note">
          草稿只保存在本机浏览器（localStorage，供刷新后恢复）；核查结果只在本页内存中，不写入浏览器存储；服务器不保存文稿。点“退出”会清除本机保存的草稿。
        </p>
        {tooLong && (
          <p role="alert" className="mt-2 rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="too-long">
            文稿有 {fmt(text.length)} 字，超过单次核查上限 {fmt(DRAFT_MAX_CHARS)} 字（与接口相同）。请删去 {fmt(text.length - DRAFT_MAX_CHARS)} 字或分段核查；文稿不会被截断。
          </p>
        )}
        {emptyWarn && !text.trim() && (
          <p role="alert" className="mt-2 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="empty-draft">
            文稿为空：请先粘贴、输入或打开 Word 文件，再点“核查引用”。
          </p>
        )}

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
        <section ref={resultRef} tabIndex={-1} aria-labelledby="result-h" className="scroll-mt-20 focus:outline-none print:hidden" data-testid="review-result">
          <div className="mb-3 flex flex-wrap items-center gap-3 border-b border-line pb-3">
            <h2 id="result-h" className="text-lg font-semibold">核查结果</h2>
            <span className="text-xs text-muted">
              {checked.at.toLocaleString("zh-CN", { hour12: false })}
              {checked.result.request_id && <span className="ml-2 font-mono">#{checked.result.request_id.slice(0, 8)}</span>}
            </span>
            <div className="ml-auto flex flex-wrap items-center gap-2" data-testid="export-buttons">
              <button type="button" onClick={() => void exportDocx()} disabled={exporting} className={`${btn} scroll-mt-20`} data-testid="export-docx">
                {exporting ? "正在生成…" : "导出 Word 备忘录"}
              </button>
              <button type="button" onClick={() => window.print()} className={`${btn} scroll-mt-20`} data-testid="print-report">
                打印 / PDF
              </button>
              <button type="button" onClick={copyMarkdown} className={`${btn} scroll-mt-20`} data-testid="copy-markdown">
                复制 Markdown
              </button>
              <span aria-live="polite" className="text-xs text-emerald-700">{copyState === "ok" ? "已复制" : ""}</span>
            </div>
          </div>
          <ReferenceDateControl
            used={checked.result.reference_date ?? null}
            chosen={referenceDate}
            pending={check.isPending}
            onRecheck={recheckAt}
          />
          {checked.text !== text && <p className="mb-3 text-xs text-amber-800">草稿在核查后有改动，以下结果对应核查时的文本。</p>}
          {notices.map((n) => (
            <p key={n} role="status" className="mb-3 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="check-notice">
              {n}
            </p>
          ))}
          {checked.result.semantic_compare_error && (
            <p role="status" className="mb-3 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              语义比对未完成：{checked.result.semantic_compare_error}（结论可能为“无法判断”）
            </p>
          )}
          {copyState === "manual" && (
            <div className="mb-3">
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
            <aside
              aria-label="引用列表"
              className="order-first max-h-[55vh] overflow-y-auto rounded-lg border border-line bg-stone-50/60 p-2 lg:order-none lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:border-0 lg:bg-transparent lg:p-0"
              data-testid="review-aside"
            >
              <ReviewPanel items={model.items} filter={filter} />
            </aside>
          </div>
        </section>
      )}
      {checked && printReport && <PrintMemo report={printReport} />}
    </div>
    </CaseScopeContext.Provider>
  );
}

function Legend() {
  const row = "inline-flex items-center gap-1.5";
  return (
    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label="标注说明">
      <span className={row}><span className="cite-mark" data-verdict="consistent">示例</span>一致（✓）</span>
      <span className={row}><span className="cite-mark" data-verdict="partial">示例</span>部分一致（≈）</span>
      <span className={row}><span className="cite-mark" data-verdict="inconsistent">示例</span>不一致（✗）</span>
      <span className={row}><span className="cite-mark" data-verdict="missing">示例</span>未找到（?，虚线）</span>
      <span className={row}><span className="cite-mark" data-verdict="unknown">示例</span>仅引名称 / 无法判断（·）</span>
      <span className={row}><span className="cite-mark" data-verdict="unknown" data-validity="repealed">示例</span>已失效（删除线）</span>
      <span>悬停或用 Tab 键聚焦标注可查看详情，再按 Tab 进入详情中的链接</span>
    </p>
  );
}
