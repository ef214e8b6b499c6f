import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { expect } from './test';

/** The rules every page is held to: WCAG 2 A and AA. */
const TAGS = ['wcag2a', 'wcag2aa'];

/**
 * axe-core with the WCAG 2 A and AA rules on the whole page, shell and open dialogs included:
 * no serious or critical violation.
 *
 * axe is evaluated in the page once per document and kept there: the specs move through a
 * portal client-side, so one load serves every page and dialog a test checks after it.
 * (@axe-core/playwright evaluated its 1.3 MB script twice in the page, and once more in each
 * frame, for every scan: two thirds of a scan's time on the sweep's 102 scans.)
 */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours read mid-transition (a button's colour, a fading toast or dialog) are not the page's:
  // let the finite animations end (a spinner's never does).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Evaluated by the browser's debugging protocol, outside the page's content security policy.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const bad = await page.evaluate(async (tags) => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }, TAGS);
  expect(bad, `axe on ${page.url()}`).toEqual([]);
}

/** A full-page screenshot under test-results/screens/, for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}
