import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * vitest's file order (root vitest.config.ts). Two workers share the files; the run ends when the
 * last file does, so a long file started near the end leaves the other worker idle for its whole
 * length. vitest orders by the durations it cached from the last run; a fresh checkout (CI) has
 * none and falls back to file size, which says little: the longest files are the cross-service
 * flows under test/ (each starts a whole Kurz, a browser or a soak), 20 s to over two minutes,
 * against a few seconds for most service tests. Without cached durations the flows go first, so
 * the short files fill in at the end and both workers finish together.
 */
export class FlowsFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const key = (file: TestSpecification) => `${file.project.name}:${relative(root, file.moduleId)}`;
    if (sorted.every((file) => this.ctx.cache.getFileTestResults(key(file)) !== undefined)) return sorted;
    const isFlow = (file: TestSpecification) => relative(root, file.moduleId).startsWith("test/");
    return [...sorted.filter(isFlow), ...sorted.filter((file) => !isFlow(file))];
  }
}
