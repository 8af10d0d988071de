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
import { Worker, isMainThread, parentPort } from "node:worker_threads";
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
  const out: number[] = [];
  const ptr = new Int32Array(texts.length + 1);
  texts.forEach((t, i) => {
    for (const term of semanticTerms(t)) {
      let id = ids.get(term);
      if (id === undefined) {
        id = vocab.length;
        ids.set(term, id);
        vocab.push(term);
      }
      out.push(id);
    }
    ptr[i + 1] = out.length;
  });
  return { vocab, ids: Int32Array.from(out), ptr };
}

/** Below this many texts one thread is used (a worker costs ≈0.3 s to start and load jieba). */
const MIN_PARALLEL = 20000;

export function tokenizeThreads(n: number): number {
  const env = Number(process.env.SEMANTIC_BUILD_THREADS);
  if (Number.isInteger(env) && env >= 1) return env;
  if (n < MIN_PARALLEL) return 1;
  return Math.max(1, Math.min(4, os.availableParallelism()));
}

function runWorker(texts: string[]): Promise<Part> {
  return new Promise((resolve, reject) => {
    let w: Worker;
    try {
      // the worker runs this TypeScript module: it needs the loader the build runs under (tsx)
      // (the worker's entry is plain JS that registers tsx's loader, then imports this module)
      const src = `import("tsx/esm/api").then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); }).catch((e) => { throw e; });`;
      w = new Worker(src, { eval: true });
    } catch (e) {
      reject(e);
      return;
    }
    w.once("message", (p: Part) => {
      resolve(p);
      void w.terminate();
    });
    w.once("error", reject);
    w.once("exit", (code) => code !== 0 && reject(new Error(`tokenizer worker exited with ${code}`)));
    w.postMessage(texts);
  });
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
    for (let d = 0; d + 1 < p.ptr.length; d++) docs.push(Int32Array.from(p.ids.subarray(p.ptr[d]!, p.ptr[d + 1]!), (x) => map[x]!));
  }
  return { vocab, docs };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.once("message", (texts: string[]) => {
    const p = tokenizePart(texts);
    port.postMessage(p, [p.ids.buffer as ArrayBuffer, p.ptr.buffer as ArrayBuffer]);
  });
}
