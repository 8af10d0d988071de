// GET /api/regulation-blocks?fgid=…&from=…&to=… – part of a regulation's body, for the detail
// page's load-on-demand (the page renders a window around the cited article first).
import { getIndex } from "@/lib/store/index-store";

export const dynamic = "force-dynamic";

const MAX_BLOCKS = 5_000;

export function GET(req: Request): Response {
  const u = new URL(req.url);
  const fgid = u.searchParams.get("fgid") ?? "";
  const d = fgid ? getIndex().getRegulationDetail(fgid) : null;
  if (!d) return Response.json({ ok: false, message: "未找到法规" }, { status: 404 });
  const total = d.blocks.length;
  const num = (k: string, dflt: number) => {
    const v = Number(u.searchParams.get(k));
    return u.searchParams.has(k) && Number.isInteger(v) && v >= 0 ? Math.min(v, total) : dflt;
  };
  const from = num("from", 0);
  const to = Math.min(num("to", total), from + MAX_BLOCKS);
  return Response.json(
    { ok: true, fgid: d.fgid, from, to: Math.max(from, to), total, blocks: d.blocks.slice(from, Math.max(from, to)) },
    { headers: { "Cache-Control": "private, max-age=300" } },
  );
}
