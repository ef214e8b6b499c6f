import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * axe-core with the WCAG 2 A and AA rules on the whole page, shell and open dialogs included:
 * no serious or critical violation. Run in the page itself (legacy mode): the default collects
 * each frame's part and joins them in a new blank page, which costs a page and two more loads
 * of axe per scan, seconds each on a busy machine, for the one frame the portals have: the
 * sign-in library's hidden session-check frame, a page of the identity provider with no
 * content (its element is still checked here, in the portal's page).
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
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .setLegacyMode()
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(bad, `axe on ${page.url()}`).toEqual([]);
}

/** A full-page screenshot under test-results/screens/, for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}
