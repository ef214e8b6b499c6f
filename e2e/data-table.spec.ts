import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { ORG_PORTAL, signIn } from './support/auth';
import { expect, figure, SHOWING, test, totalOf } from './support/test';

/**
 * Issue 6 end to end: a real list screen on the local stack (Users of Borealis Quarries, as its
 * sub manager) searched, filtered, sorted, paged and exported through the core DataTable.
 * Demo facts used (server/seed): the fixed demo accounts are @example.com, generated users are
 * @example.net; Borealis has members of both.
 */

const footerStatus = (page: Page) => page.locator('.dt-footer [role="status"]');

async function shownTotal(page: Page): Promise<number> {
  await expect(footerStatus(page)).toHaveText(SHOWING);
  return totalOf((await footerStatus(page).textContent()) ?? '');
}

/** The Email column's cells on the current page (checkbox, User, Email, ...). */
const emailCells = (table: Locator) => table.locator('tbody tr td:nth-child(3)');

test('Users: searched, filtered, sorted, paged and exported', async ({ page }) => {
  await signIn(page, 'submanager', { path: '/users' });
  const table = page.getByRole('grid');
  await expect(page.getByText('Loading Data...')).toHaveCount(0);
  const total = await shownTotal(page);
  expect(total).toBeGreaterThan(1);
  await expect(page.getByPlaceholder(`Search ${figure(total)} records...`)).toBeVisible();

  // Sorted by Email (the screen's initial sort); a click on the heading turns it around.
  const email = page.getByRole('columnheader', { name: 'Email', exact: true });
  await expect(email).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await emailCells(table).allTextContents();
  expect(ascending).toEqual([...ascending].sort());
  await email.getByRole('button').click();
  await expect(email).toHaveAttribute('aria-sort', 'descending');
  const descending = await emailCells(table).allTextContents();
  expect(descending).toEqual([...descending].sort().reverse());
  // Anywhere in the header cell sorts, its corner far from the label too (descending, then no
  // sort, then ascending again).
  const box = await email.boundingBox();
  const corner = { position: { x: (box?.width ?? 4) - 3, y: 3 } };
  await email.click(corner);
  await expect(email).toHaveAttribute('aria-sort', 'none');
  await email.click(corner);
  await expect(email).toHaveAttribute('aria-sort', 'ascending');
  await email.getByRole('button').click();
  await expect(email).toHaveAttribute('aria-sort', 'descending');

  // Paged: page 2 when there is one (?page=2), and a page beyond the last jumps to the last.
  const pageCount = Math.ceil(total / 20);
  if (pageCount > 1) {
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: 'Page 2' })
      .click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(footerStatus(page)).toHaveText(
      new RegExp(`^Showing 21–[\\d,]+ of ${figure(total)}$`),
    );
  }
  await page.goto(`${ORG_PORTAL}/users?page=99`);
  await expect(footerStatus(page)).toHaveText(SHOWING);
  if (pageCount > 1) await expect(page).toHaveURL(new RegExp(`[?&]page=${pageCount}(&|$)`));
  else await expect(page).not.toHaveURL(/page=/);

  // Filtered: the Email filter keeps the fixed demo accounts only (case-insensitive).
  await page.getByRole('searchbox', { name: 'Filter Email' }).fill('@EXAMPLE.COM');
  await expect(page).not.toHaveURL(/page=/);
  // The address changes first; the rows follow in the same transition.
  await expect(footerStatus(page)).not.toHaveText(new RegExp(`of ${figure(total)}$`));
  const filtered = await shownTotal(page);
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(total);
  for (const cell of await emailCells(table).allTextContents())
    expect(cell).toContain('@example.com');

  // Searched: literal text across the columns.
  await page.getByRole('searchbox', { name: 'Search' }).fill('submanager@');
  await expect(footerStatus(page)).toHaveText('Showing 1–1 of 1');
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(footerStatus(page)).toHaveText(new RegExp(`of ${figure(filtered)}$`));

  // Exported: the displayed rows, named after the entity, with the byte-order mark.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Users.csv');
  const path = await download.path();
  const bytes = await readFile(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\n');
  expect(lines[0]).toMatch(/^"User","Email","Status"/);
  expect(lines).toHaveLength(filtered + 1);
  for (const line of lines.slice(1)) expect(line).toContain('@example.com');
});

test('A table wider than the screen scrolls inside itself; the page keeps the window width', async ({
  page,
}) => {
  // Users with its five flag columns is wider than a 1024 px window.
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, 'owner', { path: '/users' });
  await expect(page.getByText('Loading Data...')).toHaveCount(0);
  const scroller = page.locator('.table-responsive').filter({ has: page.getByRole('grid') });
  const widths = await scroller.evaluate((el) => ({
    table: el.scrollWidth,
    scroller: el.clientWidth,
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.table).toBeGreaterThan(widths.scroller);
  expect(widths.page).toBeLessThanOrEqual(widths.window);
});
