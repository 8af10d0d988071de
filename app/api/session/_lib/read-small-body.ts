/**
 * The body of a session route (sign-in with a key, one-time token), read under
 * SESSION_MAX_BODY_BYTES with lib/api/read-body.ts: a declared Content-Length over the limit is
 * refused before anything is read, a streamed body as soon as it passes the limit (413).
 * Form bodies (urlencoded or multipart) and JSON objects become a plain field map.
 */
import { ApiError } from "@/lib/api/api-error";
import { readBodyText, type BodyChunks } from "@/lib/api/read-body";

/** Largest body of POST /api/session and POST /api/session/token: a key or token and a `next` path. */
export const SESSION_MAX_BODY_BYTES = 8 * 1024;

export type SmallBody = { ok: true; fields: Record<string, unknown> } | { ok: false; status: 400 | 413; message: string };

export async function readSmallBody(req: Request, isJson: boolean): Promise<SmallBody> {
  let text: string;
  try {
    text = await readBodyText(req.body as BodyChunks | null, req.headers.get("content-length"), SESSION_MAX_BODY_BYTES);
  } catch (e) {
    if (e instanceof ApiError && e.code === "PAYLOAD_TOO_LARGE") return { ok: false, status: 413, message: e.message };
    return { ok: false, status: 400, message: "请求体无法解析" };
  }
  try {
    if (isJson) {
      const v: unknown = JSON.parse(text);
      if (v === null || typeof v !== "object" || Array.isArray(v)) return { ok: false, status: 400, message: "请求体无法解析" };
      return { ok: true, fields: v as Record<string, unknown> };
    }
    const form = await new Response(text, { headers: { "content-type": req.headers.get("content-type") ?? "application/x-www-form-urlencoded" } }).formData();
    const fields: Record<string, unknown> = {};
    for (const [k, v] of form) if (!(k in fields) && typeof v === "string") fields[k] = v;
    return { ok: true, fields };
  } catch {
    return { ok: false, status: 400, message: "请求体无法解析" };
  }
}
