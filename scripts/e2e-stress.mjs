#!/usr/bin/env node
/**
 * Issue 20: the e2e suite under load. Runs `playwright test` RUNS times (3) while a CPU hog
 * spins on one core (pinned with taskset where it exists), and writes how many tests failed and
 * how many needed a retry (flaky) in each run to bench/results/e2e-stress.json. The goal is 0
 * and 0: a red must mean a defect, and a retry is a defect too (e2e/support/retry-reporter.ts).
 *
 *   npm run e2e:stress                  # three runs of the whole suite (build first: npm run build)
 *   RUNS=1 npm run e2e:stress -- e2e/site-blasts.spec.ts   # extra arguments go to playwright
 *   RUNS=1 npm run e2e:stress -- --reporter=line e2e/x.spec.ts   # the retry summary stays
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const runs = Number(process.env.RUNS ?? 3);
// Each run's summary comes from the retry reporter. On the command line Playwright's reporters
// replace the config's, so a `--reporter=<name>` given here is kept beside it, and ours goes last.
const asked = process.argv.slice(2);
const reporterArg = asked.find((arg) => arg.startsWith('--reporter='));
const reporter = reporterArg?.slice('--reporter='.length) ?? 'list';
const extra = asked.filter((arg) => arg !== reporterArg);
const hasTaskset = spawnSync('taskset', ['--version']).status === 0;
const hogArgs = ['-e', 'for (;;) {}'];
const hog = hasTaskset
  ? spawn('taskset', ['-c', '0', process.execPath, ...hogArgs], { stdio: 'ignore' })
  : spawn(process.execPath, hogArgs, { stdio: 'ignore' });
const stopHog = () => hog.kill('SIGKILL');
process.on('exit', stopHog);
process.on('SIGINT', () => process.exit(130));

const results = [];
for (let run = 1; run <= runs; run += 1) {
  rmSync('.data/e2e', { recursive: true, force: true });
  rmSync('test-results/retries.json', { force: true });
  const started = Date.now();
  console.log(
    `\ne2e:stress run ${run}/${runs}, a CPU hog on ${hasTaskset ? 'core 0' : 'one core'}`,
  );
  const { status } = spawnSync(
    process.execPath,
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      ...extra,
      `--reporter=${reporter},./e2e/support/retry-reporter.ts`,
    ],
    { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } },
  );
  let summary;
  try {
    summary = JSON.parse(readFileSync('test-results/retries.json', 'utf8'));
  } catch {
    summary = {
      status: 'interrupted',
      passed: 0,
      failed: [`the run ended with ${status}`],
      flaky: [],
    };
  }
  results.push({
    run,
    minutes: Number(((Date.now() - started) / 60_000).toFixed(1)),
    exitCode: status,
    ...summary,
  });
}
stopHog();

const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: (await import('node:os')).cpus().length,
  hog: hasTaskset ? 'one busy loop pinned to core 0' : 'one busy loop',
  runs: results,
  failed: results.reduce((n, r) => n + r.failed.length, 0),
  flaky: results.reduce((n, r) => n + r.flaky.length, 0),
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/e2e-stress.json', `${JSON.stringify(report, null, 2)}\n`);
console.log('\ne2e:stress');
for (const r of results) {
  console.log(
    `  run ${r.run}: ${r.passed} passed, ${r.failed.length} failed, ${r.flaky.length} flaky, ${r.minutes} min`,
  );
}
console.log(`  total: ${report.failed} failed, ${report.flaky} flaky (goal: 0 and 0)`);
console.log('  written to bench/results/e2e-stress.json');
process.exit(report.failed + report.flaky === 0 ? 0 : 1);
