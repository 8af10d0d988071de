/** Latency statistics and load drivers for benchmarks: closed loop (loadRun) and open loop at a fixed rate (openLoadRun). */
import { monitorEventLoopDelay } from "node:perf_hooks";

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

export interface OpenLoadResult extends LoadResult {
  /** The offered rate (requests scheduled per second). */
  targetRps: number;
  /**
   * The rate actually achieved: requests sent per second over the sending window (first
   * scheduled send to last actual send). Below `targetRps` when the server (or the load
   * generator) could not keep up, i.e. requests waited for a free connection.
   */
  achievedRps: number;
  /**
   * How long requests waited between their scheduled send time and the actual send: queued
   * for a free connection (the server was slow), or the load generator itself was late.
   */
  sendDelay: LatencySummary;
  /**
   * The load generator's own event-loop delay during the run (p99 and max, ms): a large value
   * means the generator (sharing the CPUs with the server) stalled, so part of the measured
   * latency is the client's, not the server's.
   */
  generatorLag: { p99: number; max: number };
}

/**
 * Open-loop load at a fixed offered rate (as wrk2 does): request i is due at
 * start + i × (1000 / ratePerSec) ms, for `durationMs` (and at most `maxRequests` requests),
 * and is sent over at most `connections` concurrent in-flight requests; when all connections
 * are busy, due requests queue (in order) for the next free one. Latency is measured from the
 * SCHEDULED send time to completion, so time spent queueing behind a slow server counts
 * (no coordinated omission: a closed loop would instead slow its sending down and hide it).
 *
 * Scheduling uses setTimeout to the next due time and, on each tick, releases every request
 * that is due by then (due times come from the start time, so timer drift never accumulates
 * and never lowers the rate); nothing busy-waits. Resolves once every request has completed.
 */
export async function openLoadRun(
  connections: number,
  ratePerSec: number,
  durationMs: number,
  request: (i: number) => Promise<number>,
  maxRequests = Infinity,
): Promise<OpenLoadResult> {
  const interval = 1000 / ratePerSec;
  const total = Math.max(0, Math.min(maxRequests, Math.floor(durationMs / interval)));
  const samples: number[] = [];
  const delays: number[] = [];
  const byStatus: Record<string, number> = {};
  const LAG_RESOLUTION_MS = 2; // the histogram's samples include this sampling interval
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  const start = performance.now();
  const dueAt = (i: number): number => start + i * interval;
  let due = 0; // requests whose send time has come (sent or queued)
  let sent = 0; // requests sent (indices below are sent)
  let inFlight = 0;
  let lastSend = start;
  let done = 0;
  await new Promise<void>((resolve) => {
    if (total === 0) return resolve();
    const complete = (t0: number, status: number): void => {
      samples.push(performance.now() - t0);
      byStatus[String(status)] = (byStatus[String(status)] ?? 0) + 1;
      inFlight--;
      if (++done === total) resolve();
      else pump();
    };
    // Sends queued due requests while a connection is free.
    const pump = (): void => {
      while (inFlight < connections && sent < due) {
        const i = sent++;
        const t0 = dueAt(i);
        lastSend = performance.now();
        delays.push(lastSend - t0);
        inFlight++;
        let p: Promise<number>;
        try {
          p = request(i);
        } catch (e) {
          p = Promise.reject(e);
        }
        p.then(
          (status) => complete(t0, status),
          () => complete(t0, -1),
        );
      }
    };
    const tick = (): void => {
      due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
      pump();
      if (due < total) setTimeout(tick, Math.max(0, dueAt(due) - performance.now()));
    };
    tick();
  });
  lag.disable();
  const seconds = (performance.now() - start) / 1000;
  const sendWindow = (lastSend - start) / 1000 + interval / 1000; // n requests span (n-1) intervals, + one
  return {
    latency: summarize(samples),
    requests: samples.length,
    seconds,
    rps: samples.length / (seconds || 1),
    byStatus,
    targetRps: ratePerSec,
    achievedRps: total / (sendWindow || 1),
    sendDelay: summarize(delays),
    generatorLag: {
      p99: Math.max(0, lag.percentile(99) / 1e6 - LAG_RESOLUTION_MS),
      max: Math.max(0, lag.max / 1e6 - LAG_RESOLUTION_MS),
    },
  };
}
