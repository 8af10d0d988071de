// GET /open/openapi.json – the OpenAPI 3.1 document of the JSON API (no key: it is documentation)
import { openApiDocument } from "../_openapi/document";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

let json: string | undefined; // built on the first request, then reused

export function GET(): Response {
  json ??= JSON.stringify(openApiDocument());
  return new Response(json, {
    headers: { "content-type": "application/json", "cache-control": "public, max-age=300", "x-content-type-options": "nosniff" },
  });
}
