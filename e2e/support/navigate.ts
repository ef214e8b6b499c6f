import type { Locator, Page } from '@playwright/test';
import { expect } from './test';

/**
 * Client-side navigation to `path` (no page load: the session stays as it is), done once the
 * route at the new address has rendered. React Router moves in a transition: while the next
 * page's code loads, the page before stays on screen, and its heading and table would pass for
 * the next one's (a layout check ran on the Dashboard while /blasts-shared loaded, then clicked
 * the Dashboard's first link). The shell sets the document title whenever a route renders at a
 * new address (useRouteTitle, src/core/ui/portal.tsx): it is blanked first, then awaited.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  const moving = await page.evaluate((p) => {
    const moves = new URL(p, window.location.href).pathname !== window.location.pathname;
    if (moves) document.title = '';
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return moves;
  }, path);
  if (moving) await expect(page).not.toHaveTitle('');
}

/**
 * A click on a link to another route, done once that route has rendered, as goInApp: the URL
 * changes at once, and the page before stays on screen while the next one's code loads. A
 * layout check then ran on a blast's list instead of its viewer, and the next navigation back to
 * that list never rendered anew, so its title stayed blank (a flaky layout test, session 55).
 */
export async function clickInApp(page: Page, link: Locator): Promise<void> {
  await page.evaluate(() => {
    document.title = '';
  });
  await link.click();
  await expect(page).not.toHaveTitle('');
}
