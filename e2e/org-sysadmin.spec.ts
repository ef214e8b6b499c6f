import type { Page } from '@playwright/test';
import { accounts, ORG_PORTAL, signIn } from './support/auth';
import { expectAccessible, screenshot } from './support/a11y';
import { expect, test } from './support/test';

/**
 * Issue 8, the Sysadmin screens of the organisation portal on the local stack: Organizations
 * (flags and custom data records) and All Users. sysadmin@ has the role claim; owner@ does not.
 */

const NO_ACCESS = 'You do not have access to this page';

async function tableLoaded(page: Page) {
  await expect(page.getByText('Loading Data...')).toHaveCount(0);
  await expect(page.locator('[data-app-loader]')).toHaveCount(0);
}

async function reloadAndSearch(page: Page, text: string) {
  await page.reload();
  await tableLoaded(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

test.describe('Organizations', () => {
  test('lists every organisation; create one, edit its flags and custom data', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'sysadmin', { path: '/organizations' });
    await expect(page).toHaveTitle('Organizations - Organization Portal');
    await expect(page.getByRole('gridcell', { name: 'Acme Mining', exact: true })).toBeVisible();
    await expect(
      page.getByRole('gridcell', { name: 'Borealis Quarries', exact: true }),
    ).toBeVisible();
    await tableLoaded(page);
    await expectAccessible(page);
    await screenshot(page, 'organizations');

    const name = `E2E Org ${Date.now()}`;
    await page.getByRole('button', { name: 'New organization' }).click();
    const create = page.getByRole('dialog', { name: 'New organization' });
    await create.getByLabel(/^Name/).fill(name);
    await create.getByRole('switch', { name: /^Product owner/ }).check();
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create).toHaveCount(0);

    await reloadAndSearch(page, name);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell', { name, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('switch', { name: `Product owner: ${name}` })).toBeChecked();
    await expect(row.getByRole('switch', { name: `Service owner: ${name}` })).not.toBeChecked();

    await row.getByRole('button', { name: `Edit: ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByRole('switch', { name: /^Service owner/ }).check();
    await edit.getByLabel('Description').fill('Edited by the end-to-end test');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toHaveCount(0);
    await reloadAndSearch(page, name);
    await expect(row.getByRole('switch', { name: `Service owner: ${name}` })).toBeChecked();
    await expect(
      row.getByRole('gridcell', { name: 'Edited by the end-to-end test' }),
    ).toBeVisible();

    // Custom data records of that organisation: add, check after a reload, delete.
    await row.getByRole('link', { name: 'Custom data' }).click();
    await expect(page.getByRole('heading', { name: `Custom data of ${name}` })).toBeVisible();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Custom Data' });
    await editor.getByLabel(/^Name/).fill('Welcome banner');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('cell', { name: 'Welcome banner', exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'organizations-custom-data');
    await page.getByRole('button', { name: 'Delete: Welcome banner' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Custom Data' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: `Custom data of ${name}` })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Welcome banner', exact: true })).toHaveCount(0);
  });
});

test.describe('All Users', () => {
  test('lists every user with their organisations', async ({ page }) => {
    await signIn(page, 'sysadmin', { path: '/all-users' });
    await expect(page).toHaveTitle('All Users - Organization Portal');
    await expect(page.getByRole('columnheader', { name: /Organizations/ })).toBeVisible();
    await tableLoaded(page);
    await expectAccessible(page);
    await screenshot(page, 'all-users');
    await page.getByRole('searchbox', { name: 'Search' }).fill('pending@example.com');
    await expect(page.getByText('Pending user activation')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('owner@example.com');
    const row = page.getByRole('row').filter({ hasText: 'owner@example.com' });
    await expect(row.getByText(/Acme Mining/).first()).toBeVisible();
  });
});

test.describe('without the flags', () => {
  test(`${accounts.owner} cannot reach the Sysadmin screens`, async ({ page }) => {
    await signIn(page, 'owner', { path: '/organizations' });
    await expect(page.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
    await page.goto(ORG_PORTAL + '/all-users');
    await expect(page.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
  });
});
