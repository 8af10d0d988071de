/**
 * The details of one citation or case: the hover card's body, and (expanded) the printable
 * report's entries. Links go only to in-app detail pages.
 */
import Link from "next/link";
import { useMemo } from "react";
import { diffChars } from "@/lib/ui/char-diff";
import { inAppDetailHref } from "@/lib/ui/detail-url";
import type { ReviewItem } from "@/lib/ui/review-model";
import { formatSimilarity, keyPointText, VERDICT_HINT } from "@/lib/ui/verdict";
import { validityView } from "@/lib/ui/validity-as-of";
import { DiffText } from "./diff-text";
import { ValidityBadge, VerdictBadge } from "./verdict-badge";

function Fact({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className="flex gap-2">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{value && value.trim() ? value : "—"}</dd>
    </div>
  );
}

/** 「现行有效（数据截至 …）」 once the entry carries `data_as_of` (lib/ui/validity-as-of.ts). */
function validityWithAsOf(sxx: string | undefined, asOf: unknown): string | undefined {
  if (!sxx || typeof asOf !== "string") return sxx;
  const v = validityView(sxx, asOf);
  return `${v.badge}（${v.asOfText}）`;
}

export function CitationCard({ item, compact = false }: { item: ReviewItem; compact?: boolean }) {
  return item.kind === "case" ? <CaseCard item={item} compact={compact} /> : <RegulationCard item={item} compact={compact} />;
}

function RegulationCard({ item, compact }: { item: ReviewItem; compact: boolean }) {
  const r = item.reg!;
  const sc = r.semantic_compare ?? {};
  const href = inAppDetailHref(r.url);
  const diff = useMemo(
    () => (r.content && r.think_tank_content ? diffChars(r.content, r.think_tank_content) : null),
    [r.content, r.think_tank_content],
  );
  const points = (sc.要点 ?? []).map(keyPointText).filter(Boolean);
  const sim = formatSimilarity(sc.语义相似度);
  return (
    <div className="space-y-3 text-sm" data-testid="citation-card" data-verdict={item.verdict}>
      <div className="flex flex-wrap items-start gap-2">
        <h3 className="min-w-0 flex-1 font-semibold leading-snug" data-testid="card-title">{item.label}</h3>
        <VerdictBadge verdict={item.verdict} />
        <ValidityBadge flag={item.validity} />
      </div>
      <p className="text-xs text-muted">{sc.skip_message || VERDICT_HINT[item.verdict]}</p>
      {item.verdict !== "missing" && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
          <Fact label="时效性" value={validityWithAsOf(r.validity_status, (r as unknown as Record<string, unknown>).data_as_of)} />
          <Fact label="施行日期" value={r.implement_date} />
          <Fact label="公布日期" value={r.publish_date} />
          <Fact label="发文字号" value={r.document_number} />
          {sim && <Fact label="相似度" value={sim} />}
        </dl>
      )}
      {r.think_tank_content ? (
        <div>
          <div className="mb-1 text-xs font-medium text-muted">
            权威文本{diff && diff.sourceDiffChars + diff.quoteDiffChars > 0 ? "（标黄处为引文缺少或改动的文字）" : ""}
          </div>
          <div className={`${compact ? "max-h-48 overflow-y-auto" : ""} rounded bg-stone-50 px-3 py-2 font-serif leading-relaxed`} data-testid="card-source">
            {diff ? <DiffText segs={diff.source} side="source" /> : r.think_tank_content}
          </div>
        </div>
      ) : r.think_tank_clause_missing ? (
        <p className="rounded bg-red-50 px-3 py-2 text-red-800">知识库中该法规没有所引的条款{r.clause ? `（${r.clause}）` : ""}。</p>
      ) : item.verdict === "missing" ? (
        <p className="rounded bg-red-50 px-3 py-2 text-red-800">知识库中未找到该法规，请核实名称是否准确。</p>
      ) : null}
      {r.content && (
        <div>
          <div className="mb-1 text-xs font-medium text-muted">
            引文{diff && diff.quoteDiffChars > 0 ? "（删除线为原文中没有的文字）" : ""}
          </div>
          <div className={`${compact ? "max-h-32 overflow-y-auto" : ""} rounded border border-line px-3 py-2 font-serif leading-relaxed`} data-testid="card-quote">
            {diff ? <DiffText segs={diff.quote} side="quote" /> : r.content}
          </div>
        </div>
      )}
      {sc.说明 && <p className="leading-relaxed"><span className="text-muted">说明：</span>{sc.说明}</p>}
      <ExtraFacts entry={r} />
      {points.length > 0 && (
        <div>
          <div className="mb-1 text-xs font-medium text-muted">要点</div>
          <ul className="list-disc space-y-0.5 pl-5" data-testid="card-points">
            {points.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {href && (
        <Link href={href} className="inline-block text-accent underline underline-offset-2" data-testid="card-link" prefetch={false}>
          查看法规全文{r.clause ? `（${r.clause}）` : ""} →
        </Link>
      )}
    </div>
  );
}

interface ReplacedBy {
  fgmc?: string;
  clause?: string;
  url?: string;
  note?: string;
  sxx?: string;
}

/** Our additions beyond the spec (version choice, replacement, ambiguous names), when present. */
function ExtraFacts({ entry }: { entry: Record<string, unknown> }) {
  const note = typeof entry.version_note === "string" ? entry.version_note : "";
  const rb = entry.replaced_by && typeof entry.replaced_by === "object" ? (entry.replaced_by as ReplacedBy) : null;
  const rbHref = rb ? inAppDetailHref(rb.url) : "";
  const candidates = Array.isArray(entry.candidates)
    ? (entry.candidates as { fgid?: unknown; fgmc?: unknown }[]).filter((c) => typeof c.fgid === "string" && typeof c.fgmc === "string")
    : [];
  if (!note && !rb && candidates.length === 0) return null;
  return (
    <div className="space-y-1.5 text-xs leading-relaxed" data-testid="card-extra">
      {note && <p className="text-muted">{note}</p>}
      {rb && (rb.fgmc || rb.note) && (
        <p className="rounded border border-amber-200 bg-amber-50 px-2 py-1.5 text-amber-900">
          现行规定：
          {rbHref ? (
            <Link href={rbHref} prefetch={false} className="underline">《{rb.fgmc}》{rb.clause ?? ""}</Link>
          ) : (
            <span>《{rb.fgmc}》{rb.clause ?? ""}</span>
          )}
          {rb.note ? `（${rb.note}）` : ""}
        </p>
      )}
      {candidates.length > 0 && (
        <div className="text-muted">
          名称也可能指：
          {candidates.slice(0, 5).map((c, i) => (
            <span key={String(c.fgid)}>
              {i > 0 && "、"}
              <Link href={inAppDetailHref(`/zxt/statuteDetail/detailPage/${encodeURIComponent(String(c.fgid))}`)} prefetch={false} className="underline">
                {String(c.fgmc)}
              </Link>
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

function CaseCard({ item, compact }: { item: ReviewItem; compact: boolean }) {
  const c = item.kase!;
  const href = inAppDetailHref(c.url);
  const s = (v: unknown) => (typeof v === "string" ? v : "");
  return (
    <div className="space-y-3 text-sm" data-testid="citation-card" data-verdict={item.verdict}>
      <div className="flex flex-wrap items-start gap-2">
        <h3 className="min-w-0 flex-1 font-semibold leading-snug" data-testid="card-title">{item.label}</h3>
        <VerdictBadge verdict={item.verdict} kind="case" />
      </div>
      {item.verdict === "missing" ? (
        <p className="rounded bg-red-50 px-3 py-2 text-red-800">知识库中未找到该案号，请核实是否准确。</p>
      ) : (
        <>
          {s(c.name) && <p className="font-medium">{s(c.name)}</p>}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
            <Fact label="法院" value={s(c.court)} />
            <Fact label="日期" value={s(c.judgment_date)} />
            <Fact label="案例类型" value={s(c.case_type)} />
          </dl>
          {(s(c.judgment_key_points) || s(c.think_tank_content)) && (
            <div>
              <div className="mb-1 text-xs font-medium text-muted">{s(c.judgment_key_points) ? "裁判要点" : "权威内容摘录"}</div>
              <div className={`${compact ? "max-h-40 overflow-y-auto" : ""} rounded bg-stone-50 px-3 py-2 font-serif leading-relaxed`}>
                {s(c.judgment_key_points) || s(c.think_tank_content)}
              </div>
            </div>
          )}
        </>
      )}
      {href && (
        <Link href={href} className="inline-block text-accent underline underline-offset-2" data-testid="card-link" prefetch={false}>
          查看案例详情 →
        </Link>
      )}
    </div>
  );
}
