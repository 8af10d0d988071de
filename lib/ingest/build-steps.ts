/**
 * The post-build steps the ingest passes to the index writer (lib/store/write-index.ts), run on
 * the freshly built index before it is swapped in: the semantic search's vectors and the keyword
 * ranking's authority and anchor tables. Listed here, above both the store and the features, so the store
 * never imports the features built on it. A step that throws fails the whole build, and the
 * previous index keeps serving.
 */
import type { BuildStep } from "../store/write-index";
import { semanticBuildStep } from "../search/semantic/build-step";
import { authorityBuildStep } from "../search/keyword/authority";
import { anchorBuildStep } from "../search/keyword/anchors";

// the authority and the anchors first: they run while the semantic step's worker (started before the index is written) finishes
export const buildSteps: readonly BuildStep[] = [authorityBuildStep, anchorBuildStep, semanticBuildStep];
