import type { Suite } from '@vitest/runner';
import { VitestTestRunner } from 'vitest/runners';

/**
 * The test runner of a mutation run (vitest.mutation.config.ts, docs/testing.md).
 *
 * When a suite's beforeAll throws, vitest skips the suite's tests, and Stryker's vitest runner
 * counts skipped tests as not failing unless it finds a failed suite above them. It looks through
 * `test.suite` only, which a file's own tests and describes do not have. So a mutant that broke
 * what a file builds in its beforeAll (a server test's app: its routes, its config) counted as
 * survived, although the file failed. Here a suite's failed beforeAll fails each of its tests with
 * the hook's error instead, and the hooks after it do not run, as in vitest.
 */
export default class MutationRunner extends VitestTestRunner {
  override async onBeforeRunSuite(suite: Suite): Promise<void> {
    await super.onBeforeRunSuite(suite);
    const hooks = VitestTestRunner.getSuiteHooks(suite);
    let failure: { error: unknown } | undefined;
    const guarded = hooks.beforeAll.map((hook) =>
      // The hook's own properties (its cleanup's timeout) are kept.
      Object.assign(async (...args: Parameters<typeof hook>) => {
        if (failure) return undefined;
        try {
          return await hook(...args);
        } catch (error) {
          failure = { error };
          return undefined;
        }
      }, hook),
    );
    hooks.beforeAll.splice(0, guarded.length, ...guarded);
    hooks.beforeEach.unshift(() => {
      if (failure) throw failure.error;
    });
  }
}
