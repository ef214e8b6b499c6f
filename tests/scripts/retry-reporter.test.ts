// @vitest-environment node
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FullResult, TestCase, TestResult } from '@playwright/test/reporter';
import RetryReporter, { type RetrySummary } from '../../e2e/support/retry-reporter';

/** A finished test as Playwright hands it to a reporter: its place, titles and final outcome. */
function testCase(title: string, outcome: ReturnType<TestCase['outcome']>): TestCase {
  return {
    location: { file: '/repo/e2e/site-blasts.spec.ts', line: 12, column: 3 },
    titlePath: () => ['', 'chromium', 'site-blasts.spec.ts', title],
    outcome: () => outcome,
  } as unknown as TestCase;
}

const result = {} as TestResult;

describe('e2e retry reporter (issue 20)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists and counts the tests that passed only on a retry, and the failures', () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const file = join(mkdtempSync(join(tmpdir(), 'retries-')), 'retries.json');
    const reporter = new RetryReporter({ outputFile: file });
    const flaky = testCase('siteadmin uploads a .blst file', 'unexpected');
    reporter.onTestEnd(flaky, result); // first attempt failed…
    reporter.onTestEnd(testCase('lists blasts', 'expected'), result);
    reporter.onTestEnd(testCase('deletes a blast', 'unexpected'), result);
    reporter.onTestEnd(testCase('an annotated skip', 'skipped'), result);
    (flaky as { outcome: () => string }).outcome = () => 'flaky'; // …the retry passed
    reporter.onTestEnd(flaky, result);
    reporter.onEnd({ status: 'failed' } as FullResult);

    const summary = JSON.parse(readFileSync(file, 'utf8')) as RetrySummary;
    expect(summary).toEqual({
      status: 'failed',
      passed: 1,
      failed: ['e2e/site-blasts.spec.ts:12 › site-blasts.spec.ts › deletes a blast'],
      flaky: ['e2e/site-blasts.spec.ts:12 › site-blasts.spec.ts › siteadmin uploads a .blst file'],
    });
    const printed = out.mock.calls.map(([text]) => String(text)).join('');
    expect(printed).toContain('Needed a retry: 1 test(s) (flaky: fix them)');
    expect(printed).toContain('  flaky  e2e/site-blasts.spec.ts:12');
  });

  it('says so when no test needed a retry', () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const file = join(mkdtempSync(join(tmpdir(), 'retries-')), 'retries.json');
    const reporter = new RetryReporter({ outputFile: file });
    reporter.onTestEnd(testCase('lists blasts', 'expected'), result);
    reporter.onEnd({ status: 'passed' } as FullResult);
    expect(out.mock.calls.map(([text]) => String(text)).join('')).toContain(
      'Needed a retry: 0 test(s)\n',
    );
  });
});
