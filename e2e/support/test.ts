import { test as base, expect } from '@playwright/test';

/**
 * The base test of every e2e spec: it fails a test whose pages broke the Content-Security-
 * Policy (enforced, not report-only; Trusted Types included) or threw an uncaught error.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        if (/Content Security Policy/i.test(text) && !/\[Report Only\]/i.test(text)) {
          problems.push(`CSP violation: ${text}`);
        }
        // Chromium words enforced Trusted Types refusals without 'Content Security Policy'.
        if (/requires 'Trusted\w+' assignment/i.test(text) && !/\[Report Only\]/i.test(text)) {
          problems.push(`Trusted Types violation: ${text}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`Uncaught error: ${error.message}`));
      await use(problems);
      expect(problems, 'the page broke the CSP or threw').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
