// @vitest-environment node
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

interface Output {
  date: string;
  smoke: boolean;
  machine: Record<string, unknown>;
  config: { runs: number; warmups: number; phases: string[] };
  code?: {
    commit: string;
    uncommitted: string[];
    diff?: string;
    changedDuringRun?: boolean;
  } | null;
  figures: Record<string, number>;
  details: Record<string, unknown>;
  errors: Record<string, string>;
  measured?: Record<string, string>;
  mergedInto?: string;
}
interface Report {
  merged: (output: Output, previous: Output | null) => Output;
  markdown: (output: Output) => string;
}

// The benchmark's report (a JavaScript module of bench/, read by its path).
const file = fileURLToPath(new URL('../../bench/lib/report.mjs', import.meta.url));
let report: Report;
beforeAll(async () => {
  report = (await import(pathToFileURL(file).href)) as Report;
});

const run = (date: string, figures: Record<string, number>, phases = ['sizes']): Output => ({
  date,
  smoke: false,
  machine: { cpuModel: 'test', cores: 2, loadAverageAtStart: [0], loadAverageAtEnd: [0] },
  config: { runs: 5, warmups: 2, phases },
  figures,
  details: {},
  errors: {},
});

const full = run('2026-12-01T10:00:00.000Z', {
  'org.firstLoadJsGzipBytes': 130_000,
  'org.firstLoadCssGzipBytes': 12_000,
});
const partial = run('2026-12-08T02:37:00.000Z', { 'org.firstLoadJsGzipBytes': 128_000 });

describe('the benchmark report, runs merged (BENCH_MERGE=1)', () => {
  it('keeps, for each figure, the run that measured it', () => {
    const once = report.merged(partial, full);
    expect(once.figures).toEqual({
      'org.firstLoadJsGzipBytes': 128_000,
      'org.firstLoadCssGzipBytes': 12_000,
    });
    expect(once.measured).toEqual({
      'org.firstLoadJsGzipBytes': partial.date,
      'org.firstLoadCssGzipBytes': full.date,
    });
    // A third run carries the first two runs' dates, not the second run's date for all.
    const third = run('2026-12-09T00:00:00.000Z', { 'site.firstLoadJsGzipBytes': 127_000 });
    expect(report.merged(third, once).measured).toEqual({
      'org.firstLoadJsGzipBytes': partial.date,
      'org.firstLoadCssGzipBytes': full.date,
      'site.firstLoadJsGzipBytes': third.date,
    });
  });

  it('says in the table which run measured each row of a merged report, and only then', () => {
    const lines = report.markdown(report.merged(partial, full)).split('\n');
    expect(lines).toContain('| figure | product | peer | ratio | target | met? | measured |');
    const row = (label: string) => lines.find((line) => line.startsWith(`| ${label} |`));
    expect(row('org: first-load JS gzip')).toMatch(/\| 2026-12-08 02:37 \|$/);
    expect(row('org: first-load CSS gzip')).toMatch(/\| 2026-12-01 10:00 \|$/);

    const alone = report.markdown(report.merged(full, null)).split('\n');
    expect(alone).toContain('| figure | product | peer | ratio | target | met? |');
    expect(alone.filter((line) => line.startsWith('| figure |'))).toHaveLength(1);
  });

  it('lists the runs merged, each with its phases and the code it measured', () => {
    const first = { ...full, config: { ...full.config, phases: ['sizes', 'lists'] } };
    const second = {
      ...partial,
      code: {
        commit: '1627779abcde',
        uncommitted: ['server/app.ts'],
        diff: '68a7b152d954',
        changedDuringRun: true,
      },
    };
    const lines = report.markdown(report.merged(second, first)).split('\n');
    expect(lines).toContain('- 2026-12-01 10:00: sizes, lists; code not recorded');
    expect(lines).toContain(
      '- 2026-12-08 02:37: sizes; code 1627779abcde with uncommitted changes to server/app.ts (diff 68a7b152d954); changed during the run',
    );
    const clean = { ...full, code: { commit: '2cdef5248ece', uncommitted: [] } };
    expect(report.markdown(clean).split('\n')).toContain(
      '- 2026-12-01 10:00: sizes; code 2cdef5248ece',
    );
    // What someone wrote of a run's code afterwards follows it.
    const noted = { ...full, code: { commit: '2cdef5248ece', uncommitted: [], note: 'rebuilt' } };
    expect(report.markdown(noted).split('\n')).toContain(
      '- 2026-12-01 10:00: sizes; code 2cdef5248ece (rebuilt)',
    );
  });

  it("names the peer's run too when another run measured it (a ratio across runs)", () => {
    const withPeer = run(full.date, {
      'org.firstLoadJsGzipBytes': 130_000,
      'peer.firstLoadJsGzipBytes': 300_000,
    });
    const lines = report.markdown(report.merged(partial, withPeer)).split('\n');
    const row = lines.find((line) => line.startsWith('| org: first-load JS gzip |'));
    expect(row).toMatch(/\| 2026-12-08 02:37 \(peer: 2026-12-01 10:00\) \|$/);
  });

  it('says "not recorded" for the figures an older merged report carried without their run', () => {
    const older = { ...full, mergedInto: '2026-11-21T00:00:00.000Z' };
    const lines = report.markdown(report.merged(partial, older)).split('\n');
    const row = (label: string) => lines.find((line) => line.startsWith(`| ${label} |`));
    expect(row('org: first-load CSS gzip')).toMatch(/\| not recorded \|$/);
    expect(row('org: first-load JS gzip')).toMatch(/\| 2026-12-08 02:37 \|$/);
  });
});
