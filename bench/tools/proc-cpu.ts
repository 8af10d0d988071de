/**
 * CPU time of processes from /proc (Linux), for the HTTP CPU tools (keyword-http-cpu.ts,
 * semantic-http-cpu.ts): a process's utime + stime, and its direct children (the server's workers).
 */
import fs from "node:fs";

const TICK = 100; // clock ticks per second (getconf CLK_TCK)

/** utime + stime of `pid` in ms (clock-tick resolution: 10 ms). */
export function cpuMs(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICK;
}

/** The direct children of `pid` (every thread's). */
export function children(pid: number): number[] {
  return fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);
}

/**
 * Measures `run` (which makes `requests` requests): the CPU the server's primary, each worker and
 * this process (the load generator) spent on it, printed per request, and the throughput the two
 * cores would allow if CPU were all that bound it.
 */
export async function cpuPerRequest(serverPid: number, run: () => Promise<{ requests: number }>): Promise<{ serverMs: number; generatorMs: number }> {
  const pids = [serverPid, ...children(serverPid)];
  const before = pids.map(cpuMs);
  const self0 = process.cpuUsage();
  const { requests } = await run();
  const self = process.cpuUsage(self0);
  const after = pids.map(cpuMs);
  let total = 0;
  pids.forEach((p, i) => {
    const ms = after[i]! - before[i]!;
    total += ms;
    console.log(`  ${i === 0 ? "primary" : `worker ${p}`}: ${(ms / requests).toFixed(3)} ms CPU/request`);
  });
  const gen = (self.user + self.system) / 1000;
  console.log(`  load generator: ${(gen / requests).toFixed(3)} ms CPU/request`);
  console.log(`  server total ${(total / requests).toFixed(3)} ms, all ${((total + gen) / requests).toFixed(3)} ms CPU/request (2 cores: ${((2000 * requests) / (total + gen)).toFixed(0)} req/s if CPU-bound)`);
  return { serverMs: total / requests, generatorMs: gen / requests };
}
