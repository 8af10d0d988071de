/** Latency statistics and a bounded closed-loop load driver for benchmarks. */

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  const i = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[i]!;
}

export interface LatencySummary {
  n: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
}

export function summarize(samplesMs: number[]): LatencySummary {
  const s = [...samplesMs].sort((a, b) => a - b);
  const sum = s.reduce((a, b) => a + b, 0);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), mean: sum / (s.length || 1), max: s[s.length - 1] ?? NaN };
}

export function fmt(s: LatencySummary): string {
  return `n=${s.n} p50=${s.p50.toFixed(2)}ms p99=${s.p99.toFixed(2)}ms mean=${s.mean.toFixed(2)}ms max=${s.max.toFixed(2)}ms`;
}

/** Times `fn` over `iterations` calls (after `warmup` untimed calls), in-process. */
export async function timeInProcess(fn: (i: number) => unknown, iterations: number, warmup = 20): Promise<LatencySummary> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await fn(i);
    samples.push(performance.now() - t);
  }
  return summarize(samples);
}

export interface LoadResult {
  latency: LatencySummary;
  requests: number;
  seconds: number;
  rps: number;
  byStatus: Record<string, number>;
}

/**
 * Runs `concurrency` clients in a closed loop for `durationMs` (and at most `maxRequests`),
 * each calling `request(i)` which resolves to an HTTP status.
 */
export async function loadRun(
  concurrency: number,
  durationMs: number,
  request: (i: number) => Promise<number>,
  maxRequests = 1_000_000,
): Promise<LoadResult> {
  const samples: number[] = [];
  const byStatus: Record<string, number> = {};
  let next = 0;
  const start = performance.now();
  const deadline = start + durationMs;
  async function client(): Promise<void> {
    while (performance.now() < deadline && next < maxRequests) {
      const i = next++;
      const t = performance.now();
      let status: number;
      try {
        status = await request(i);
      } catch {
        status = -1;
      }
      samples.push(performance.now() - t);
      byStatus[String(status)] = (byStatus[String(status)] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - start) / 1000;
  return { latency: summarize(samples), requests: samples.length, seconds, rps: samples.length / seconds, byStatus };
}
