import type { SemanticIndex } from "@/lib/store/semantic-index";
import { semanticSearch } from "./search";

/**
 * Warms a worker's semantic search before it takes requests (the route's `warm`, run by the
 * production server): loads the clause vectors and the learned data, and runs a few questions,
 * so the first user does not wait ≈1 s for the loading. With an external embeddings server
 * configured, these questions go to it like any other (a failure only degrades them to BM25).
 */
export async function warmSemanticSearch(db: SemanticIndex): Promise<void> {
  for (const query of ["公司拖欠工资怎么办", "合同违约的赔偿责任", "房屋租赁押金不退"]) {
    await semanticSearch(db, { query, rewrite: true, filter: {}, returnNum: 10 });
  }
}
