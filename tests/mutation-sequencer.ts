import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order of a mutant's test files in a mutation run (vitest.mutation.config.ts). A Stryker
 * runner runs its files one after another and stops at the first failing test (bail): a killed
 * mutant costs every file run before the one that kills it. Vitest's own order puts the longest
 * files first: in the server group, those that boot an app on a copy of the database, before
 * the quick tests of the module itself. This one runs first the files that failed in the last
 * run (they killed the previous mutant, most often of the same code), then the quickest; a file
 * not timed yet goes last.
 */
export class QuickFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const last = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(
        `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`,
      );
    const rank = (spec: TestSpecification) => {
      const result = last(spec);
      if (!result) return [1, 0] as const;
      return [result.failed ? -1 : 0, result.duration] as const;
    };
    return Promise.resolve(
      [...files].sort((a, b) => {
        const [groupA, timeA] = rank(a);
        const [groupB, timeB] = rank(b);
        return groupA - groupB || timeA - timeB;
      }),
    );
  }
}
