// /zxt/caseDetail/{id} – one case with all of its fields
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getIndex } from "@/lib/store/index-store";
import type { CaseRecord } from "@/lib/store/types";
import { MetaList } from "@/components/detail/meta-list";

export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ id: string }>;
}

function decodeParam(v: string): string {
  try {
    return v.includes("%") ? decodeURIComponent(v) : v;
  } catch {
    return v;
  }
}

const loadCase = cache((id: string): CaseRecord | null => getIndex().getCase(id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const c = loadCase(decodeParam((await params).id));
  return { title: c ? c.name || c.case_number || "案例" : "未找到案例" };
}

function Section({ title, text, testId }: { title: string; text: string; testId: string }) {
  if (!text.trim()) return null;
  return (
    <section className="mt-6" aria-labelledby={`${testId}-h`} data-testid={testId}>
      <h2 id={`${testId}-h`} className="mb-2 border-l-4 border-accent pl-2 text-base font-semibold">{title}</h2>
      <div className="whitespace-pre-line font-serif text-[15.5px] leading-[1.9]">{text}</div>
    </section>
  );
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

export default async function CaseDetailPage({ params }: Props) {
  const c = loadCase(decodeParam((await params).id));
  if (!c) notFound();
  const otherNumbers = c.case_numbers.filter((n) => n && n !== c.case_number);
  const sections: [string, string, string][] = [
    ["基本案情", c.basic_facts, "case-facts"],
    ["裁判要点", c.judgment_key_points, "case-key-points"],
    ["裁判结果", c.judgment_result, "case-result"],
    ["裁判分析过程", c.judgment_analysis, "case-analysis"],
    ["典型意义", c.typical_significance, "case-significance"],
    ["案例评析", c.case_commentary, "case-commentary"],
    ["相关法条", c.related_laws, "case-related-laws"],
  ];
  const anySection = sections.some(([, t]) => t.trim());

  return (
    <article className="mx-auto max-w-4xl" data-testid="case-detail">
      <nav aria-label="面包屑" className="mb-3 text-sm text-muted">
        <Link href="/" className="hover:underline">引用核查</Link>
        <span aria-hidden> / </span>
        <span>案例</span>
      </nav>
      <header className="border-b border-line pb-5">
        <h1 className="text-2xl font-semibold leading-snug" data-testid="case-title">{c.name || c.case_number || "（无标题案例）"}</h1>
        <div className="mt-4">
          <MetaList
            testId="case-meta"
            items={[
              ["案号", c.case_number],
              ["法院", c.court],
              ["日期", c.judgment_date],
              ["案例类型", c.case_type],
              ["其他案号", otherNumbers.join("；")],
              ["关键词", c.keywords.join("、")],
            ]}
          />
        </div>
        <div className="mt-3 text-sm">
          <span className="text-muted">来源：</span>
          {c.source_url ? (
            isHttpUrl(c.source_url) ? (
              <a href={c.source_url} rel="noopener noreferrer nofollow" target="_blank" className="break-all text-accent hover:underline">{c.source_url}</a>
            ) : (
              <span className="break-all">{c.source_url}</span>
            )
          ) : (
            <span>{c.source || "—"}</span>
          )}
        </div>
      </header>
      {sections.map(([title, text, id]) => (
        <Section key={id} title={title} text={text} testId={id} />
      ))}
      {c.full_text.trim() &&
        (anySection ? (
          <details className="mt-8 rounded border border-line bg-white px-4 py-3">
            <summary className="cursor-pointer text-sm font-medium">全文</summary>
            <div className="mt-3 whitespace-pre-line font-serif text-[15px] leading-[1.9]">{c.full_text}</div>
          </details>
        ) : (
          <Section title="全文" text={c.full_text} testId="case-full-text" />
        ))}
      {!anySection && !c.full_text.trim() && <p className="mt-6 text-sm text-muted">该案例暂无正文内容。</p>}
    </article>
  );
}
