import { expectAccessible, screenshot } from './support/a11y';
import { signIn } from './support/auth';
import { expect, test } from './support/test';

/**
 * Issue 8: a vendor's customers (Customer Subs › Customers): the organisations Acme Mining sold
 * to, searchable by name, and new subscriptions for the customers selected there; the pickers
 * of the New subscriptions form search customers by name.
 */
test('the vendor finds its customers by name and sells to the selected ones', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'manager', { path: '/issued-subscriptions' });
  await page.getByRole('link', { name: 'Customers', exact: true }).click();
  await expect(page).toHaveURL(/view=customers/);
  await expect(page.getByText('Loading Data...')).toHaveCount(0);
  const table = page.getByRole('region', { name: 'Customers' });
  await expect(
    table.getByRole('gridcell', { name: 'Borealis Quarries', exact: true }),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'customers');

  // Search by name, select, and create a subscription for the one found.
  await page.getByRole('searchbox', { name: 'Search' }).fill('Delta Dril');
  await expect(table.getByRole('gridcell', { name: 'Delta Drilling', exact: true })).toBeVisible();
  await expect(table.getByRole('gridcell', { name: 'Borealis Quarries', exact: true })).toHaveCount(
    0,
  );
  await table.getByRole('checkbox', { name: /Delta Drilling/ }).check();
  await page.getByRole('button', { name: 'New subscriptions for 1 selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'New customer subscriptions' });
  await expect(dialog.getByText('Delta Drilling')).toBeVisible();
  // The picker searches by name too.
  await dialog.getByLabel('Customers').focus();
  await page.keyboard.type('Borea');
  await expect(dialog.getByRole('option', { name: 'Borealis Quarries' })).toBeVisible();
  await page.keyboard.press('Escape');
  const name = `E2E Customer Sub ${Date.now()}`;
  await dialog.getByLabel(/^Name/).fill(name);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create' }).click();
  // It says what it will create before it does (issue 17).
  await expect(dialog.getByText(/^Create a subscription to .+ for Delta Drilling: /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('link', { name: 'Subscriptions', exact: true }).click();
  // The reload must load the Subscriptions view: wait for the click's navigation first.
  await expect(page).toHaveURL(/view=subscriptions/);
  await page.reload();
  await expect(page.getByText('Loading Data...')).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const link = page.getByRole('link', { name });
  await expect(link).toHaveCount(1);
  await expect(
    page
      .getByRole('row')
      .filter({ has: link })
      .getByRole('gridcell', { name: 'Delta Drilling', exact: true }),
  ).toBeVisible();
});
