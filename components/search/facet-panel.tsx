"use client";
/**
 * Facets with disjunctive counts (from /open/facet_counts): within a facet the values are
 * OR'ed, so a chosen value's siblings still show how many results they would add.
 */
import { useState } from "react";
import { DY_VALUES, SXX_VALUES, XLJB1_VALUES } from "@/lib/store/types";
import { FACET_LABEL, type FacetField } from "@/lib/ui/search-query";
import type { FacetValue } from "./types";

const ENUMS: Partial<Record<FacetField, readonly string[]>> = { xljb_1: XLJB1_VALUES, sxx: SXX_VALUES, dy: DY_VALUES };
const COLLAPSED = 8;

export function FacetGroup({
  field,
  selected,
  counts,
  countsAvailable,
  loading,
  disabled,
  onToggle,
}: {
  field: FacetField;
  selected: string[];
  counts: FacetValue[] | undefined;
  countsAvailable: boolean;
  loading: boolean;
  disabled?: boolean;
  onToggle: (field: FacetField, value: string, on: boolean) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  let values: FacetValue[];
  if (countsAvailable && counts) {
    const seen = new Set(counts.map((c) => c.value));
    values = [...counts.filter((c) => c.value), ...selected.filter((s) => !seen.has(s)).map((value) => ({ value, count: 0 }))];
    values.sort((a, b) => Number(selected.includes(b.value)) - Number(selected.includes(a.value)) || b.count - a.count);
  } else {
    const base = ENUMS[field] ?? [];
    values = [...new Set([...selected, ...base])].map((value) => ({ value, count: -1 }));
  }
  const shown = expanded ? values : values.slice(0, Math.max(COLLAPSED, selected.length));
  const legendId = `facet-${field}`;
  return (
    <fieldset className="min-w-0 border-b border-line pb-3" disabled={disabled} data-testid={`facet-${field}`} aria-busy={loading}>
      <legend id={legendId} className="mb-1.5 pt-3 text-sm font-semibold">
        {FACET_LABEL[field]}
        {disabled && <span className="ml-2 text-xs font-normal text-muted">（语义检索不支持）</span>}
      </legend>
      {values.length === 0 && <p className="text-xs text-muted">{loading ? "统计中…" : "无"}</p>}
      <ul className={`space-y-0.5 ${loading ? "opacity-60" : ""}`}>
        {shown.map((v) => {
          const on = selected.includes(v.value);
          const id = `f-${field}-${v.value}`;
          return (
            <li key={v.value}>
              <label htmlFor={id} className={`flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-stone-100 ${v.count === 0 && !on ? "text-stone-400" : ""}`}>
                <input
                  id={id}
                  type="checkbox"
                  checked={on}
                  onChange={(e) => onToggle(field, v.value, e.target.checked)}
                  className="h-3.5 w-3.5 accent-[#7a1f1f]"
                  data-testid="facet-option"
                  data-value={v.value}
                />
                <span className="min-w-0 flex-1 truncate" title={v.value}>{v.value}</span>
                {v.count >= 0 && (
                  <span className="text-xs tabular-nums text-muted" data-testid="facet-count" aria-label={`${v.count} 条`}>
                    {!on && selected.length > 0 && v.count > 0 ? `+${v.count}` : v.count}
                  </span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
      {values.length > shown.length || expanded ? (
        <button type="button" onClick={() => setExpanded((e) => !e)} className="mt-1 text-xs text-accent hover:underline" aria-controls={legendId}>
          {expanded ? "收起" : `显示全部（${values.length}）`}
        </button>
      ) : null}
    </fieldset>
  );
}
