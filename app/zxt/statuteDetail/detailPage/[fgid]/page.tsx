// /zxt/statuteDetail/detailPage/{fgid}[?text={tid}] – one regulation in full, structured, with its versions
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getIndex } from "@/lib/store/index-store";
import type { BodyBlock, RegulationDetail } from "@/lib/store/types";

import { InPageSearch, LoadAfter, LoadBefore } from "@/components/detail/lazy-body";
import { MetaList, SxxBadge } from "@/components/detail/meta-list";
import { BodyBlocks } from "@/components/detail/regulation-body";
import { ScrollToArticle } from "@/components/detail/scroll-to-article";
import { regulationHref } from "@/lib/ui/detail-url";
import { detailWindow } from "@/lib/ui/detail-window";
import { implementDateText, validityView } from "@/lib/ui/validity-as-of";

export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ fgid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const SOURCE_NAME: Record<string, string> = {
  lawrefbook: "LawRefBook 法律法规库",
  dlc: "LawRefBook 地方法规",
  securities: "证券期货法规目录",
  jsonl: "自有知识库（JSONL）",
};

/** 「LawRefBook 法律法规库（数据截至 2025-04-05）」. */
function sourceLine(d: RegulationDetail): string {
  return `${SOURCE_NAME[d.source] ?? d.source}（${d.data_as_of ? `数据截至 ${d.data_as_of}` : "数据截至日期不详"}）`;
}

function decodeParam(v: string): string {
  try {
    return v.includes("%") ? decodeURIComponent(v) : v;
  } catch {
    return v;
  }
}

const loadDetail = cache((fgid: string): RegulationDetail | null => getIndex().getRegulationDetail(fgid));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const fgid = decodeParam((await params).fgid);
  const d = loadDetail(fgid);
  return { title: d ? d.fgmc : "未找到法规" };
}

export default async function RegulationDetailPage({ params, searchParams }: Props) {
  const fgid = decodeParam((await params).fgid);
  const sp = await searchParams;
  const rawText = sp.text;
  const target = (Array.isArray(rawText) ? rawText[0] : rawText) ?? "";
  const rawAt = Array.isArray(sp.at) ? sp.at[0] : sp.at;
  const at = rawAt && /^h-\d+$/.test(rawAt) ? Number(rawAt.slice(2)) : undefined;
  const d = loadDetail(fgid);
  if (!d) notFound();
  // a long text renders a window (around the cited article) and loads the rest on demand
  const win = detailWindow(d.blocks, { target, at });
  const inWindow = (i: number) => i >= win.from && i < win.to;

  const hasTarget = target !== "" && d.blocks.some((b) => b.kind === "clause" && b.tid === target);
  const headings = d.blocks
    .map((b, i) => ({ b, i }))
    .filter((x): x is { b: Extract<BodyBlock, { kind: "heading" }>; i: number } => x.b.kind === "heading");
  const clauseCount = d.blocks.filter((b) => b.kind === "clause").length;

  return (
    <article className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_260px]" data-testid="regulation-detail" data-fgid={d.fgid}>
      <div className="min-w-0">
        <nav aria-label="面包屑" className="mb-3 text-sm text-muted">
          <Link href="/search?mode=fg" className="hover:underline">法规检索</Link>
          <span aria-hidden> / </span>
          <span>{d.xljb_1 || "法规"}</span>
        </nav>
        <header className="border-b border-line pb-5">
          <h1 className="text-2xl font-semibold leading-snug" data-testid="regulation-title">{d.fgmc}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <SxxBadge sxx={d.sxx} asOf={d.data_as_of} />
            {d.xljb_1 && <span className="rounded border border-line bg-white px-1.5 py-0.5 text-xs leading-none text-muted">{d.xljb_1}</span>}
            {clauseCount > 0 && <span className="text-xs text-muted">共 {clauseCount} 条</span>}
          </div>
          <div className="mt-4">
            <MetaList
              testId="regulation-meta"
              items={[
                ["发布机关", d.fbbm],
                ["发文字号", d.fwzh],
                ["效力级别", [d.xljb_1, d.xljb_2].filter(Boolean).join(" · ")],
                ["时效性", d.sxx && `${validityView(d.sxx, d.data_as_of).badge}（${validityView(d.sxx, d.data_as_of).asOfText}）`],
                ["地域", d.location || d.dy],
                ["公布日期", d.fbrq],
                ["施行日期", implementDateText(d.ssrq, d.ssrq_source)],
                ["施行依据", d.ssrq_source],
                ["时效依据", d.sxx_source],
                ["来源", sourceLine(d)],
                ...(d.expiry ? ([["失效日期", d.expiry]] as [string, string][]) : []),
              ]}
            />
          </div>
        </header>

        {target && !hasTarget && d.has_fulltext && (
          <p role="status" className="mt-4 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            本法规中未找到条文编号“{target}”，以下显示全文。
          </p>
        )}
        {hasTarget && <ScrollToArticle targetId={`tid-${target}`} />}

        {d.preamble && (
          <div className="mt-5 whitespace-pre-line rounded bg-stone-50 px-4 py-3 text-sm leading-relaxed text-muted" data-testid="regulation-preamble">
            {d.preamble}
          </div>
        )}

        <div className="mt-6">
          {!d.has_fulltext ? (
            <p className="rounded border border-line bg-white px-4 py-6 text-center text-sm text-muted" data-testid="catalogue-only">
              本知识库仅收录该法规的目录信息，全文未收录。
            </p>
          ) : d.blocks.length === 0 ? (
            <p className="text-sm text-muted">（无正文）</p>
          ) : (
            <div className="font-serif text-[16px] leading-[1.95]" data-testid="regulation-body" data-from={win.from} data-to={win.to} data-total={d.blocks.length}>
              <LoadBefore fgid={d.fgid} count={win.from}>
                {win.context.map((i) => (
                  <BodyBlocks key={i} blocks={[d.blocks[i]!]} base={i} target="" />
                ))}
              </LoadBefore>
              <BodyBlocks blocks={d.blocks.slice(win.from, win.to)} base={win.from} target={hasTarget ? target : ""} />
              <LoadAfter fgid={d.fgid} from={win.to} total={d.blocks.length} />
            </div>
          )}
        </div>
      </div>

      <aside className="space-y-6 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto print:hidden">
        <section aria-labelledby="versions-h" data-testid="versions">
          <h2 id="versions-h" className="mb-2 text-sm font-semibold">版本（{d.versions.length}）</h2>
          <ol className="space-y-1.5 text-sm">
            {d.versions.map((v) => {
              const here = v.fgid === d.fgid;
              return (
                <li key={v.fgid} className={`rounded border px-3 py-2 ${here ? "border-stone-400 bg-white" : "border-line"}`} data-current={v.current ? "1" : undefined}>
                  {here ? (
                    <span aria-current="page" className="font-medium">{v.fbrq || v.ssrq || "日期不详"} 版（本页）</span>
                  ) : (
                    <Link href={regulationHref(v.fgid)} className="font-medium text-accent hover:underline">
                      {v.fbrq || v.ssrq || "日期不详"} 版
                    </Link>
                  )}
                  <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
                    {v.current && <span className="rounded bg-emerald-600 px-1.5 py-0.5 text-white" data-testid="version-current">现行版本</span>}
                    <SxxBadge sxx={v.sxx} asOf={v.data_as_of} />
                    {v.ssrq && <span>施行 {v.ssrq}</span>}
                  </div>
                  {v.fgmc !== d.fgmc && <div className="mt-1 text-xs text-muted">{v.fgmc}</div>}
                </li>
              );
            })}
          </ol>
        </section>
        {d.has_fulltext && d.blocks.length > 0 && <InPageSearch fgid={d.fgid} total={d.blocks.length} />}
        {headings.length > 0 && (
          <nav aria-labelledby="toc-h" className="hidden lg:block">
            <h2 id="toc-h" className="mb-2 text-sm font-semibold">目录</h2>
            <ol className="space-y-1 text-sm">
              {headings.map(({ b, i }) => (
                <li key={i} style={{ paddingLeft: `${Math.max(0, b.level - 1) * 0.9}rem` }}>
                  <a href={inWindow(i) ? `#h-${i}` : `${regulationHref(d.fgid)}?at=h-${i}#h-${i}`} className="text-muted hover:text-ink hover:underline">{b.text}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
      </aside>
    </article>
  );
}
