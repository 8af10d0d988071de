import type { SemanticIndex } from "@/lib/store/semantic-index";
import { pinPhrases } from "./bm25";
import { expansionVocabulary, loadLearned, questionVocabulary } from "./learned";
import { anchorsOn, FUSION, preloadItemRows, semanticSearch } from "./search";
import { articlePopularity } from "./rerank";
import { loadVectorIndex } from "./vector-index";
import { loadAnchorIndex } from "./anchor-text";

/**
 * Warms a worker's semantic search before it takes requests (the route's `warm`, run by the
 * production server): loads the clause vectors and the learned data, and runs a few questions,
 * so the first user does not wait ≈1 s for the loading. With an external embeddings server
 * configured, these questions go to it like any other (a failure only degrades them to BM25).
 * First it pins the BM25 phrase lists of the learned expansion's whole vocabulary (bm25.ts pinPhrases:
 * ≈2.2k words, ≈3.1M clause entries of the 4M phrase cache, ≈1–1.5 s), which every question's
 * expanded query draws from, so no question computes them, and those of the words at least two
 * answered questions use (learned.ts questionVocabulary: ≈0.2M entries more); then it reads the item rows of the
 * clauses the answered questions cite into the row cache (search.ts preloadItemRows), and builds the
 * anchor documents (anchor-text.ts).
 */
export async function warmSemanticSearch(db: SemanticIndex): Promise<void> {
  const learned = loadLearned(db, loadVectorIndex(db)?.lsa ?? null);
  if (learned) {
    pinPhrases(db, expansionVocabulary(learned));
    // the words answered questions keep using, as BM25 searches them (not those it leaves out: idf < 2)
    const lsa = loadVectorIndex(db)?.lsa;
    const idf = (t: string) => {
      const i = lsa?.index.get(t);
      return i === undefined ? undefined : lsa!.model.idf[i];
    };
    pinPhrases(db, questionVocabulary(learned).filter((t) => (idf(t) ?? Infinity) >= FUSION.bm25MinIdf));
    // the rows of the articles answered questions cite, the most cited first (≈1.3k clauses, ≈20 ms)
    const pop = articlePopularity(learned);
    preloadItemRows(db, [...pop.keys()].sort((a, b) => pop.get(b)! - pop.get(a)! || a - b));
    // the anchor documents (anchor-text.ts: one jieba pass over the stored citing sentences, ≈0.3 s)
    if (anchorsOn()) loadAnchorIndex(db);
  }
  for (const query of ["公司拖欠工资怎么办", "合同违约的赔偿责任", "房屋租赁押金不退"]) {
    await semanticSearch(db, { query, rewrite: true, filter: {}, returnNum: 10 });
  }
}
