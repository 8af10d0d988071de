/**
 * The details of one citation or case: the hover card's body, and (expanded) the printable
 * report's entries. Links go only to in-app detail pages.
 */
import Link from "next/link";
import { useMemo, type ReactNode } from "react";
import type { RegulationEntry } from "@/lib/ui/check-types";
import { caseScopeText, courtOfCitedNumber } from "@/lib/ui/case-scope";
import { diffChars } from "@/lib/ui/char-diff";
import { inAppDetailHref, regulationHref } from "@/lib/ui/detail-url";
import type { ReviewItem } from "@/lib/ui/review-model";
import { formatSimilarity, keyPointText, VERDICT_HINT } from "@/lib/ui/verdict";
import { useCaseScope } from "./case-scope-context";
import { implementDateText, validityView } from "@/lib/ui/validity-as-of";
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
  // the as-of date once: 「现行有效（数据截至 2024-06-28，已逾一年，效力可能已变化）」
  const v = validityView(sxx, asOf);
  return `${sxx}（${v.asOfText}）`;
}

export function CitationCard({ item, compact = false }: { item: ReviewItem; compact?: boolean }) {
  return item.kind === "case" ? <CaseCard item={item} compact={compact} /> : <RegulationCard item={item} compact={compact} />;
}

/** Whether the draft quotes the clause (a character diff is meaningful only then). */
export function quotesClause(r: RegulationEntry): boolean {
  if (r.claim_style) return r.claim_style === "quote" || r.claim_style === "pasted";
  return Boolean(r.content); // older responses without claim_style
}

/** Marks the 依据 phrases inside a text. */
function withBasis(text: string, phrases: string[]): ReactNode {
  const ps = phrases.filter((p) => p && text.includes(p)).sort((a, b) => b.length - a.length);
  if (!ps.length) return text;
  const re = new RegExp(`(${ps.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "g");
  return text.split(re).map((part, i) => (i % 2 === 1 ? <mark key={i} className="basis">{part}</mark> : <span key={i}>{part}</span>));
}

function RegulationCard({ item, compact }: { item: ReviewItem; compact: boolean }) {
  const r = item.reg!;
  const sc = r.semantic_compare ?? {};
  const href = inAppDetailHref(r.url);
  const source = r.think_tank_content ?? "";
  const scope = r.think_tank_scope && r.think_tank_scope.end > r.think_tank_scope.start && r.think_tank_scope.end <= source.length ? r.think_tank_scope : null;
  const cited = scope ? source.slice(scope.start, scope.end) : source;
  const quoted = quotesClause(r);
  // the sentence as the draft wrote it; claim_text is the compared form (citations and boilerplate cut out:
  // 「与本法不，的」), unreadable on a card — the same choice as the memo (lib/ui/report.ts draftWords)
  const claim = (r.content || r.claim_text || "").trim();
  const diff = useMemo(() => (quoted && r.content && cited ? diffChars(r.content, cited) : null), [quoted, r.content, cited]);
  const points = (sc.要点 ?? []).map(keyPointText).filter(Boolean);
  const basis = (sc.依据 ?? []).filter(Boolean);
  const sim = formatSimilarity(sc.语义相似度);
  const citedNode = diff ? <DiffText segs={diff.source} side="source" /> : withBasis(cited, basis);
  return (
    <div className="space-y-3 text-sm" data-testid="citation-card" data-verdict={item.verdict} data-claim-style={r.claim_style ?? ""}>
      <div className="flex flex-wrap items-start gap-2">
        <h3 className="min-w-0 flex-1 font-semibold leading-snug" data-testid="card-title">{item.label}</h3>
        <VerdictBadge verdict={item.verdict} />
        <ValidityBadge flag={item.validity} />
      </div>
      <p className="text-xs text-muted">{sc.skip_message || VERDICT_HINT[item.verdict]}</p>
      {item.verdict !== "missing" && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
          <Fact label="时效性" value={validityWithAsOf(r.validity_status, r.data_as_of)} />
          <Fact label="施行日期" value={typeof r.implement_date === "string" ? implementDateText(r.implement_date, typeof r.implement_date_source === "string" ? r.implement_date_source : "") : r.implement_date} />
          <Fact label="公布日期" value={r.publish_date} />
          <Fact label="发文字号" value={r.document_number} />
          {sim && quoted && <Fact label="相似度" value={sim} />}
        </dl>
      )}
      {r.wrong_clause && r.wrong_clause.clause && <WrongClauseBox entry={r} />}
      {source ? (
        <div>
          <div className="mb-1 text-xs font-medium text-muted">
            权威文本{scope ? "（底色处为所引款项）" : ""}
            {diff && diff.sourceDiffChars + diff.quoteDiffChars > 0 ? "（标黄处为引文缺少或改动的文字）" : ""}
          </div>
          <div className={`${compact ? "max-h-48 overflow-y-auto" : ""} whitespace-pre-wrap rounded bg-stone-50 px-3 py-2 font-serif leading-relaxed`} data-testid="card-source">
            {scope ? (
              <>
                <span className="diff-context">{source.slice(0, scope.start)}</span>
                <span className="scope-cited" data-testid="card-scope">{citedNode}</span>
                <span className="diff-context">{source.slice(scope.end)}</span>
              </>
            ) : (
              citedNode
            )}
          </div>
        </div>
      ) : r.think_tank_clause_missing ? (
        <p className="rounded bg-red-50 px-3 py-2 text-red-800">知识库中该法规没有所引的条款{r.clause ? `（${r.clause}）` : ""}。</p>
      ) : item.verdict === "missing" ? (
        <p className="rounded bg-red-50 px-3 py-2 text-red-800">知识库中未找到该法规，请核实名称是否准确。</p>
      ) : null}
      {quoted && r.content ? (
        <div>
          <div className="mb-1 text-xs font-medium text-muted">
            引文{diff && diff.quoteDiffChars > 0 ? "（删除线为原文中没有的文字）" : ""}
          </div>
          <div className={`${compact ? "max-h-32 overflow-y-auto" : ""} rounded border border-line px-3 py-2 font-serif leading-relaxed`} data-testid="card-quote">
            {diff ? <DiffText segs={diff.quote} side="quote" /> : r.content}
          </div>
        </div>
      ) : claim && !r.source_no_specific_clause ? (
        <div data-testid="card-claim">
          <div className="mb-1 text-xs font-medium text-muted">文稿所述（{CLAIM_STYLE_LABEL[r.claim_style ?? ""] ?? "未直接引用条文"}，不逐字比对）</div>
          <div className={`${compact ? "max-h-32 overflow-y-auto" : ""} rounded border border-line px-3 py-2 font-serif leading-relaxed`}>{withBasis(claim, basis)}</div>
        </div>
      ) : null}
      {(r.verdict_basis || sc.说明) && (
        <p className="leading-relaxed" data-testid="card-judgment">
          <span className="text-muted">{quoted ? "说明：" : "判断："}</span>
          {r.verdict_basis || sc.说明}
        </p>
      )}
      {basis.length > 0 && (
        <p className="text-xs leading-relaxed" data-testid="card-basis">
          <span className="text-muted">依据：</span>
          {basis.map((b, i) => (
            <span key={i}>
              {i > 0 && "、"}
              <mark className="basis">{b}</mark>
            </span>
          ))}
        </p>
      )}
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

const CLAIM_STYLE_LABEL: Record<string, string> = {
  restatement: "转述条文",
  application: "适用条文",
  bare: "仅列条号",
};

/** The suggested correction when the claim fits another article (suspected wrong number). */
function WrongClauseBox({ entry }: { entry: RegulationEntry }) {
  const wc = entry.wrong_clause!;
  const name = (wc.fgmc || (entry.official_name as string | undefined) || entry.name || "").replace(/^《|》$/g, "");
  const href = inAppDetailHref(wc.url);
  const sim = formatSimilarity(wc.similarity);
  return (
    <div className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950" data-testid="card-wrong-clause">
      <p className="font-medium">
        建议改引：
        {href ? (
          <Link href={href} prefetch={false} className="underline">
            《{name}》{wc.clause}
          </Link>
        ) : (
          <span>
            《{name}》{wc.clause}
          </span>
        )}
        {sim ? <span className="ml-1 text-xs font-normal">（相符度 {sim}）</span> : null}
      </p>
      {wc.note && <p className="mt-1 text-xs">{wc.note}</p>}
      {wc.content && <p className="mt-1 max-h-32 overflow-y-auto font-serif text-xs leading-relaxed">{wc.content}</p>}
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
              <Link href={regulationHref(String(c.fgid))} prefetch={false} className="underline">
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
  const scope = caseScopeText(useCaseScope());
  const court = courtOfCitedNumber(c) || s(c.court);
  return (
    <div className="space-y-3 text-sm" data-testid="citation-card" data-verdict={item.verdict}>
      <div className="flex flex-wrap items-start gap-2">
        <h3 className="min-w-0 flex-1 font-semibold leading-snug" data-testid="card-title">{item.label}</h3>
        <VerdictBadge verdict={item.verdict} kind="case" />
      </div>
      {item.verdict === "missing" ? (
        <div className="rounded bg-red-50 px-3 py-2 text-red-800" data-testid="case-missing">
          <p>知识库中未找到该案号，请核实是否准确。</p>
          {scope && (
            <p className="mt-1 text-xs" data-testid="case-scope">
              检索范围：{scope}。未收录不等于不存在。
            </p>
          )}
        </div>
      ) : (
        <>
          {s(c.name) && <p className="font-medium">{s(c.name)}</p>}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
            <Fact label="法院" value={court} />
            <Fact label="日期" value={s(c.judgment_date)} />
            <Fact label="案例类型" value={s(c.case_type)} />
          </dl>
          {court && s(c.court) && court !== s(c.court) && (
            <p className="text-xs text-muted" data-testid="case-court-note">
              所引案号由{court}作出；案例记载的法院为{s(c.court)}。
            </p>
          )}
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
