"use client";
/**
 * The search desk. The URL is the state: every change (mode, keyword, AND/OR, facet, date)
 * pushes a new URL, and the page reads everything back from useSearchParams, so a search is
 * bookmarkable and back/forward replay it. Results and facet counts come from the /open
 * operations via react-query (cached per request body).
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import { OperationError, postOperation } from "@/lib/ui/api-client";
import {
  DATE_FIELDS,
  FACET_FIELDS,
  FACET_LABEL,
  MODE_LABEL,
  MODE_PATH,
  MODES,
  emptyState,
  facetCountsBody,
  hasFilters,
  isRunnable,
  parseSearchParams,
  searchBody,
  toSearchParams,
  unsupportedInMode,
  type DateField,
  type FacetField,
  type Mode,
  type SearchState,
} from "@/lib/ui/search-query";
import { FacetGroup } from "./facet-panel";
import { ClauseResults, RegulationResults, VectorResults } from "./result-list";
import type { ClauseHit, FacetCountsResponse, KeywordResponse, RegulationHit, VectorResponse } from "./types";

/** One meaning per control in every mode (lib/ui/search-query.ts DATE_FIELDS); disabled where a mode cannot apply it. */
const DATE_LABEL: Record<DateField, string> = {
  fbrq_start: "公布日期 起",
  fbrq_end: "公布日期 止",
  ssrq_start: "施行日期 起",
  ssrq_end: "施行日期 止",
  valid_start: "有效期间 起（语义）",
  valid_end: "有效期间 止（语义）",
};

type SearchData =
  | { mode: "ft"; items: ClauseHit[] }
  | { mode: "fg" | "zq"; items: RegulationHit[] }
  | { mode: "vec"; items: NonNullable<VectorResponse["extra"]["fatiao"]> };

export function SearchDesk() {
  const sp = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const urlKey = sp.toString();
  const state = useMemo(() => parseSearchParams(sp), [sp]);
  // Native pushState is integrated with the App Router (useSearchParams updates, back/forward
  // work) and avoids a server round trip for every facet click.
  const go = (next: SearchState) => {
    const url = `${pathname}?${toSearchParams(next).toString()}`;
    if (typeof window !== "undefined" && window.history?.pushState) window.history.pushState(null, "", url);
    else router.push(url, { scroll: false });
  };

  const runnable = isRunnable(state);
  const body = useMemo(() => searchBody(state), [state]);
  const fbody = useMemo(() => facetCountsBody(state), [state]);

  const results = useQuery<SearchData, Error>({
    queryKey: ["search", state.mode, body],
    enabled: runnable,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      if (state.mode === "vec") {
        const r = await postOperation<VectorResponse>(MODE_PATH.vec, body, { signal, timeoutMs: 60_000 });
        return { mode: "vec", items: r.extra?.fatiao ?? [] };
      }
      const r = await postOperation<KeywordResponse<ClauseHit & RegulationHit>>(MODE_PATH[state.mode], body, { signal, timeoutMs: 60_000 });
      return state.mode === "ft" ? { mode: "ft", items: r.data ?? [] } : { mode: state.mode, items: r.data ?? [] };
    },
  });
  const facetsEnabled = fbody !== null && (runnable || state.mode === "fg" || state.mode === "zq");
  const facets = useQuery<FacetCountsResponse, Error>({
    queryKey: ["facets", fbody],
    enabled: facetsEnabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => postOperation<FacetCountsResponse>("/open/facet_counts", fbody, { signal, timeoutMs: 60_000 }),
  });

  const unsupported = unsupportedInMode(state.mode);
  const toggleFacet = (field: FacetField, value: string, on: boolean) => {
    const cur = state[field];
    go({ ...state, [field]: on ? [...cur, value] : cur.filter((v) => v !== value) });
  };
  const setDate = (field: DateField, value: string) => go({ ...state, [field]: value });
  const clearFilters = () => go({ ...emptyState(state.mode), q: state.q, op: state.op, top_k: state.top_k });

  const chips: { label: string; remove: () => void }[] = [];
  if (state.fgmc) chips.push({ label: `法规名称：${state.fgmc}`, remove: () => go({ ...state, fgmc: "" }) });
  for (const f of FACET_FIELDS) for (const v of state[f]) chips.push({ label: `${FACET_LABEL[f]}：${v}`, remove: () => toggleFacet(f, v, false) });
  for (const d of DATE_FIELDS) if (state[d]) chips.push({ label: `${DATE_LABEL[d]}：${state[d]}`, remove: () => setDate(d, "") });

  const err = results.error ?? null;
  const opErr = err instanceof OperationError ? err : null;
  const data = results.data && results.data.mode === state.mode ? results.data : undefined;
  const total = facets.data?.data?.total;
  // what the keyword matched as (concept wordings, words), from the facet counts of the same keyword
  const matched = facets.data && !facets.isPlaceholderData ? facets.data.data?.terms : undefined;

  return (
    <div>
      <h1 className="sr-only">法规检索</h1>
      <div role="radiogroup" aria-label="检索类型" className="mb-4 inline-flex rounded-lg border border-line bg-white p-1" data-testid="mode-switch">
        {MODES.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={state.mode === m}
            onClick={() => state.mode !== m && go({ ...state, mode: m })}
            className={`rounded-md px-4 py-1.5 text-sm ${state.mode === m ? "bg-accent text-white shadow-sm" : "text-ink hover:bg-stone-100"}`}
            data-testid={`mode-${m}`}
          >
            {MODE_LABEL[m]}
          </button>
        ))}
      </div>

      <SearchForm key={urlKey} state={state} onSubmit={go} />

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside id="search-filters" aria-label="筛选" className="scroll-mt-20 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto" data-testid="facets">
          <div className="flex items-center justify-between">
            <h2 className="text-sm font-semibold text-muted">筛选</h2>
            {hasFilters(state) && (
              <button type="button" onClick={clearFilters} className="text-xs text-accent hover:underline" data-testid="clear-filters">
                清除筛选
              </button>
            )}
          </div>
          {state.mode === "vec" && <p className="mt-1 text-xs text-muted">语义检索不提供分面计数。</p>}
          {facets.isError && <p className="mt-1 text-xs text-muted">分面计数暂不可用。</p>}
          <div className="grid grid-cols-2 gap-x-6 md:grid-cols-4 lg:grid-cols-1">
            {FACET_FIELDS.map((f) => (
              <FacetGroup
                key={`${f}-${state.mode}`}
                field={f}
                selected={state[f]}
                counts={facets.data?.data?.facets?.[f]}
                countsAvailable={facetsEnabled && !facets.isError && Boolean(facets.data)}
                loading={facets.isFetching}
                disabled={unsupported.facets.includes(f)}
                onToggle={toggleFacet}
              />
            ))}
          </div>
          <fieldset className="min-w-0 pt-3" data-testid="date-filters">
            <legend className="mb-1.5 text-sm font-semibold">日期范围</legend>
            <div className="grid grid-cols-2 gap-2 md:grid-cols-4 lg:grid-cols-1">
              {DATE_FIELDS.map((d) => (
                <label key={d} className="text-xs text-muted">
                  {DATE_LABEL[d]}
                  <input
                    type="date"
                    value={state[d]}
                    disabled={unsupported.dates.includes(d)}
                    onChange={(e) => setDate(d, e.target.value)}
                    className="mt-0.5 block w-full rounded border border-stone-300 bg-white px-1.5 py-1 text-xs text-ink disabled:opacity-50"
                    data-testid={`date-${d}`}
                  />
                </label>
              ))}
            </div>
          </fieldset>
        </aside>

        {/* on a phone the results come first (the filters follow them; a link jumps there) */}
        <section aria-labelledby="results-h" aria-busy={results.isFetching} className="order-first min-w-0 lg:order-none" data-testid="results-section">
          <h2 id="results-h" className="sr-only">检索结果</h2>
          <a href="#search-filters" className="mb-2 inline-block text-xs text-accent underline lg:hidden" data-testid="jump-filters">
            筛选条件{hasFilters(state) ? `（已选 ${chips.length}）` : ""} ↓
          </a>
          {chips.length > 0 && (
            <ul className="mb-3 flex flex-wrap gap-2" aria-label="已选筛选条件" data-testid="filter-chips">
              {chips.map((c) => (
                <li key={c.label}>
                  <button type="button" onClick={c.remove} className="rounded-full border border-line bg-white px-2.5 py-0.5 text-xs hover:bg-stone-50" aria-label={`移除 ${c.label}`}>
                    {c.label} <span aria-hidden>×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div aria-live="polite" className="mb-2 flex items-center gap-3 text-sm text-muted" data-testid="result-summary">
            {!runnable ? (
              <span>{state.mode === "ft" ? "输入关键词检索法条，多个词用空格分隔。" : state.mode === "vec" ? "用自然语言描述问题，例如“公司拖欠工资怎么办”。" : "输入关键词或选择筛选条件检索法规。"}</span>
            ) : results.isPending ? (
              <span>检索中…</span>
            ) : data ? (
              <span>
                {typeof total === "number" && state.mode !== "vec" ? (
                  <>共 <strong className="text-ink" data-testid="result-total">{total}</strong> 条，显示前 {data.items.length} 条</>
                ) : (
                  <>{data.items.length} 条结果</>
                )}
                {results.isFetching && " · 更新中…"}
              </span>
            ) : null}
          </div>
          {err && (
            <div role="alert" className="mb-3 rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="search-error">
              {opErr?.unauthenticated ? (
                <p>请先<Link href={`/signin?next=${encodeURIComponent(`/search?${urlKey}`)}`} className="mx-1 underline">登录</Link>后检索（HTTP {opErr.status}）。</p>
              ) : (
                <p>检索失败：{err.message}</p>
              )}
              {opErr && <p className="mt-1 font-mono text-xs">请求编号：{opErr.requestId}</p>}
            </div>
          )}
          {data && data.items.length === 0 && !results.isFetching && (
            <p className="rounded border border-line bg-white px-4 py-8 text-center text-sm text-muted" data-testid="no-results">
              没有符合条件的结果。{state.op === "AND" && state.q.trim().includes(" ") ? "可尝试切换为“任一词（OR）”。" : "可尝试减少筛选条件。"}
            </p>
          )}
          {data && data.items.length > 0 && (
            <div className={results.isFetching ? "opacity-60 transition-opacity" : ""}>
              {data.mode === "ft" && <ClauseResults items={data.items} keyword={state.q} matched={matched} />}
              {(data.mode === "fg" || data.mode === "zq") && <RegulationResults items={data.items} keyword={state.q} matched={matched} />}
              {data.mode === "vec" && <VectorResults items={data.items} />}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function SearchForm({ state, onSubmit }: { state: SearchState; onSubmit: (s: SearchState) => void }) {
  const [q, setQ] = useState(state.q);
  const [op, setOp] = useState(state.op);
  const [fgmc, setFgmc] = useState(state.fgmc);
  const [topK, setTopK] = useState(state.top_k);
  const unsupported = unsupportedInMode(state.mode);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ ...state, q: q.trim(), op, fgmc: fgmc.trim(), top_k: topK });
  };
  const isVec = state.mode === "vec";
  return (
    <form onSubmit={submit} role="search" className="rounded-lg border border-line bg-white p-4 shadow-sm" data-testid="search-form">
      <div className="flex flex-wrap gap-2">
        <label htmlFor="q" className="sr-only">{isVec ? "问题" : "关键词"}</label>
        <input
          id="q"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={isVec ? "描述您的法律问题" : "关键词，多个词用空格分隔"}
          className="min-w-0 flex-1 rounded border border-stone-300 px-3 py-2 text-[15px] focus:border-stone-500 focus:outline-none"
          data-testid="search-input"
        />
        <button type="submit" className="rounded bg-accent px-5 py-2 text-sm font-medium text-white hover:bg-[#651818]" data-testid="search-submit">
          检索
        </button>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <fieldset className="flex items-center gap-3" disabled={unsupported.op}>
          <legend className="sr-only">多个关键词的组合方式</legend>
          <span className="text-muted" aria-hidden>组合</span>
          <label className="flex items-center gap-1">
            <input type="radio" name="op" value="AND" checked={op === "AND"} onChange={() => setOp("AND")} className="accent-[#7a1f1f]" data-testid="op-and" />
            全部词（AND）
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" name="op" value="OR" checked={op === "OR"} onChange={() => setOp("OR")} className="accent-[#7a1f1f]" data-testid="op-or" />
            任一词（OR）
          </label>
        </fieldset>
        <label className="flex items-center gap-2">
          <span className="text-muted">法规名称</span>
          <input
            type="text"
            value={fgmc}
            disabled={unsupported.fgmc}
            onChange={(e) => setFgmc(e.target.value)}
            placeholder="如：民法典"
            className="w-40 rounded border border-stone-300 px-2 py-1 text-sm disabled:opacity-50"
            data-testid="fgmc-input"
          />
        </label>
        <label className="flex items-center gap-2">
          <span className="text-muted">每页</span>
          <select value={topK} onChange={(e) => setTopK(Number(e.target.value))} className="rounded border border-stone-300 bg-white px-1.5 py-1 text-sm">
            {[10, 20, 50].map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </select>
        </label>
      </div>
    </form>
  );
}

