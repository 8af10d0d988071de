/**
 * Next.js proxy (runs before every page request): a fresh nonce and the pages' Content-
 * Security-Policy (lib/security/csp.ts). The policy is put on the request too, which is how
 * Next.js learns the nonce and puts it on its own scripts; the pages are rendered per request
 * anyway (the root layout reads the session cookie). The JSON operations, the session API and
 * static files are not matched: they return no HTML.
 */
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, newNonce } from "@/lib/security/csp";

export function proxy(request: NextRequest): NextResponse {
  const nonce = newNonce();
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", csp);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!open/|api/|_next/static|_next/image|favicon.svg).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
