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

export function SxxBadge({ sxx }: { sxx: string }) {
  if (!sxx) return null;
  return (
    <span className={`inline-block rounded border px-1.5 py-0.5 text-xs leading-none ${SXX_STYLE[sxx] ?? "border-line bg-stone-50 text-muted"}`}>
      {sxx}
    </span>
  );
}
