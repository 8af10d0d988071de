import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answerLease, grantTokens, leaseSize, RateLeases, resetRateLimits, takeToken, type LeaseChannel } from "./rate-limit";

const saved = process.env.RATE_LIMIT; // the test setup turns limits off for the other suites
beforeEach(() => {
  process.env.RATE_LIMIT = "on";
});
afterEach(() => {
  if (saved === undefined) delete process.env.RATE_LIMIT;
  else process.env.RATE_LIMIT = saved;
  delete process.env.RATE_LIMIT_SEARCH;
  resetRateLimits();
});

/** The primary's side, as scripts/server.ts wires it: each lease request answered from the shared buckets. */
const primary: LeaseChannel = async (cls, key, want) => {
  const r = answerLease({ lcc: "rate-lease", id: 1, cls, key, want })!;
  return { granted: r.granted, wait: r.wait };
};

describe("token buckets", () => {
  it("grant up to the burst, then refill at the rate; a refusal says how long to wait", () => {
    process.env.RATE_LIMIT_SEARCH = "2,4";
    const t = 1_000_000;
    expect(grantTokens("SEARCH", "k", 3, t)).toEqual({ granted: 3, wait: 0 });
    expect(grantTokens("SEARCH", "k", 3, t)).toEqual({ granted: 1, wait: 0 }); // what is left
    expect(grantTokens("SEARCH", "k", 1, t)).toEqual({ granted: 0, wait: 1 });
    expect(takeToken("SEARCH", "k", t + 500)).toBe(0); // 0.5 s × 2/s = one token
    expect(takeToken("SEARCH", "other", t)).toBe(0); // another key, another bucket
    expect(leaseSize({ burst: 100 })).toBe(10);
    expect(leaseSize({ burst: 4 })).toBe(1);
  });

  it("answerLease ignores anything that is not a well-formed lease request", () => {
    for (const m of [null, 5, "x", {}, { lcc: "rate-lease" }, { lcc: "rate-lease", id: 1, cls: "NOPE", key: "k", want: 1 }, { lcc: "other", id: 1 }]) {
      expect(answerLease(m)).toBeNull();
    }
  });
});

describe("leases from the primary (the production server's workers)", () => {
  it("a key's limit holds across two workers: together they get the burst, not twice it", async () => {
    process.env.RATE_LIMIT_SEARCH = "1,20";
    const a = new RateLeases(primary);
    const b = new RateLeases(primary);
    let allowed = 0;
    for (let i = 0; i < 80; i++) if ((await (i % 2 ? a : b).take("SEARCH", "shared")) === 0) allowed++;
    expect(allowed).toBeGreaterThanOrEqual(20);
    expect(allowed).toBeLessThanOrEqual(21); // + what the rate refills while the loop runs (per-worker buckets: 40)
  });

  it("leases a tenth of the burst at a time, and concurrent requests share one lease request", async () => {
    process.env.RATE_LIMIT_SEARCH = "50,100";
    let calls = 0;
    const counting: LeaseChannel = async (cls, key, want) => {
      calls++;
      expect(want).toBe(10);
      return primary(cls, key, want);
    };
    const w = new RateLeases(counting);
    const results = await Promise.all(Array.from({ length: 10 }, () => w.take("SEARCH", "k")));
    expect(results.every((r) => r === 0)).toBe(true);
    expect(calls).toBe(1);
    await w.take("SEARCH", "k");
    expect(calls).toBe(2); // the first lease is spent
  });

  it("a refusal carries Retry-After seconds, and a silent primary falls back to this process's bucket", async () => {
    process.env.RATE_LIMIT_SEARCH = "1,1";
    const w = new RateLeases(primary);
    expect(await w.take("SEARCH", "k")).toBe(0);
    expect(await w.take("SEARCH", "k")).toBeGreaterThanOrEqual(1);
    const broken = new RateLeases(async () => {
      throw new Error("channel closed");
    });
    expect(await broken.take("SEARCH", "other")).toBe(0); // local bucket: burst 1
    expect(await broken.take("SEARCH", "other")).toBeGreaterThanOrEqual(1);
  });

  it("RATE_LIMIT=off never asks the primary", async () => {
    process.env.RATE_LIMIT = "off";
    const w = new RateLeases(async () => {
      throw new Error("must not be called");
    });
    expect(await w.take("SEARCH", "k")).toBe(0);
  });
});
