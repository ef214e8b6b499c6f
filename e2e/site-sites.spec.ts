import type { Page } from '@playwright/test';
import { accounts, signIn, SITE_PORTAL } from './support/auth';
import { expectAccessible, screenshot } from './support/a11y';
import { expect, leaveUnsaved, questionsAsked, stayWithUnsaved, test } from './support/test';

/**
 * Issue 9 end to end, the site portal's other screens: Sites (presentation), the Site Dashboard,
 * the Dashboard, Site Admin and All Sites, Site Users and Node Libraries.
 * Demo facts (server/seed): Borealis Quarries (2) has North Pit (1), South Pit (2), East Quarry
 * (3) and Granite Ridge (4); siteadmin@example.com is site admin of North Pit and South Pit;
 * owner@example.com is org admin of Acme Mining (1), whose site is Acme Test Range (5);
 * submanager@example.com is a member of Borealis on no site; Borealis Standard Nodes is
 * Borealis' organisation-wide node library.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function findRow(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  return page.getByRole('row').filter({ hasText: text });
}

const NO_ACCESS = 'You do not have access to this page';

test.describe('Sites and dashboards', () => {
  test('siteadmin sees its two sites as cards, with organisation and subscription', async ({
    page,
  }) => {
    await signIn(page, 'siteadmin', { portal: SITE_PORTAL, path: '/dashboard' });
    // The landing page asks for its sites once, not once per site.
    const siteRequests: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/data\/v1\/(my-sites|orgs\/\d+\/sites\/\d+)$/.test(path)) siteRequests.push(path);
    });
    await page.goto(`${SITE_PORTAL}/`);
    await expect(page).toHaveTitle('Sites - Site Portal');
    const sites = page.getByRole('list', { name: 'Your sites' });
    await expect(sites.getByRole('listitem')).toHaveCount(2);
    const north = sites.getByRole('article', { name: 'North Pit' });
    await expect(north).toContainText('Borealis Quarries');
    await expect(north).toContainText('Borealis - Blast Cloud Sync');
    await expect(north).toContainText('Kiruna Road');
    await expect(north).toContainText('Site admin');
    expect(siteRequests).toEqual(['/data/v1/my-sites']);
    await expect(sites.getByRole('article', { name: 'South Pit' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'site-sites');
    await north.getByRole('link', { name: 'North Pit' }).click();
    await expect(page).toHaveURL(`${SITE_PORTAL}/site/1`);
  });

  test('owner sees the sites of both its organisations, each opening in its organisation', async ({
    page,
  }) => {
    // owner@: owner of Acme Mining (its Acme Test Range) and a sub manager of Borealis Quarries.
    await signIn(page, 'owner', { portal: SITE_PORTAL, path: '/dashboard' });
    await page.goto(`${SITE_PORTAL}/`);
    const sites = page.getByRole('list', { name: 'Your sites' });
    const acme = sites.getByRole('article', { name: 'Acme Test Range' });
    await expect(acme).toContainText('Acme Mining');
    await expect(acme).toContainText('No subscription');
    const north = sites.getByRole('article', { name: 'North Pit' });
    await expect(north).toContainText('Borealis Quarries');
    await expect(north).toContainText('Sub manager');
    await expect(sites.getByRole('article', { name: 'Granite Ridge' })).toBeVisible();
    await north.getByRole('link', { name: 'North Pit' }).click();
    await expect(page.getByRole('heading', { name: 'Site Dashboard', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('combobox', { name: 'Organization' }).locator('option:checked'),
    ).toHaveText('Borealis Quarries');
  });

  test('the Site Dashboard shows counts, recent blasts and the chart', async ({ page }) => {
    await signIn(page, 'siteadmin', { portal: SITE_PORTAL, path: '/site/1' });
    await expect(page).toHaveTitle('Site Dashboard - Site Portal');
    await expect(page.getByRole('heading', { name: 'Site Dashboard', level: 1 })).toBeVisible();
    const figures = page.getByRole('list', { name: 'Site figures' });
    await expect(figures).toContainText('Blasts');
    await expect(page.getByTestId('blasts-chart')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent blasts' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^North Pit \d{4}$/ }).first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'site-site-dashboard');
  });

  test('the Dashboard sums up every site of the user', async ({ page }) => {
    await signIn(page, 'siteadmin', { portal: SITE_PORTAL, path: '/dashboard' });
    await expect(page).toHaveTitle('Dashboard - Site Portal');
    await expect(page.getByRole('list', { name: 'Totals' })).toContainText('Sites2');
    await expect(page.getByTestId('blasts-chart')).toBeVisible();
    await expect(page.getByRole('link', { name: 'North Pit' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'South Pit' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'site-dashboard');
  });
});

test.describe('Site Admin and All Sites', () => {
  test('owner (org admin of Acme) creates a site and edits it', async ({ page }) => {
    // A dialog, two reloads and two accessibility scans: past 30 s at a load of 12 on 2 cores.
    test.slow();
    await signIn(page, 'owner', { portal: SITE_PORTAL, path: '/sites' });
    await expect(page).toHaveTitle('Site Admin - Site Portal');
    await expect(page.getByRole('link', { name: 'Acme Test Range' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'site-site-admin');

    const name = `E2E Site ${unique()}`;
    await page.getByRole('button', { name: 'Create site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a site' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Location').fill('Quarry Road 1');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    let row = await findRow(page, name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Quarry Road 1');

    // A second site of that name is refused under the field.
    await page.getByRole('button', { name: 'Create site' }).click();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(
      dialog.getByText('A site with this name already exists in the organization'),
    ).toBeVisible();
    await leaveUnsaved(page, () => dialog.getByRole('button', { name: 'Cancel' }).click());

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Location').fill('Quarry Road 2');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await page.reload();
    row = await findRow(page, name);
    await expect(row).toContainText('Quarry Road 2');
  });

  test("the browser's Back closes an untouched dialog at once, and asks before typing is lost", async ({
    page,
  }) => {
    await signIn(page, 'owner', { portal: SITE_PORTAL, path: '/dashboard' });
    await page.getByRole('link', { name: 'Site Admin' }).click();
    await expect(page).toHaveTitle('Site Admin - Site Portal');
    const create = page.getByRole('button', { name: 'Create site' });
    const dialog = page.getByRole('dialog', { name: 'Create a site' });

    // Nothing typed: Back goes back without a question, and the dialog goes with its page.
    await create.click();
    await expect(dialog).toBeVisible();
    expect(await questionsAsked(page, () => page.goBack())).toEqual([]);
    await expect(page).toHaveTitle('Dashboard - Site Portal');
    await expect(dialog).toBeHidden();

    await page.goForward();
    await expect(page).toHaveTitle('Site Admin - Site Portal');
    await create.click();
    await dialog.getByLabel('Name').fill(`E2E Site ${unique()}`);
    await stayWithUnsaved(page, () => page.goBack());
    await expect(page).toHaveURL(/\/sites$/);
    await expect(dialog.getByLabel('Name')).toHaveValue(/^E2E Site /);

    await leaveUnsaved(page, () => page.goBack());
    await expect(page).toHaveTitle('Dashboard - Site Portal');
    await expect(dialog).toBeHidden();
  });

  test('sysadmin sees every site with its organisation', async ({ page }) => {
    await signIn(page, 'sysadmin', { portal: SITE_PORTAL, path: '/all-sites' });
    await expect(page).toHaveTitle('Site Admin - Site Portal');
    await expect(page.getByRole('columnheader', { name: /Organization/ })).toBeVisible();
    const row = await findRow(page, 'North Pit');
    await expect(row.first()).toContainText('Borealis Quarries');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await expectAccessible(page);
    await screenshot(page, 'site-all-sites');
  });

  test('a site admin cannot open Site Admin, nor a sub manager All Sites', async ({ page }) => {
    await signIn(page, 'siteadmin', { portal: SITE_PORTAL, path: '/sites' });
    await expect(page.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
    await page.goto(`${SITE_PORTAL}/all-sites`);
    await expect(page.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
  });
});

test.describe('Site Users', () => {
  test('siteadmin adds a member of Borealis, changes the flags and removes them', async ({
    page,
  }) => {
    test.slow(); // three writes and a refusal, each read back after a reload, and an accessibility check
    await signIn(page, 'siteadmin', { portal: SITE_PORTAL, path: '/site/2/users' });
    await expect(page).toHaveTitle('Site Users - Site Portal');
    await expect(
      page.getByRole('gridcell', { name: 'Sarah Siteadmin', exact: true }),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'site-site-users');

    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user to the site' });
    await dialog.getByLabel('Email').fill(accounts.submanager);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    let row = await findRow(page, accounts.submanager);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('switch', { name: 'Site user' })).toBeChecked();
    await expect(row.getByRole('switch', { name: 'Site admin' })).not.toBeChecked();

    // An address that is not a member of the organisation is refused under the field.
    await page.getByRole('button', { name: 'Add user' }).click();
    await dialog.getByLabel('Email').fill(`nobody-${unique()}@example.com`);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(
      dialog.getByText('Only members of the organization can be added to its sites'),
    ).toBeVisible();
    await leaveUnsaved(page, () => dialog.getByRole('button', { name: 'Cancel' }).click());

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: /^Site permissions of/ });
    await edit.getByRole('switch', { name: 'Site admin' }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await page.reload();
    row = await findRow(page, accounts.submanager);
    await expect(row.getByRole('switch', { name: 'Site admin' })).toBeChecked();

    await row.getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('dialog', { name: 'Remove from site' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Remove from site' })).toBeHidden();
    await page.reload();
    await findRow(page, accounts.submanager);
    await expect(page.getByText('No data found')).toBeVisible();
  });

  test('a site user cannot open the site users', async ({ page }) => {
    await signIn(page, 'siteuser', { portal: SITE_PORTAL, path: '/site/1/users' });
    await expect(page.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
  });
});

test.describe('Node Libraries', () => {
  test("the organisation's libraries and one library's nodes", async ({ page }) => {
    await signIn(page, 'siteadmin', { portal: SITE_PORTAL, path: '/node-libraries' });
    await expect(page).toHaveTitle('Node Libraries - Site Portal');
    await expect(page.getByRole('button', { name: 'Create library' })).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, 'site-node-libraries');
    await page.getByRole('link', { name: 'Borealis Standard Nodes' }).click();
    await expect(page).toHaveTitle('Node Library - Site Portal');
    await expect(page.getByRole('heading', { name: /Borealis Standard Nodes/ })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'Powder factor', exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'site-node-library');
  });

  test('siteadmin creates, edits and deletes a library of its site', async ({ page }) => {
    test.slow(); // three writes, each read back, and an accessibility check
    await signIn(page, 'siteadmin', { portal: SITE_PORTAL, path: '/site/1/node-libraries' });
    await expect(page.getByRole('link', { name: 'North Pit Nodes' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Borealis Standard Nodes' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'site-site-node-libraries');

    const name = `E2E Nodes ${unique()}`;
    await page.getByRole('button', { name: 'Create library' }).click();
    const dialog = page.getByRole('dialog', { name: /^Create a node library/ });
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Version').fill('1.0.0');
    await dialog.getByLabel('Nodes').fill('Hole depth | input\nPowder factor | calc | kg per m3');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    let row = await findRow(page, name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('1.0.0');

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(edit.getByLabel('Nodes')).toHaveValue(/Powder factor \| calc \| kg per m3/);
    await edit.getByLabel('Version').fill('1.1.0');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await page.reload();
    row = await findRow(page, name);
    await expect(row).toContainText('1.1.0');

    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete node library' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Delete node library' })).toBeHidden();
    await page.reload();
    await findRow(page, name);
    await expect(page.getByText('No data found')).toBeVisible();
  });
});
