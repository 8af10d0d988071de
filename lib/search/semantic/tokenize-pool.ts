/**
 * Tokenises many texts with semanticTerms (terms.ts) on every core: the calling thread takes
 * one share, worker threads (this same module, loaded by the running TypeScript loader) the
 * others. Normalisation + jieba is most of the semantic build step's time (≈55 µs a clause,
 * 147k clauses); the result is exactly what semanticTerms gives in one thread. Each thread
 * returns its own vocabulary and term ids, merged here, so few strings cross threads.
 * Falls back to one thread for small inputs, on one core, or when a worker cannot start
 * (e.g. under a loader that does not reach worker threads); SEMANTIC_BUILD_THREADS overrides
 * the thread count.
 */
import os from "node:os";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { semanticTerms } from "./terms";

export interface Tokenized {
  vocab: string[];
  /** Term ids (into vocab) of each text, in order, repeats kept. */
  docs: Int32Array[];
}

interface Part {
  vocab: string[];
  ids: Int32Array;
  ptr: Int32Array;
}

function tokenizePart(texts: string[]): Part {
  const ids = new Map<string, number>();
  const vocab: string[] = [];
  // term ids in one growing typed array (a plain array of 12 million numbers costs ≈100 MB more at its peak)
  let out = new Int32Array(1 << 16);
  let n = 0;
  const ptr = new Int32Array(texts.length + 1);
  texts.forEach((t, i) => {
    for (const term of semanticTerms(t)) {
      let id = ids.get(term);
      if (id === undefined) {
        id = vocab.length;
        ids.set(term, id);
        vocab.push(term);
      }
      if (n === out.length) {
        const grown = new Int32Array(out.length * 2);
        grown.set(out);
        out = grown;
      }
      out[n++] = id;
    }
    ptr[i + 1] = n;
  });
  return { vocab, ids: out.slice(0, n), ptr };
}

/** Below this many texts one thread is used (a worker costs ≈0.3 s to start and load jieba). */
const MIN_PARALLEL = 20000;

export function tokenizeThreads(n: number): number {
  const env = Number(process.env.SEMANTIC_BUILD_THREADS);
  if (Number.isInteger(env) && env >= 1) return env;
  if (n < MIN_PARALLEL) return 1;
  return Math.max(1, Math.min(4, os.availableParallelism()));
}

/**
 * Runs `moduleUrl` (a TypeScript module of this folder) in a worker thread with workerData
 * `{ role }`, posts it `message` and resolves with its one answer. The module answers only
 * when its role is asked for (see the end of this file), so one module may import another.
 */
export function runModuleWorker<T>(moduleUrl: string, role: string, message: unknown, transfer: ArrayBuffer[] = []): { result: Promise<T>; cancel(): void } {
  let w: Worker | null = null;
  const result = new Promise<T>((resolve, reject) => {
    try {
      // the worker runs this TypeScript module: it needs the loader the build runs under (tsx)
      // (the worker's entry is plain JS that registers tsx's loader, then imports this module)
      const src = `import("tsx/esm/api").then((m) => { m.register(); return import(${JSON.stringify(moduleUrl)}); }).catch((e) => { throw e; });`;
      w = new Worker(src, { eval: true, workerData: { role } });
    } catch (e) {
      reject(e);
      return;
    }
    const worker = w;
    worker.once("message", (p: T) => {
      resolve(p);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`${role} worker exited with ${code}`)));
    worker.postMessage(message, transfer);
  });
  return { result, cancel: () => void w?.terminate() };
}

function runWorker(texts: string[]): Promise<Part> {
  return runModuleWorker<Part>(import.meta.url, "tokenize", texts).result;
}

export async function tokenizeAll(texts: string[], threads = tokenizeThreads(texts.length)): Promise<Tokenized> {
  let parts: Part[];
  if (threads <= 1) parts = [tokenizePart(texts)];
  else {
    const size = Math.ceil(texts.length / threads);
    const shares = Array.from({ length: threads }, (_, i) => texts.slice(i * size, (i + 1) * size));
    const workers = shares.slice(1).map((s) => runWorker(s));
    const mine = tokenizePart(shares[0]!);
    try {
      parts = [mine, ...(await Promise.all(workers))];
    } catch (e) {
      // a worker could not run here: do the rest in this thread
      if (process.env.SEMANTIC_DEBUG) console.log(`[lsa] tokenizer workers unavailable (${(e as Error).message}); one thread`);
      parts = [mine, ...shares.slice(1).map(tokenizePart)];
    }
  }
  const vocab: string[] = [];
  const index = new Map<string, number>();
  const docs: Int32Array[] = [];
  // every text's ids are views of one array (one part: its own ids, whose vocabulary is already in order)
  const all = parts.length === 1 ? parts[0]!.ids : new Int32Array(parts.reduce((a, p) => a + p.ids.length, 0));
  let base = 0;
  for (const p of parts) {
    const map = Int32Array.from(p.vocab, (t) => {
      let id = index.get(t);
      if (id === undefined) {
        id = vocab.length;
        index.set(t, id);
        vocab.push(t);
      }
      return id;
    });
    if (all !== p.ids) for (let k = 0; k < p.ids.length; k++) all[base + k] = map[p.ids[k]!]!;
    for (let d = 0; d + 1 < p.ptr.length; d++) docs.push(all.subarray(base + p.ptr[d]!, base + p.ptr[d + 1]!));
    base += p.ids.length;
  }
  return { vocab, docs };
}

if (!isMainThread && parentPort && (workerData as { role?: string } | null)?.role === "tokenize") {
  const port = parentPort;
  port.once("message", (texts: string[]) => {
    const p = tokenizePart(texts);
    port.postMessage(p, [p.ids.buffer as ArrayBuffer, p.ptr.buffer as ArrayBuffer]);
  });
}
