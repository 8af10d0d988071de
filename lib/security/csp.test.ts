import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce } from "./csp";

describe("content security policy", () => {
  it("allows scripts only by nonce (and what they load), never inline handlers or eval in production", () => {
    const csp = contentSecurityPolicy("abc123==");
    expect(csp).toContain("script-src 'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toContain("unsafe-eval");
    for (const d of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "connect-src 'self'", "form-action 'self'"]) {
      expect(csp).toContain(d);
    }
    expect(contentSecurityPolicy("n", { dev: true })).toContain("'unsafe-eval'");
  });

  it("nonces are fresh base64 of 16 bytes", () => {
    const a = newNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });
});
