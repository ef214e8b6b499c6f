// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { QuickFirstSequencer } from '../mutation-sequencer';

/** A run's files as the sequencer gets them, with what vitest's cache says of their last run. */
function sequencerOver(last: Record<string, { duration: number; failed: boolean }>) {
  const ctx = {
    config: { root: '/repo' },
    cache: { getFileTestResults: (key: string) => last[key] },
  } as unknown as Vitest;
  return new QuickFirstSequencer(ctx);
}
const spec = (file: string, project = 'server') =>
  ({ moduleId: `/repo/${file}`, project: { name: project } }) as unknown as TestSpecification;
const order = async (sequencer: QuickFirstSequencer, files: TestSpecification[]) =>
  (await sequencer.sort(files)).map((s) => `${s.project.name}:${s.moduleId}`);

describe('the order of a mutant run’s test files', () => {
  it('runs the quickest first, where vitest runs the longest first', async () => {
    const sequencer = sequencerOver({
      'server:app.test.ts': { duration: 900, failed: false },
      'server:unit.test.ts': { duration: 12, failed: false },
      'server:middle.test.ts': { duration: 150, failed: false },
    });
    expect(
      await order(sequencer, [spec('app.test.ts'), spec('unit.test.ts'), spec('middle.test.ts')]),
    ).toEqual([
      'server:/repo/unit.test.ts',
      'server:/repo/middle.test.ts',
      'server:/repo/app.test.ts',
    ]);
  });

  it('runs first the files that failed last time, then the others; a file not timed yet goes last', async () => {
    const sequencer = sequencerOver({
      'unit:slow-killer.test.ts': { duration: 900, failed: true },
      'unit:quick.test.ts': { duration: 5, failed: false },
      'unit-fresh:fresh.test.ts': { duration: 40, failed: false },
    });
    expect(
      await order(sequencer, [
        spec('new.test.ts', 'unit'),
        spec('fresh.test.ts', 'unit-fresh'),
        spec('quick.test.ts', 'unit'),
        spec('slow-killer.test.ts', 'unit'),
      ]),
    ).toEqual([
      'unit:/repo/slow-killer.test.ts',
      'unit:/repo/quick.test.ts',
      'unit-fresh:/repo/fresh.test.ts',
      'unit:/repo/new.test.ts',
    ]);
  });
});
