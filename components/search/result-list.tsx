"use client";
/** Result rows per mode; each links to the detail page (at the article for clauses). */
import Link from "next/link";
import { SxxBadge } from "@/components/detail/meta-list";
import { implementDateText } from "@/lib/ui/validity-as-of";
import { inAppDetailHref, regulationHref, tidFromClauseId } from "@/lib/ui/detail-url";
import { highlightTerms, mergeTerms, termsOf } from "@/lib/ui/highlight-terms";
import { sanitizeEm } from "@/lib/ui/sanitize-html";
import type { ClauseHit, RegulationHit, VectorHit } from "./types";

function Highlighted({ text, terms }: { text: string; terms: string[] }) {
  return (
    <>
      {highlightTerms(text, terms).map((s, i) =>
        s.hit ? (
          <mark key={i} className="term">{s.text}</mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}

function Meta({ parts }: { parts: (string | undefined)[] }) {
  const xs = parts.filter((p): p is string => Boolean(p && p.trim()));
  return <p className="mt-1 text-xs text-muted">{xs.join(" · ")}</p>;
}

const row = "border-b border-line py-4";

/** `matched`: what the keyword matched as (facet_counts `terms`: concept wordings, words), marked beside the keyword's own terms. */
export function ClauseResults({ items, keyword, matched }: { items: ClauseHit[]; keyword: string; matched?: readonly string[] }) {
  const terms = mergeTerms(termsOf(keyword), matched);
  return (
    <ol data-testid="results">
      {items.map((h) => {
        const href = inAppDetailHref(h.url) || regulationHref(h.fgid, h.tid);
        return (
          <li key={h.id} className={row} data-testid="result-item">
            <div className="flex flex-wrap items-baseline gap-2">
              <Link href={href} prefetch={false} className="font-medium text-accent hover:underline" data-testid="result-link">
                《<Highlighted text={h.fgmc} terms={terms} />》{h.ft_num}
              </Link>
              <SxxBadge sxx={h.sxx ?? ""} asOf={h.data_as_of ?? ""} />
            </div>
            <p className="mt-1.5 font-serif text-[15px] leading-relaxed" data-testid="result-content">
              <Highlighted text={h.content} terms={terms} />
            </p>
            <Meta parts={[h.xljb_1, h.dy, h.fbbm, h.ssrq && `施行 ${implementDateText(h.ssrq, h.implement_date_source)}`]} />
          </li>
        );
      })}
    </ol>
  );
}

export function RegulationResults({ items, keyword, matched }: { items: RegulationHit[]; keyword: string; matched?: readonly string[] }) {
  const terms = mergeTerms(termsOf(keyword), matched);
  return (
    <ol data-testid="results">
      {items.map((h) => {
        const href = inAppDetailHref(h.url) || regulationHref(h.id);
        const frag = h.content ? sanitizeEm(h.content) : "";
        return (
          <li key={h.id} className={row} data-testid="result-item">
            <div className="flex flex-wrap items-baseline gap-2">
              <Link href={href} prefetch={false} className="font-medium text-accent hover:underline" data-testid="result-link">
                <Highlighted text={h.fgmc} terms={terms} />
              </Link>
              <SxxBadge sxx={h.sxx ?? ""} asOf={h.data_as_of ?? ""} />
            </div>
            {frag && (
              <p className="hl-em mt-1.5 font-serif text-[15px] leading-relaxed" data-testid="result-content" dangerouslySetInnerHTML={{ __html: frag }} />
            )}
            <Meta parts={[h.xljb_1, h.dy, h.fbbm, h.fwzh, h.fbrq && `公布 ${h.fbrq}`, h.ssrq && `施行 ${implementDateText(h.ssrq, h.implement_date_source)}`]} />
          </li>
        );
      })}
    </ol>
  );
}

function fmtDate(n: number | undefined): string {
  if (!n || !Number.isFinite(n)) return "";
  const s = String(n);
  return s.length === 8 ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}` : "";
}

export function VectorResults({ items }: { items: VectorHit[] }) {
  return (
    <ol data-testid="results">
      {items.map((h, i) => {
        const title = Array.isArray(h.fgtitle) ? h.fgtitle.join("") : h.fgtitle;
        const tid = tidFromClauseId(h.ftid, h.fgid);
        return (
          <li key={`${h.ftid}-${i}`} className={row} data-testid="result-item">
            <div className="flex flex-wrap items-baseline gap-2">
              <Link href={regulationHref(h.fgid, tid || undefined)} prefetch={false} className="font-medium text-accent hover:underline" data-testid="result-link">
                《{title}》{h.num}
              </Link>
              <SxxBadge sxx={h.sxx ?? ""} asOf={h.data_as_of ?? ""} />
              {typeof h.score === "number" && <span className="text-xs tabular-nums text-muted">相关度 {h.score.toFixed(3)}</span>}
            </div>
            <p className="mt-1.5 font-serif text-[15px] leading-relaxed" data-testid="result-content">{h.content}</p>
            <Meta parts={[h.effect1, h.location || h.dy, fmtDate(h.start) && `施行 ${fmtDate(h.start)}`]} />
          </li>
        );
      })}
    </ol>
  );
}
