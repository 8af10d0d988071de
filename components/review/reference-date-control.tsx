"use client";
/**
 * The date the check judged versions and validity against, with why, and one control to change
 * it and re-check: 「以 2024-05-20 为准：文书落款日期…」 [date] [按此日期重新核查] [恢复自动判断].
 */
import { useEffect, useId, useState } from "react";
import type { ReferenceDate } from "@/lib/ui/check-types";

const BASIS_LABEL: Record<ReferenceDate["basis"], string> = {
  request: "手动指定",
  document_date: "文书日期",
  case_number_year: "案号年份",
  today: "今天",
};

export function ReferenceDateControl({
  used,
  chosen,
  pending,
  onRecheck,
}: {
  used: ReferenceDate | null;
  /** The date the lawyer chose ("" = automatic). */
  chosen: string;
  pending: boolean;
  onRecheck: (date: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(used?.date ?? chosen);
  useEffect(() => setValue(used?.date ?? chosen), [used?.date, chosen]);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return (
    <form
      className="mb-3 rounded border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onRecheck(value);
      }}
      aria-labelledby={`${id}-h`}
      data-testid="reference-date"
    >
      <p id={`${id}-h`} className="leading-relaxed">
        <span className="font-medium">参照日期</span>
        {used ? (
          <>
            {"："}
            <span data-testid="reference-date-note">{used.note || `以 ${used.date} 为准`}</span>
            <span className="ml-2 rounded border border-sky-300 bg-white px-1.5 py-0.5 text-xs" data-testid="reference-date-basis" data-basis={used.basis}>
              依据：{BASIS_LABEL[used.basis] ?? used.basis}
            </span>
          </>
        ) : (
          "：服务未返回参照日期。"
        )}
      </p>
      <p className="mt-1 text-xs text-sky-900">法规版本与时效按此日期判断；诉讼法等程序法按文中写明的立案日期判断，未写明时按此日期。</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-date`} className="text-xs">改为</label>
        <input
          id={`${id}-date`}
          type="date"
          value={value}
          min="1949-10-01"
          max="2099-12-31"
          onChange={(e) => setValue(e.target.value)}
          className="rounded border border-sky-300 bg-white px-2 py-1 text-sm"
          data-testid="reference-date-input"
        />
        <button
          type="submit"
          disabled={pending || !valid}
          className="scroll-mt-20 rounded border border-sky-400 bg-white px-3 py-1 text-sm hover:bg-sky-100 disabled:opacity-50"
          data-testid="reference-date-recheck"
        >
          {pending ? "核查中…" : "按此日期重新核查"}
        </button>
        {chosen && (
          <button type="button" disabled={pending} onClick={() => onRecheck("")} className="text-xs underline disabled:opacity-50" data-testid="reference-date-auto">
            恢复自动判断
          </button>
        )}
      </div>
    </form>
  );
}
