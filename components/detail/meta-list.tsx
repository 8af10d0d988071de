import { validityView } from "@/lib/ui/validity-as-of";

/** A definition list of metadata; empty values show as "—". */
export function MetaList({ items, testId }: { items: [label: string, value: string | undefined][]; testId?: string }) {
  return (
    <dl className="grid grid-cols-1 gap-x-8 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label} className="flex gap-3">
          <dt className="w-16 shrink-0 text-muted">{label}</dt>
          <dd className="min-w-0 break-words" data-field={label}>{value && value.trim() ? value : "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

const SXX_STYLE: Record<string, string> = {
  现行有效: "border-emerald-300 bg-emerald-50 text-emerald-800",
  失效: "border-red-300 bg-red-50 text-red-800 line-through",
  已被修改: "border-amber-300 bg-amber-50 text-amber-800",
  部分失效: "border-orange-300 bg-orange-50 text-orange-800",
  尚未生效: "border-sky-300 bg-sky-50 text-sky-800",
};

/**
 * The validity badge. With `asOf` (the source's as-of date, "" when unknown) it is followed by
 * 「数据截至 …」, and a validity more than a year older than today reads 「现行有效（截至 …）」
 * (lib/ui/validity-as-of.ts).
 */
export function SxxBadge({ sxx, asOf }: { sxx: string; asOf?: string }) {
  if (!sxx) return null;
  const view = asOf === undefined ? null : validityView(sxx, asOf);
  return (
    <>
      <span
        className={`inline-block rounded border px-1.5 py-0.5 text-xs leading-none ${SXX_STYLE[sxx] ?? "border-line bg-stone-50 text-muted"}`}
        data-testid="sxx-badge"
        data-stale={view?.stale ? "1" : undefined}
      >
        {view ? view.badge : sxx}
      </span>
      {view && (
        <span className={`text-xs ${view.stale ? "text-amber-700" : "text-muted"}`} data-testid="data-as-of">
          {view.asOfText}
        </span>
      )}
    </>
  );
}
