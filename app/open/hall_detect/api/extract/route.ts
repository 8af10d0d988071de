// POST /open/hall_detect/api/extract – citation check (alias used by some client samples)
export { POST } from "../../route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
