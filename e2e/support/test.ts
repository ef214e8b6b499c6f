import { test as base, expect, type Dialog, type Page } from '@playwright/test';

/** Collects into `problems` what breaks the test: CSP or Trusted Types refusals, uncaught errors. */
export function watchPageProblems(page: Page, problems: string[]): void {
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
}

/**
 * The base test of every e2e spec: it fails a test whose pages broke the Content-Security-
 * Policy (enforced, not report-only; Trusted Types included) or threw an uncaught error.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      watchPageProblems(page, problems);
      await use(problems);
      expect(problems, 'the page broke the CSP or threw').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A count as the portals write it, its thousands grouped ('7,000'), and back to a number. */
export const figure = (count: number) => count.toLocaleString('en-GB');
export const readFigure = (text: string) => Number(text.replace(/,/g, ''));
/** A count in a pattern: '12', '7,000'. */
export const FIGURE = String.raw`\d{1,3}(?:,\d{3})*`;
/** A table footer's text: 'Showing 1–20 of 7,000'. */
export const SHOWING = new RegExp(`^Showing ${FIGURE}–${FIGURE} of ${FIGURE}$`);
/** The total a table footer's text gives. */
export const totalOf = (text: string) =>
  readFigure(/ of (?:about )?([\d,]+)/.exec(text)?.[1] ?? 'NaN');

/** What a form with unsaved changes asks before it is left (src/core/ui/leave-guard.tsx). */
export const LEAVE_UNSAVED = 'You have unsaved changes. Leave without saving them?';

/** Tries to leave a form with unsaved changes and answers its question: Leave, or Stay. */
async function answerUnsaved(
  page: Page,
  leave: () => Promise<unknown>,
  answer: 'leave' | 'stay',
): Promise<void> {
  const asked: string[] = [];
  page.once('dialog', (dialog: Dialog) => {
    asked.push(dialog.message());
    void (answer === 'leave' ? dialog.accept() : dialog.dismiss());
  });
  await leave();
  await expect.poll(() => asked).toEqual([LEAVE_UNSAVED]);
}

/** Leaves a form with unsaved changes (Cancel, Escape, a link, Back), agreeing to its question. */
export async function leaveUnsaved(page: Page, leave: () => Promise<unknown>): Promise<void> {
  await answerUnsaved(page, leave, 'leave');
}

/** Tries to leave a form with unsaved changes and declines its question (Stay). */
export async function stayWithUnsaved(page: Page, leave: () => Promise<unknown>): Promise<void> {
  await answerUnsaved(page, leave, 'stay');
}

/** Runs `act` and answers the page's questions, if any; resolves to what they asked. */
export async function questionsAsked(page: Page, act: () => Promise<unknown>): Promise<string[]> {
  const asked: string[] = [];
  const answer = (dialog: Dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  };
  page.on('dialog', answer);
  try {
    await act();
  } finally {
    page.off('dialog', answer);
  }
  return asked;
}
