import type { Suite } from '@vitest/runner';
import type { ModuleRunner } from 'vite/module-runner';
import { inject, vi } from 'vitest';
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
 *
 * A worker kept from the run before (tests/mutation-pool.ts) still holds the project's modules as
 * that run left them: a value a module builds on first use and keeps (the portal's sign-in
 * manager, made with the settings of the moment) would then serve the next mutant's tests, built
 * under another mutant or none, and that mutant would survive unseen. So each run (one runner is
 * made per run) first forgets the project's own modules, and its files evaluate them afresh, as
 * in a new worker. What the packages under node_modules built stays (React, jsdom, PGlite's
 * compiled WebAssembly): a mutant reaches none of it. Nor does the mutant the worker's last run
 * tested stay switched on while this run's modules load, nor that run's config.
 */
export default class MutationRunner extends VitestTestRunner {
  private forgotten = false;

  onBeforeCollect(): void {
    if (this.forgotten) return;
    this.forgotten = true;
    // The worker's global still names the mutant of the run before: a module evaluated before
    // this run's first beforeAll (where Stryker's setup names this run's mutant) would build its
    // values under that other mutant. A new worker has none then.
    const namespace = inject('globalNamespace' as never) as string | undefined;
    const global = globalThis as unknown as Record<string, { activeMutant?: string } | undefined>;
    const stryker = namespace === undefined ? undefined : global[namespace];
    if (stryker) stryker.activeMutant = undefined;
    // `vi.setConfig` keeps, the first time it is called in a worker, a copy of the whole config
    // of that moment, and `vi.resetConfig`, which vitest calls after every file, writes that copy
    // back. In a kept worker the copy is an earlier run's: its test name pattern (another
    // mutant's tests) replaced this run's from the second file on, so a mutant's own tests did
    // not run and it survived. Here a reset restores this run's own config.
    const { config } = this;
    const own = { ...config };
    vi.resetConfig = () => {
      Object.assign(config, own);
    };
    // Vitest gives every runner its module runner; the type keeps the field private.
    const { evaluatedModules } = (this as unknown as { moduleRunner: ModuleRunner }).moduleRunner;
    evaluatedModules.idToModuleMap.forEach((node, id) => {
      if (/\/node_modules\/|^mock:/.test(id)) return;
      node.promise = undefined;
      node.exports = undefined;
      node.evaluated = false;
      node.importers.clear();
    });
  }

  override async onBeforeRunSuite(suite: Suite): Promise<void> {
    await super.onBeforeRunSuite(suite);
    const hooks = VitestTestRunner.getSuiteHooks(suite);
    // A file that failed to load has no hooks and no tests: vitest reports its error.
    if (!hooks) return;
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
