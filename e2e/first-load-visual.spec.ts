import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ORG_PORTAL, SITE_PORTAL, signIn } from './support/auth';
import { screenshot } from './support/a11y';
import { expect, test } from './support/test';

/**
 * Issue 10, first load (docs/performance.md): Bootstrap is purged of unused selectors at build
 * time, and index.*.html paints a static shell before the JavaScript runs. Nothing visible may
 * change: on each screen below, every element's computed style is the same with the full,
 * unpurged Bootstrap added under the built CSS. Screens are also photographed
 * (test-results/screens/first-load-*.png) for a person to look at.
 */
const fullBootstrap = readFileSync('node_modules/bootstrap/dist/css/bootstrap.min.css', 'utf8');

/**
 * The differences the unpurged Bootstrap (placed first: the built CSS still wins) makes to the
 * computed style of every element and its ::before/::after, the first 20. Measured and compared
 * in the page, in one task: a large screen's styles are tens of megabytes, too many to send to
 * the test, and nothing else runs between the two snapshots, so they are of one document.
 */
async function purgeDifferences(page: Page): Promise<string[]> {
  // react-toastify loads when the page is idle and injects its styles then: measure after it.
  await page.getByRole('region', { name: /^Notifications/ }).waitFor({ state: 'attached' });
  return page.evaluate((css) => {
    const styles = () => {
      const all = new Map<string, Record<string, string>>();
      document.querySelectorAll('body *').forEach((element, index) => {
        for (const pseudo of [null, '::before', '::after']) {
          const style = getComputedStyle(element, pseudo);
          // A ::before or ::after with no content is not drawn: its content is all it shows.
          const names = pseudo && style.content === 'none' ? ['content'] : [...style];
          all.set(
            `${String(index)} ${element.tagName}.${element.className.toString()}${pseudo ?? ''}`,
            Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)])),
          );
        }
      });
      return all;
    };
    const before = styles();
    const full = document.createElement('style');
    full.textContent = css;
    document.head.prepend(full);
    const after = styles();
    full.remove();
    const differences: string[] = [];
    for (const [key, properties] of after) {
      for (const [name, value] of Object.entries(properties)) {
        const was = before.get(key)?.[name];
        if (was !== value) differences.push(`${key} ${name}: ${String(was)} → ${value}`);
      }
    }
    return differences.slice(0, 20);
  }, fullBootstrap);
}

async function settled(page: Page) {
  await expect(page.getByText('Loading Data...')).toHaveCount(0);
  await expect(page.locator('[data-app-loader]')).toHaveCount(0);
}

// The pages as most people see them, transitions included (the other specs open dialogs without
// their slide: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test('landing pages: the purge changes no style', async ({ page }) => {
  for (const [portal, name] of [
    [ORG_PORTAL, 'org'],
    [SITE_PORTAL, 'site'],
  ] as const) {
    await page.goto(`${portal}/`);
    await expect(page.getByRole('button', { name: 'Register' }).first()).toBeVisible();
    await screenshot(page, `first-load-${name}-landing`);
    expect(await purgeDifferences(page), name).toEqual([]);
  }
});

test('a table screen and a modal: the purge changes no style', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'manager', { path: '/offerings' });
  await settled(page);
  await screenshot(page, 'first-load-org-offerings');
  expect(await purgeDifferences(page)).toEqual([]);
  await page.getByRole('button', { name: 'New offering' }).click();
  await expect(page.getByRole('dialog', { name: 'New product or service' })).toBeVisible();
  // The modal's fade has ended: no finite animation or transition still runs.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: 'test-results/screens/first-load-org-modal.png' });
  expect(await purgeDifferences(page)).toEqual([]);
});

test('landing pages on a phone: painted from the static shell, nothing moves', async ({
  browser,
}) => {
  // Two portals, each loaded at a quarter of the CPU: a long journey on a busy machine.
  test.slow();
  for (const portal of [ORG_PORTAL, SITE_PORTAL]) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      interface Paint {
        at: number;
        element: string;
        /** The element was the static shell's (index.*.html) when the entry arrived. */
        static: boolean;
      }
      const w = window as unknown as {
        cls: number;
        lcp: Paint[];
        staticLead: number | null;
        staticRemoved: number | null;
      };
      w.cls = 0;
      w.lcp = [];
      w.staticLead = null;
      w.staticRemoved = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number }[]) {
          w.cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as LargestContentfulPaint[]) {
          const element = entry.element;
          w.lcp.push({
            at: entry.startTime,
            element: element ? `${element.tagName}.${element.className}` : 'removed',
            static: element?.closest('[data-static-landing]') != null,
          });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // When the static shell's landing text is painted (Element Timing, named as it is parsed),
      // and when the app's render removes it.
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          identifier: string;
          renderTime: number;
        }[])
          if (entry.identifier === 'static-lead') w.staticLead = entry.renderTime;
      }).observe({ type: 'element', buffered: true });
      let parsed = false;
      const watch = new MutationObserver(() => {
        const lead = document.querySelector('[data-static-landing] .lead');
        if (lead && !lead.hasAttribute('elementtiming'))
          lead.setAttribute('elementtiming', 'static-lead');
        const there = document.querySelector('[data-static-landing]') !== null;
        parsed ||= there;
        if (parsed && !there) {
          w.staticRemoved = performance.now();
          watch.disconnect();
        }
      });
      watch.observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${portal}/`);
    await expect(page.getByRole('button', { name: 'Register' }).first()).toBeVisible();
    // The app has rendered over the static shell and gone idle (react-toastify's idle load).
    await page.getByRole('region', { name: /^Notifications/ }).waitFor({ state: 'attached' });
    // Two frames: a paint the app's render caused is reported by now.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const { cls, lcp, staticLead, staticRemoved } = await page.evaluate(() => {
      const w = window as unknown as {
        cls: number;
        lcp: { at: number; element: string; static: boolean }[];
        staticLead: number | null;
        staticRemoved: number | null;
      };
      return { cls: w.cls, lcp: w.lcp, staticLead: w.staticLead, staticRemoved: w.staticRemoved };
    });
    const report = JSON.stringify({ lcp, staticLead, staticRemoved });
    expect(cls, portal).toBeLessThanOrEqual(0.01);
    // The landing text users first see is the static HTML's: its paint is reported, before the
    // app removed it (first-paint.js starts the app only then).
    expect(staticLead, `${portal} ${report}`).not.toBeNull();
    expect(staticRemoved, `${portal} ${report}`).not.toBeNull();
    expect(staticLead ?? Infinity, `${portal} ${report}`).toBeLessThan(staticRemoved ?? 0);
    // The largest paint is that text, from the static shell, and it happens once: the top bar
    // may come a frame earlier, and the app's render of the same text is no larger paint (it
    // would be if the static shell differed from it).
    const last = lcp.at(-1);
    expect(last, `${portal} ${report}`).toEqual({
      at: staticLead,
      element: 'P.lead',
      static: true,
    });
    expect(
      lcp.filter((paint) => paint.element === 'P.lead'),
      `${portal} ${report}`,
    ).toHaveLength(1);
    await context.close();
  }
});
