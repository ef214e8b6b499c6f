// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createVitest, type PoolRunnerInitializer, type Vitest } from 'vitest/node';
import { keptThreads } from '../mutation-pool';

const root = fileURLToPath(new URL('./fixtures/mutation-pool', import.meta.url));
const runner = fileURLToPath(new URL('../mutation-runner.ts', import.meta.url));

interface Ran {
  name: string;
  threadId: number;
  evaluations: number;
  activeAtLoad?: string;
  file?: string;
}

const start = (
  pool: 'threads' | PoolRunnerInitializer,
  include = ['runs.fixture.ts'],
  options: { bail?: number } = {},
) =>
  createVitest('test', {
    ...options,
    root,
    config: false,
    include,
    environment: 'node',
    runner,
    pool,
    isolate: false,
    maxWorkers: 1,
    watch: false,
    reporters: [{}],
  });

/** Two runs of the fixture, as Stryker makes them: one vitest, a new test name pattern each. */
async function twoRuns(
  pool: 'threads' | PoolRunnerInitializer,
  include?: string[],
  options?: { bail?: number },
) {
  const vitest: Vitest = await start(pool, include, options);
  // Where Stryker's setup keeps the mutant it switches on (its runner provides the name).
  vitest.provide('globalNamespace' as never, '__stryker__' as never);
  const runs: Ran[][] = [];
  try {
    for (const pattern of [/first/, /second/]) {
      vitest.state.filesMap.clear();
      for (const project of vitest.projects) project.config.testNamePattern = pattern;
      await vitest.start();
      runs.push(
        vitest.state
          .getFiles()
          .flatMap((file) => file.tasks)
          .filter((test) => test.result?.state === 'pass')
          .map((test) => ({
            name: test.name,
            ...(test.meta as Omit<Ran, 'name' | 'file'>),
            ...(include && { file: test.file.name }),
          })),
      );
    }
  } finally {
    await vitest.close();
  }
  return runs;
}

describe('the mutation runs’ pool and runner (issue 20, tests/mutation-pool.ts)', () => {
  it('runs the next run in the same worker, with that run’s own test name pattern, and the project’s modules evaluated afresh with no mutant on', async () => {
    const [first, second] = await twoRuns(keptThreads());
    expect(first).toEqual([{ name: 'first', threadId: expect.any(Number), evaluations: 1 }]);
    // The first run switched mutant 7 on: the second run's modules load without it.
    expect(second).toEqual([{ name: 'second', threadId: first?.[0]?.threadId, evaluations: 2 }]);
  }, 60_000);

  it('runs every file of the next run with that run’s pattern, after a file that changed its own config', async () => {
    const [, second] = await twoRuns(keptThreads(), ['sets-config.fixture.ts', 'runs.fixture.ts']);
    // vi.setConfig in the first run: vitest's reset after each file wrote that run's pattern back.
    expect(second?.map(({ name, file }) => [file, name]).sort()).toEqual([
      ['runs.fixture.ts', 'second'],
      ['sets-config.fixture.ts', 'second'],
    ]);
  }, 60_000);

  it('runs the next run in order after a run that bailed at a failure while another test still ran', async () => {
    // Stryker bails at the first failure: vitest cancels the run while a test still runs.
    const [first, second] = await twoRuns(keptThreads(), ['bails.fixture.ts'], { bail: 1 });
    expect(first?.map(({ name }) => name)).toEqual(['first still running']);
    expect(second?.map(({ name, file }) => [file, name])).toEqual([['bails.fixture.ts', 'second']]);
  }, 60_000);

  it('reports a test file that fails to load as failed, with its error, and runs the others', async () => {
    const vitest = await start(keptThreads(), ['broken.fixture.ts', 'runs.fixture.ts']);
    try {
      await vitest.start();
      const files = vitest.state.getFiles();
      const broken = files.find((file) => file.name === 'broken.fixture.ts');
      expect(broken?.result?.state).toBe('fail');
      expect(broken?.result?.errors?.[0]?.message).toBe('this file cannot load');
      const runs = files.find((file) => file.name === 'runs.fixture.ts');
      expect(runs?.tasks.map((test) => test.result?.state)).toEqual(['pass', 'pass']);
      // What Stryker reads as "an error occurred outside of a test run": none.
      expect(vitest.state.errorsSet.size).toBe(0);
    } finally {
      await vitest.close();
    }
  }, 60_000);

  it('differs from vitest’s own threads, which start each run in a new worker', async () => {
    const [first, second] = await twoRuns('threads');
    expect(first).toEqual([{ name: 'first', threadId: expect.any(Number), evaluations: 1 }]);
    expect(second).toEqual([{ name: 'second', threadId: expect.any(Number), evaluations: 1 }]);
    expect(second?.[0]?.threadId).not.toBe(first?.[0]?.threadId);
  }, 60_000);
});
