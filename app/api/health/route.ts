// GET /api/health – liveness and index status (no key needed; reveals only counts, never the
// index file's location: a 503 says why in words, the log has the path).
import { getIndex, IndexUnavailableError } from "@/lib/store/index-store";
import { scrubHostDetails } from "@/lib/text/scrub-host";

export const dynamic = "force-dynamic";

export function GET(): Response {
  try {
    const meta = getIndex().getMeta();
    return Response.json({ status: "ok", index: { built_at: meta.built_at, regulations: meta.regulations, clauses: meta.clauses, cases: meta.cases } });
  } catch (e) {
    console.error("[health]", e instanceof Error ? e.message : e);
    const message = e instanceof IndexUnavailableError ? e.publicMessage : scrubHostDetails(e instanceof Error ? e.message : String(e));
    return Response.json({ status: "unavailable", message }, { status: 503 });
  }
}
