/**
 * Build step "semantic-vectors" (listed in lib/ingest/build-steps.ts): computes one vector
 * per clause into the freshly built index.
 *
 * - Default: trains the LSA model (lib/search/semantic/lsa.ts) on the index's own clauses —
 *   body, regulation title and chapter — and stores model and vectors.
 * - With EMBEDDINGS_URL/EMBEDDINGS_MODEL set (lib/search/semantic/provider.ts): asks that
 *   server for each clause's vector (text: "《title》第N条 content", first 512 characters);
 *   queries must then use the same server and model.
 */
import os from "node:os";
import type { BuildStep, BuildStepContext, ClauseDraft } from "@/lib/store/write-index";
import type { BuildTarget } from "@/lib/store/build-target";
import { DEFAULT_LSA, type LsaOptions } from "./lsa";
import { lsaInput, sameInput, startLsaTraining, trainLsaHere, type LsaTrained, type LsaTraining } from "./lsa-train";
import { tokenizeThreads } from "./tokenize-pool";
import { embedAllRemote, providerFromEnv, type ProviderConfig } from "./provider";
import { SEMANTIC_VERSION } from "./vector-index";

export interface SemanticBuildOptions {
  provider?: ProviderConfig | null;
  lsa?: Partial<LsaOptions>;
  onProgress?: BuildStepContext["onProgress"];
  /** Training started by the step's prepare() while the index was written (lsa-train.ts). */
  training?: LsaTraining;
}

export async function buildSemanticIndex(db: BuildTarget, opts: SemanticBuildOptions = {}): Promise<{ kind: string; dims: number; ms: number }> {
  const t0 = performance.now();
  const provider = opts.provider === undefined ? providerFromEnv() : opts.provider;
  db.resetSemantic();
  const rows = db.clausesForEmbedding();
  const cids = Int32Array.from(rows.map((r) => r.cid));
  let dims: number;
  if (provider) {
    const texts = rows.map((r) => `《${r.fgmc}》${r.ft_num} ${r.content}`.slice(0, 512));
    const vecs = await embedAllRemote(provider, texts, (done, total) => opts.onProgress?.(done, total, "step:semantic-vectors"));
    dims = vecs[0]?.length ?? 0;
    const all = new Float32Array(rows.length * dims);
    vecs.forEach((v, i) => all.set(v, i * dims));
    db.writeClauseVectors(cids, all, dims);
    db.writeSemanticMeta({ kind: "provider", dims, model: provider.model, version: SEMANTIC_VERSION });
  } else {
    const lsaOpts = { ...DEFAULT_LSA, ...opts.lsa };
    let trained: LsaTrained | null = null;
    const training = opts.training;
    if (training && JSON.stringify(training.options) === JSON.stringify(lsaOpts) && sameInput(training.input, rows)) {
      try {
        trained = await training.result;
      } catch (e) {
        if (process.env.SEMANTIC_DEBUG) console.log(`[lsa] training worker unavailable (${(e as Error).message}); training here`);
      }
    } else training?.cancel();
    if (process.env.SEMANTIC_DEBUG && trained) console.log(`[lsa] trained in a worker while the index was written: ${trained.ms} ms (its CPU ${trained.cpuMs} ms)`);
    trained ??= await trainLsaHere(lsaInput(rows.map((r) => ({ body: r.content, title: r.fgmc, chapter: r.chapter }))), lsaOpts);
    const { model, vectors } = trained;
    dims = model.dims;
    db.writeLsaModel(model);
    db.writeClauseVectors(cids, vectors, dims);
    db.writeSemanticMeta({ kind: "lsa", dims, model: "lsa", options: JSON.stringify(lsaOpts), version: SEMANTIC_VERSION });
  }
  const ms = Math.round(performance.now() - t0);
  db.writeSemanticMeta({ built_ms: ms, clauses: rows.length });
  return { kind: provider ? "provider" : "lsa", dims, ms };
}

/** Below this many clauses the training is not moved to a worker (starting one costs ≈0.5 s). */
const MIN_WORKER_CLAUSES = 20000;

export const semanticBuildStep: BuildStep = {
  name: "semantic-vectors",
  // the LSA model needs only the clauses' texts: train it in a worker while the index is written
  prepare(clauses: readonly ClauseDraft[]) {
    if (providerFromEnv() || clauses.length < MIN_WORKER_CLAUSES || os.availableParallelism() < 2 || tokenizeThreads(clauses.length) < 2) return undefined;
    return startLsaTraining(lsaInput(clauses.map((c) => ({ body: c.content, title: c.fgmc, chapter: c.chapter }))), DEFAULT_LSA);
  },
  async run(db, ctx) {
    await buildSemanticIndex(db, { onProgress: ctx.onProgress, training: ctx.prepared as LsaTraining | undefined });
  },
};
