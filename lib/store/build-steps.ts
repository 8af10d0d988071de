/**
 * Post-build steps run on the freshly built index before it is swapped in (e.g. a vector
 * index for semantic search). Register a step by adding it to `buildSteps`; a step that
 * throws fails the whole build, and the previous index keeps serving.
 */
import type { Database } from "better-sqlite3";
import { semanticBuildStep } from "../search/semantic/build-step";
import { authorityBuildStep } from "../search/keyword/authority";

export interface BuildStepContext {
  onProgress?: (done: number, total: number, phase: string) => void;
}

export interface BuildStep {
  name: string;
  run(db: Database, ctx: BuildStepContext): void | Promise<void>;
}

export const buildSteps: BuildStep[] = [semanticBuildStep, authorityBuildStep];
