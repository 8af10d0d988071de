import { VALIDITY_LABEL, VERDICT_LABEL, type ValidityFlag, type Verdict } from "@/lib/ui/verdict";

export const VERDICT_BADGE: Record<Verdict, string> = {
  consistent: "bg-emerald-50 text-emerald-800 border-emerald-300",
  partial: "bg-amber-50 text-amber-800 border-amber-300",
  inconsistent: "bg-red-50 text-red-800 border-red-300",
  missing: "bg-red-50 text-red-800 border-red-300 border-dashed",
  "name-only": "bg-stone-100 text-stone-700 border-stone-300",
  unknown: "bg-stone-100 text-stone-700 border-stone-300",
};

export const VERDICT_DOT: Record<Verdict, string> = {
  consistent: "bg-emerald-600",
  partial: "bg-amber-500",
  inconsistent: "bg-red-600",
  missing: "bg-red-600",
  "name-only": "bg-stone-400",
  unknown: "bg-stone-400",
};

export function verdictText(verdict: Verdict, kind: "regulation" | "case"): string {
  if (kind === "case") return verdict === "consistent" ? "案号已核实" : "案号未找到";
  return VERDICT_LABEL[verdict];
}

export function VerdictBadge({ verdict, kind = "regulation" }: { verdict: Verdict; kind?: "regulation" | "case" }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded border px-1.5 py-0.5 text-xs leading-none ${VERDICT_BADGE[verdict]}`} data-verdict={verdict}>
      {verdictText(verdict, kind)}
    </span>
  );
}

export function ValidityBadge({ flag }: { flag: ValidityFlag }) {
  if (!flag) return null;
  const cls =
    flag === "repealed" || flag === "partly-repealed"
      ? "bg-red-600 text-white border-red-600 line-through decoration-white/70"
      : flag === "amended"
        ? "bg-amber-100 text-amber-900 border-amber-400"
        : "bg-sky-50 text-sky-800 border-sky-300";
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded border px-1.5 py-0.5 text-xs leading-none ${cls}`} data-validity={flag}>
      {VALIDITY_LABEL[flag]}
    </span>
  );
}
