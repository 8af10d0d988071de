// GET /api/health – liveness and index status (no key needed; reveals only counts).
import { getIndex } from "@/lib/store/index-store";

export const dynamic = "force-dynamic";

export function GET(): Response {
  try {
    const meta = getIndex().getMeta();
    return Response.json({ status: "ok", index: { built_at: meta.built_at, regulations: meta.regulations, clauses: meta.clauses, cases: meta.cases } });
  } catch (e) {
    return Response.json({ status: "unavailable", message: e instanceof Error ? e.message : String(e) }, { status: 503 });
  }
}
