/**
 * Content-Security-Policy of the pages (defence in depth beside DOMPurify and the escaping of
 * every server-made fragment). Scripts run only with the per-request nonce (Next.js puts it
 * on its own scripts when the policy arrives on the request, proxy.ts) or when loaded by such
 * a script ('strict-dynamic'); inline event handlers, javascript: URLs and injected inline
 * scripts do not run. Everything else comes from this origin only; no framing, no plugins,
 * no <base> rewriting, forms post only here. Styles allow inline style attributes (React and
 * Radix position hover cards with them); style cannot run script.
 */

/** A fresh nonce: 16 random bytes, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export function contentSecurityPolicy(nonce: string, opts: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // dev: React's debugging tools use eval; production never does
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
