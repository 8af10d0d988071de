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
import type { BuildStep, BuildStepContext } from "@/lib/store/write-index";
import type { BuildTarget } from "@/lib/store/build-target";
import { trainLsa, DEFAULT_LSA, type LsaOptions } from "./lsa";
import { tokenizeAll } from "./tokenize-pool";
import { embedAllRemote, providerFromEnv, type ProviderConfig } from "./provider";
import { SEMANTIC_VERSION } from "./vector-index";

export interface SemanticBuildOptions {
  provider?: ProviderConfig | null;
  lsa?: Partial<LsaOptions>;
  onProgress?: BuildStepContext["onProgress"];
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
    const tt = performance.now();
    const tokens = await tokenizeAll(rows.map((r) => r.content));
    if (process.env.SEMANTIC_DEBUG) console.log(`[lsa] clause bodies tokenised in ${(performance.now() - tt).toFixed(0)} ms`);
    const { model, vectors } = trainLsa(
      rows.map((r) => ({ body: r.content, title: r.fgmc, chapter: r.chapter })),
      lsaOpts,
      tokens,
    );
    dims = model.dims;
    db.writeLsaModel(model);
    db.writeClauseVectors(cids, vectors, dims);
    db.writeSemanticMeta({ kind: "lsa", dims, model: "lsa", options: JSON.stringify(lsaOpts), version: SEMANTIC_VERSION });
  }
  const ms = Math.round(performance.now() - t0);
  db.writeSemanticMeta({ built_ms: ms, clauses: rows.length });
  return { kind: provider ? "provider" : "lsa", dims, ms };
}

export const semanticBuildStep: BuildStep = {
  name: "semantic-vectors",
  async run(db, ctx) {
    await buildSemanticIndex(db, { onProgress: ctx.onProgress });
  },
};
