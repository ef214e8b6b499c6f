import type { Page } from '@playwright/test';
import { accounts, ORG_PORTAL, signIn } from './support/auth';
import { expectAccessible, screenshot } from './support/a11y';
import { expect, figure, FIGURE, test, totalOf } from './support/test';

/**
 * Issue 8, the Business screens of the organisation portal on the local stack: Offerings, Product
 * and Service Details, Issued Licences, Customer Subs and Subscription Details. Demo facts
 * (server/seed): Acme Mining (1) sells products (ids 1-8) and services (9-12); manager@ is its
 * business manager, owner@ its owner and admin; submanager@ belongs to Borealis only.
 */

const NO_ACCESS = 'You do not have access to this page';

async function tableLoaded(page: Page) {
  await expect(page.getByText('Loading Data...')).toHaveCount(0);
  await expect(page.locator('[data-app-loader]')).toHaveCount(0);
}

async function search(page: Page, text: string) {
  await tableLoaded(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

async function reloadAndSearch(page: Page, text: string) {
  await page.reload();
  await search(page, text);
}

/**
 * Issued Licences opened afresh on the licences with these seats, by the Seats filter in the
 * link (the search reads the text and select columns only, as the server's does).
 */
async function openWithSeats(page: Page, seats: string) {
  await page.goto(`${ORG_PORTAL}/issued-licences?f.seats=${seats}..${seats}`);
  await tableLoaded(page);
}

test.describe('Offerings', () => {
  test('loads real offerings; create, edit and delete a product', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'manager', { path: '/offerings' });
    await expect(page).toHaveTitle('Offerings - Organization Portal');
    await expect(page.getByRole('heading', { name: 'Offerings', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Blast Designer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Blast Cloud Sync' })).toBeVisible();
    await tableLoaded(page);
    await expectAccessible(page);
    await screenshot(page, 'offerings');

    const name = `E2E Product ${Date.now()}`;
    await page.getByRole('button', { name: 'New offering' }).click();
    let dialog = page.getByRole('dialog', { name: 'New product or service' });
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel('Description').fill('Made by the end-to-end test');
    await dialog.getByRole('button', { name: 'Add feature' }).click();
    await dialog.getByLabel('Feature 1 name').fill('Reports');
    await dialog.getByRole('switch', { name: /On by default/ }).check();
    await expectAccessible(page);
    await screenshot(page, 'offerings-create');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toHaveCount(0);

    await reloadAndSearch(page, name);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('gridcell', { name: 'Product', exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Edit: ${name}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit product' });
    await expect(dialog.getByLabel('Feature 1 name')).toHaveValue('Reports');
    await dialog.getByLabel(/^Name/).fill(`${name} v2`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);

    await reloadAndSearch(page, `${name} v2`);
    await expect(page.getByRole('link', { name: `${name} v2` })).toBeVisible();
    await page.getByRole('button', { name: `Delete: ${name} v2` }).click();
    dialog = page.getByRole('dialog', { name: 'Delete product' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toHaveCount(0);

    await reloadAndSearch(page, name);
    await expect(page.getByText('No data found')).toBeVisible();
  });

  test('Product Details and Service Details with the breadcrumb back', async ({ page }) => {
    // A journey of two pages, each scanned by axe and photographed whole: 19 s on a quiet run,
    // past 30 s on a machine running two suites at once.
    test.slow();
    await signIn(page, 'manager', { path: '/offerings/product/1' });
    await expect(page).toHaveTitle('Product Details - Organization Portal');
    await expect(
      page.getByRole('heading', { name: 'Product Details: Blast Designer', level: 1 }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Features' }).getByText('Timing editor'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Custom Data' })).toBeVisible();
    // Issue 17: the offering's subscriptions are a paged data table with the true total (the
    // demo's ~150 made a 5,400 px page), filtered by the server.
    const subs = page.getByRole('region', { name: 'Offering Subscriptions' });
    const showing = subs.getByText(/^Showing 1–20 of [\d,]+/);
    await expect(showing).toBeVisible();
    const total = totalOf((await showing.textContent()) ?? '');
    expect(total).toBeGreaterThan(20);
    await expect(subs.getByPlaceholder(`Search ${figure(total)} records...`)).toBeVisible();
    await expect(subs.locator('tbody tr')).toHaveCount(20);
    await subs.getByRole('searchbox', { name: 'Search' }).fill('Borealis');
    await expect(subs.getByRole('link', { name: 'Borealis - Blast Designer' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'product-details');

    await page.goto(ORG_PORTAL + '/offerings/service/9');
    await expect(
      page.getByRole('heading', { name: 'Service Details: Blast Cloud Sync', level: 1 }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Service Details - Organization Portal');
    await expectAccessible(page);
    await screenshot(page, 'service-details');
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Offerings' })
      .click();
    await expect(page).toHaveURL(/\/offerings$/);
    await expect(page.getByRole('heading', { name: 'Offerings', level: 1 })).toBeVisible();
  });
});

test.describe('Issued Licences', () => {
  test('the Issue form: every label above its field, the help beside it and not in it', async ({
    page,
  }) => {
    await signIn(page, 'manager', { path: '/issued-licences' });
    await tableLoaded(page);
    await page.getByRole('button', { name: 'Issue licence' }).click();
    const issue = page.getByRole('dialog', { name: 'Issue a licence' });
    // The labels are the fields' names exactly: no tooltip text inside them (issue 17).
    const expiry = issue.getByLabel('Expiry', { exact: true });
    const seats = issue.getByLabel('Seats', { exact: true });
    await expect(expiry).toBeVisible();
    await expect(seats).toBeVisible();
    // Only the field answers to its label: its help button has a name of its own.
    await expect(issue.getByLabel('Expiry')).toHaveCount(1);
    await expect(issue.getByLabel('Customer')).toHaveCount(1);
    // The date field's label is above its input, as the Seats label is above its input.
    for (const [name, input] of [
      ['Expiry', expiry],
      ['Seats', seats],
    ] as const) {
      const label = await issue.locator('label', { hasText: name }).boundingBox();
      const box = await input.boundingBox();
      expect(label && box && label.y + label.height <= box.y + 1, `${name}: label above`).toBe(
        true,
      );
      expect(label && box && Math.abs(label.x - box.x) < 2, `${name}: aligned`).toBe(true);
    }
    // The help is a button of its own, reached by the keyboard, that shows its text on focus.
    const help = issue.getByRole('button', { name: 'About Expiry' });
    await help.focus();
    await expect(issue.getByRole('tooltip').filter({ hasText: 'Empty: no expiry.' })).toBeVisible();
    await expect(expiry).toHaveAccessibleDescription(/Empty: no expiry\./);
    await expectAccessible(page);
  });

  test('loads real licences; issue, renew, suspend and reinstate one', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'owner', { path: '/issued-licences' });
    await expect(page).toHaveTitle('Issued Licences - Organization Portal');
    await tableLoaded(page);
    await expect(page.getByRole('row').nth(3)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'issued-licences');

    const seats = String(10_000 + (Date.now() % 89_999));
    await page.getByRole('button', { name: 'Issue licence' }).click();
    const issue = page.getByRole('dialog', { name: 'Issue a licence' });
    await issue.getByLabel('Seats').fill(seats);
    await expectAccessible(page);
    await issue.getByRole('button', { name: 'Issue' }).click();
    // What it will issue, in words, before it does (issue 17).
    await expect(
      issue.getByText(new RegExp(`^Issue .+ to .+: ${figure(Number(seats))} seats, `)),
    ).toBeVisible();
    await issue.getByRole('button', { name: 'Confirm' }).click();
    await expect(issue).toHaveCount(0);

    await openWithSeats(page, seats);
    const row = page.getByRole('row').filter({ hasText: figure(Number(seats)) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('gridcell', { name: 'Active', exact: true })).toBeVisible();
    const expiryBefore = await row.getByRole('gridcell').nth(6).textContent();

    await row.getByRole('button', { name: /^Renew:/ }).click();
    const renew = page.getByRole('dialog', { name: 'Renew licence' });
    await renew.getByRole('button', { name: 'Renew' }).click();
    await renew.getByRole('button', { name: 'Confirm' }).click();
    await expect(renew).toHaveCount(0);
    await openWithSeats(page, seats);
    await expect(row.getByRole('gridcell').nth(6)).not.toHaveText(expiryBefore ?? '');

    await row.getByRole('button', { name: /^Suspend:/ }).click();
    const suspend = page.getByRole('dialog', { name: 'Suspend licence' });
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await expect(suspend).toHaveCount(0);
    await openWithSeats(page, seats);
    await expect(row.getByRole('gridcell', { name: 'Suspended', exact: true })).toBeVisible();

    await row.getByRole('button', { name: /^Reinstate:/ }).click();
    const reinstate = page.getByRole('dialog', { name: 'Reinstate licence' });
    await reinstate.getByRole('button', { name: 'Reinstate' }).click();
    await expect(reinstate).toHaveCount(0);
    await openWithSeats(page, seats);
    await expect(row.getByRole('gridcell', { name: 'Active', exact: true })).toBeVisible();
  });
});

test.describe('Customer Subs', () => {
  test('loads real subscriptions; create for two customers, edit and disable', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'manager', { path: '/issued-subscriptions' });
    await expect(page).toHaveTitle('Customer Subs - Organization Portal');
    await expect(page.getByRole('heading', { name: 'Customer Subs', level: 1 })).toBeVisible();
    await tableLoaded(page);
    await expect(page.getByRole('row').nth(5)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'customer-subs');
    await search(page, 'Borealis - Blast Designer');
    await expect(page.getByRole('link', { name: 'Borealis - Blast Designer' })).toBeVisible();

    const name = `E2E Sub ${Date.now()}`;
    await page.getByRole('button', { name: 'New subscriptions' }).click();
    const create = page.getByRole('dialog', { name: 'New customer subscriptions' });
    const customers = create.getByLabel('Customers');
    // react-select: the placeholder covers the input, so open the menu from the keyboard.
    for (let i = 0; i < 2; i++) {
      await customers.focus();
      await page.keyboard.press('ArrowDown');
      await create.getByRole('option').first().click();
    }
    await create.getByLabel(/^Name/).fill(name);
    await create.getByLabel('Seats allowed').fill('7');
    await expectAccessible(page);
    await screenshot(page, 'customer-subs-create');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByText(/^Create 2 subscriptions to /)).toBeVisible();
    await create.getByRole('button', { name: 'Confirm' }).click();
    await expect(create).toHaveCount(0);

    await reloadAndSearch(page, name);
    await expect(page.getByRole('link', { name })).toHaveCount(2);

    await page
      .getByRole('button', { name: `Edit: ${name}` })
      .first()
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit subscription' });
    await edit.getByLabel('Seats allowed').fill('9');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toHaveCount(0);
    await reloadAndSearch(page, name);
    await expect(page.getByRole('gridcell', { name: '0 / 9' })).toHaveCount(1);

    await page
      .getByRole('button', { name: `Disable: ${name}` })
      .first()
      .click();
    const disable = page.getByRole('dialog', { name: 'Disable subscription' });
    await disable.getByRole('button', { name: 'Disable' }).click();
    await expect(disable).toHaveCount(0);
    await reloadAndSearch(page, name);
    await expect(page.getByRole('gridcell', { name: 'Disabled', exact: true })).toHaveCount(1);

    await page.getByRole('link', { name }).first().click();
    await expect(
      page.getByRole('heading', { name: `Subscription Details: ${name}`, level: 1 }),
    ).toBeVisible();
  });

  test('Subscription Details: subscriber, offering, seats, features, licences', async ({
    page,
  }) => {
    await signIn(page, 'manager', { path: '/issued-subscriptions/1' });
    await expect(page).toHaveTitle('Subscription Details - Organization Portal');
    await expect(
      page.getByRole('heading', { name: 'Subscription Details: Borealis - Blast Designer' }),
    ).toBeVisible();
    await expect(
      page.getByText(new RegExp(`^Seats used / allowed: ${FIGURE} / ${FIGURE}$`)),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Blast Designer' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Subscription Licences' })).toBeVisible();
    await tableLoaded(page);
    await expectAccessible(page);
    await screenshot(page, 'subscription-details');
  });
});

test.describe('without the flags', () => {
  test(`${accounts.submanager} cannot reach the Business screens`, async ({ page }) => {
    await signIn(page, 'submanager', { path: '/issued-licences' });
    await expect(page.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
    for (const path of ['/offerings', '/issued-subscriptions', '/offerings/product/1']) {
      await page.goto(ORG_PORTAL + path);
      await expect(page.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
    }
  });
});
