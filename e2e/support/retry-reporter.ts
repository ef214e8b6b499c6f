import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Where the run's retry summary is written (read by scripts/e2e-stress.mjs). */
export const RETRY_SUMMARY = 'test-results/retries.json';

export interface RetrySummary {
  status: FullResult['status'];
  passed: number;
  failed: string[];
  /** Passed only on a retry: a defect of the test or the product, to be fixed, never hidden. */
  flaky: string[];
}

const nameOf = (test: TestCase) =>
  `${test.location.file.replace(/^.*\/e2e\//, 'e2e/')}:${test.location.line} › ${test
    .titlePath()
    .filter(Boolean)
    .slice(1)
    .join(' › ')}`;

/**
 * Issue 20: a test that needed a retry is listed and counted at the end of the run, so
 * flakiness is seen and fixed rather than hidden by the retry that made the run green.
 */
export default class RetryReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, ReturnType<TestCase['outcome']>>();
  private readonly outputFile: string;

  constructor(options: { outputFile?: string } = {}) {
    this.outputFile = options.outputFile ?? RETRY_SUMMARY;
  }

  onTestEnd(test: TestCase, _result: TestResult): void {
    this.outcomes.set(test, test.outcome());
  }

  onEnd(result: FullResult): void {
    const summary: RetrySummary = { status: result.status, passed: 0, failed: [], flaky: [] };
    for (const [test, outcome] of this.outcomes) {
      if (outcome === 'flaky') summary.flaky.push(nameOf(test));
      else if (outcome === 'unexpected') summary.failed.push(nameOf(test));
      else if (outcome === 'expected') summary.passed += 1;
    }
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, `${JSON.stringify(summary, null, 2)}\n`);
    const lines = [
      '',
      `Needed a retry: ${summary.flaky.length} test(s)${summary.flaky.length ? ' (flaky: fix them)' : ''}`,
      ...summary.flaky.map((name) => `  flaky  ${name}`),
      ...summary.failed.map((name) => `  failed ${name}`),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
