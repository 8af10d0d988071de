/**
 * The LSA training of the build step (lsa.ts) off the main thread: the ingest hands the clauses
 * to the step before it writes them (`prepare`, lib/store/write-index.ts), so a worker thread
 * tokenises and trains while the main thread writes the index (≈10 s of SQLite work on one
 * core, the tokenising ≈10 s on another). The worker runs the same code as the main thread
 * would (tokenize-pool.ts's tokeniser in one thread, then trainLsa), so the model and the
 * vectors are the same bit for bit; the step checks that the clauses it reads back from the
 * index are the ones the worker was given and otherwise trains in place.
 */
import fs from "node:fs";
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { trainLsa, type LsaDoc, type LsaModel, type LsaOptions } from "./lsa";
import { runModuleWorker, tokenizeAll } from "./tokenize-pool";

/** The clauses to train on, in cid order; titles and chapters as lists of distinct strings (fewer strings to copy). */
export interface LsaInput {
  bodies: string[];
  titles: string[];
  titleOf: Int32Array;
  chapters: string[];
  chapterOf: Int32Array;
}

export interface LsaTrained {
  model: LsaModel;
  vectors: Float32Array;
  /** Time the training took where it ran (tokenising included). */
  ms: number;
  /** CPU time of the thread that trained (Linux; null elsewhere): what it costs an idle machine. */
  cpuMs: number | null;
  threads: number;
}

/** CPU time (user + system) of the calling thread in ms, from /proc (Linux); null where unavailable. */
export function threadCpuMs(): number | null {
  try {
    const f = fs.readFileSync("/proc/thread-self/stat", "utf8");
    const fields = f.slice(f.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

/** The input of `docs` (body, title, chapter in order). */
export function lsaInput(docs: Iterable<LsaDoc>): LsaInput {
  const bodies: string[] = [];
  const titleOf: number[] = [];
  const chapterOf: number[] = [];
  const titles = new Map<string, number>();
  const chapters = new Map<string, number>();
  const idOf = (m: Map<string, number>, s: string) => {
    let id = m.get(s);
    if (id === undefined) m.set(s, (id = m.size));
    return id;
  };
  for (const d of docs) {
    bodies.push(d.body);
    titleOf.push(idOf(titles, d.title));
    chapterOf.push(idOf(chapters, d.chapter));
  }
  return { bodies, titles: [...titles.keys()], titleOf: Int32Array.from(titleOf), chapters: [...chapters.keys()], chapterOf: Int32Array.from(chapterOf) };
}

/** Whether `docs` are exactly the clauses of `input`, in the same order. */
export function sameInput(input: LsaInput, docs: ReadonlyArray<{ content: string; fgmc: string; chapter: string }>): boolean {
  if (docs.length !== input.bodies.length) return false;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i]!;
    if (d.content !== input.bodies[i] || d.fgmc !== input.titles[input.titleOf[i]!] || d.chapter !== input.chapters[input.chapterOf[i]!]) return false;
  }
  return true;
}

/** Tokenises (on `threads` threads, tokenize-pool.ts) and trains here. */
export async function trainLsaHere(input: LsaInput, opts: LsaOptions, threads?: number): Promise<LsaTrained> {
  const t0 = performance.now();
  const c0 = threadCpuMs();
  const tokens = await tokenizeAll(input.bodies, threads);
  const docs: LsaDoc[] = input.bodies.map((body, i) => ({ body, title: input.titles[input.titleOf[i]!]!, chapter: input.chapters[input.chapterOf[i]!]! }));
  const { model, vectors } = trainLsa(docs, opts, tokens);
  const c1 = threadCpuMs();
  return { model, vectors, ms: Math.round(performance.now() - t0), cpuMs: c0 === null || c1 === null ? null : c1 - c0, threads: threads ?? 0 };
}

/** Training started in a worker thread; `result` rejects when the worker cannot run (the caller then trains in place). */
export interface LsaTraining {
  input: LsaInput;
  options: LsaOptions;
  result: Promise<LsaTrained>;
  cancel(): void;
}

export function startLsaTraining(input: LsaInput, options: LsaOptions): LsaTraining {
  const w = runModuleWorker<LsaTrained>(import.meta.url, "lsa-train", { input, options });
  const result = w.result;
  result.catch(() => {}); // handled where awaited; a build that fails before then must not crash on it
  return { input, options, result, cancel: w.cancel };
}

if (!isMainThread && parentPort && (workerData as { role?: string } | null)?.role === "lsa-train") {
  const port = parentPort;
  port.once("message", (m: { input: LsaInput; options: LsaOptions }) => {
    void trainLsaHere(m.input, m.options, 1).then((r) => {
      port.postMessage(r, [r.vectors.buffer as ArrayBuffer, r.model.projection.buffer as ArrayBuffer, r.model.idf.buffer as ArrayBuffer]);
    });
  });
}
