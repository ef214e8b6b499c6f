import type { Plugin, UserConfig } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig, { freshModuleTests, unitTest } from './vite.config';
import { keptThreads } from './tests/mutation-pool';

/**
 * The vitest config of a mutation run (stryker.config.mjs, docs/testing.md): the project's own
 * config (aliases, plugins, the unit project's msw setup), without the three projects, running
 * only the tests the mutated modules need. MUTATION_GROUP picks the group; `server` runs the
 * server suite on PGlite (the template it builds lives in the sandbox's own .data).
 */
export const unitTests: Record<string, string[]> = {
  storage: [
    'tests/core/storage',
    'tests/core/org',
    'tests/core/data-table/use-list-params.test.tsx',
  ],
  lazy: ['tests/core/lazy', 'tests/core/shell/preload-page.test.tsx'],
  permissions: ['tests/core/permissions'],
  org: ['tests/core/org'],
  auth: ['tests/core/auth', 'tests/core/api/client.test.ts'],
  api: ['tests/core/api'],
  'data-table': ['tests/core/data-table'],
  forms: ['tests/core/forms'],
  'custom-data': ['tests/core/custom-data'],
};

const group = process.env.MUTATION_GROUP ?? 'storage';
/** A failed beforeAll fails its suite's tests, so that Stryker sees it (tests/mutation-runner.ts). */
const mutationRunner = './tests/mutation-runner.ts';
/**
 * MUTATION_TESTS=a,b: only these test files or folders (a quick first run over a module whose
 * group's component tests make each mutant slow; its score is then a lower bound: a mutant
 * another test of the group kills counts as survived). Re-run the survivors' lines without it.
 */
const onlyTests = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

/**
 * A project whose files share their worker's modules keeps its workers from one mutant's run to
 * the next (tests/mutation-pool.ts). Set once the projects are resolved: Stryker's runner asks
 * vitest for `pool: 'threads'`, which would override a project's own pool.
 */
const keepWorkers: Plugin = {
  name: 'mutation:kept-threads',
  configureVitest({ project }) {
    if (project.config.isolate !== false) return;
    const pool = keptThreads();
    project.config.pool = pool.name;
    project.config.poolRunner = pool;
  },
};

export default defineConfig(async (env) => {
  const base = (await (typeof viteConfig === 'function'
    ? viteConfig(env)
    : viteConfig)) as UserConfig;
  const server = group === 'server';
  const testPaths = onlyTests ?? unitTests[group] ?? [];
  const unit = {
    name: 'unit',
    ...unitTest,
    // A sandbox's first import of a module is transformed with every mutant compiled in: a
    // hook that loads a field's code (custom-data's editor test) took past the 10 s default.
    hookTimeout: 60_000,
    runner: mutationRunner,
  };
  const files = (paths: string[]) =>
    paths.map((path) =>
      path.endsWith('.tsx') || path.endsWith('.ts') ? path : `${path}/**/*.test.{ts,tsx}`,
    );
  return {
    ...base,
    plugins: [...(base.plugins ?? []), keepWorkers],
    test: server
      ? {
          name: 'server',
          environment: 'node',
          runner: mutationRunner,
          // As the server project of `npm test`: the files share their worker's modules (one
          // compile of PGlite and the app), but for static mutants (below).
          isolate: !process.env.MUTATION_IGNORE_STATIC,
          include: files(
            onlyTests ?? ['server/auth', 'server/http', 'server/crm/bulk-actions.test.ts'],
          ),
          testTimeout: 30_000,
          hookTimeout: 60_000,
        }
      : {
          // Without static mutants (MUTATION_IGNORE_STATIC), as the unit projects run
          // (vite.config.ts): the files share their worker's modules and window, but those that
          // need their own (freshModuleTests). A mutant is switched on while the tests run, so
          // each no longer pays a new import of React and the table per file: 1.5 times faster
          // (docs/testing.md). A static mutant (a value built when its module loads) needs its
          // module loaded afresh: with them, every file has its own registry, as before.
          projects: [
            {
              extends: true,
              test: {
                ...unit,
                include: files(testPaths),
                exclude: freshModuleTests,
                isolate: !process.env.MUTATION_IGNORE_STATIC,
              },
            } satisfies TestProjectInlineConfiguration,
            {
              extends: true,
              test: {
                ...unit,
                name: 'unit-fresh',
                include: freshModuleTests.filter((f) =>
                  testPaths.some((p) => f === p || f.startsWith(`${p}/`)),
                ),
              },
            } satisfies TestProjectInlineConfiguration,
          ],
        },
  };
});
