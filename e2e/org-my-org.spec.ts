import type { Page } from '@playwright/test';
import { accounts, signIn } from './support/auth';
import { expectAccessible, screenshot } from './support/a11y';
import { expect, FIGURE, leaveUnsaved, stayWithUnsaved, test } from './support/test';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The data table's row holding a text (after searching for it). */
async function findRow(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  return page.getByRole('row').filter({ hasText: text });
}

test.describe('My Org: Users', () => {
  test('owner invites a user, changes a flag and revokes the invitation', async ({ page }) => {
    // Three reloads and five accessibility scans: about 25 s on a quiet 2-core machine, past
    // 60 s at a load of 12.
    test.slow();
    await signIn(page, 'owner', { path: '/users' });
    await expect(page).toHaveTitle('Users - Organization Portal');
    await expect(page.getByRole('heading', { name: 'Members and invitations' })).toBeVisible();
    // The name and the email in their own columns (the email shows once).
    const owner = page.getByRole('row').filter({ hasText: 'Olivia Owner' });
    await expect(owner.getByText(accounts.owner, { exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'users');

    const email = `e2e-${unique()}@example.com`;
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a user' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('switch', { name: 'Developer' }).check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();

    await page.reload();
    let row = await findRow(page, email);
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Pending user activation')).toBeVisible();
    await expect(row.getByRole('switch', { name: 'Developer' })).toBeChecked();

    // A second invitation of the same address is refused under the field.
    await page.getByRole('button', { name: 'Invite user' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(
      dialog.getByText('This user is already a member or has a pending invitation'),
    ).toBeVisible();
    await leaveUnsaved(page, () => dialog.getByRole('button', { name: 'Cancel' }).click());

    // Edit a flag with its toggle switch.
    await row.getByRole('switch', { name: 'Tech support' }).click();
    await expect(row.getByRole('switch', { name: 'Tech support' })).toBeChecked();
    await page.reload();
    row = await findRow(page, email);
    await expect(row.getByRole('switch', { name: 'Tech support' })).toBeChecked();

    // Revoke the invitation: gone from the table (the server has answered), and after a reload.
    await row.getByRole('button', { name: /^Revoke invitation/ }).click();
    await page
      .getByRole('dialog', { name: 'Revoke invitation' })
      .getByRole('button', { name: 'Revoke invitation' })
      .click();
    await expect(row).toHaveCount(0);
    await page.reload();
    await findRow(page, email);
    await expect(page.getByText('No data found')).toBeVisible();
  });

  test('a business manager cannot open it', async ({ page }) => {
    await signIn(page, 'manager', { path: '/users' });
    await expect(
      page.getByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeVisible();
  });
});

test.describe('My Org: Licences', () => {
  test('a developer sees the licences of Acme with their values', async ({ page }) => {
    await signIn(page, 'developer', { path: '/licences' });
    await expect(page).toHaveTitle('Licences - Organization Portal');
    await expect(page.getByRole('heading', { name: 'Licences held' })).toBeVisible();
    await expect(page.getByRole('row').nth(2)).toContainText('Active');
    await expectAccessible(page);
    await screenshot(page, 'licences');
  });

  test('a business manager cannot open it', async ({ page }) => {
    await signIn(page, 'manager', { path: '/licences' });
    await expect(
      page.getByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeVisible();
  });
});

test.describe('My Org: Software and Service Licences', () => {
  test('a sub manager assigns a licence to a user and unassigns it', async ({ page }) => {
    // Two screens checked with axe, an assignment and its undoing, each read back after a reload.
    test.slow();
    await signIn(page, 'submanager', { path: '/my-subscriptions' });
    await expect(page).toHaveTitle('Software - Organization Portal');
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'software');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Borealis - Blast Designer');
    const link = page.getByRole('link', { name: 'Borealis - Blast Designer', exact: true });

    await link.click();
    await expect(page).toHaveTitle('Service Licences - Organization Portal');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Software');
    await expectAccessible(page);
    await screenshot(page, 'service-licences');

    // The first licence nobody holds.
    const free = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^Assign user/ }) })
      .filter({ hasNot: page.getByRole('button', { name: /^Unassign user/ }) })
      .first();
    // The data table is a grid: its cells are gridcells; the first holds the row's checkbox.
    const id = (await free.getByRole('gridcell').nth(1).innerText()).trim();
    await free.getByRole('button', { name: /^Assign user/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(dialog).toBeHidden();

    await page.reload();
    const unassign = page.getByRole('button', { name: `Unassign user: ${id}`, exact: true });
    await expect(unassign).toBeVisible();

    await unassign.click();
    await page
      .getByRole('dialog', { name: 'Unassign licence' })
      .getByRole('button', { name: 'Unassign' })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.reload();
    await expect(
      page.getByRole('button', { name: `Assign user: ${id}`, exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Unassign user: ${id}`, exact: true }),
    ).toHaveCount(0);
  });

  test('a developer cannot open Software', async ({ page }) => {
    await signIn(page, 'developer', { path: '/my-subscriptions' });
    await expect(
      page.getByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeVisible();
  });
});

test.describe('My Org: Edit Organization', () => {
  test('the owner renames the organisation and back, and adds and deletes a custom data record', async ({
    page,
  }) => {
    // Two saves and a reload, then a custom data record made and deleted in dialogs.
    test.slow();
    await signIn(page, 'owner', { path: '/edit-org' });
    await expect(page).toHaveTitle('Edit Organization - Organization Portal');
    const name = page.getByLabel(/^Name/);
    await expect(name).toHaveValue('Acme Mining');
    await expectAccessible(page);
    await screenshot(page, 'edit-org');

    const renamed = `Acme Mining ${unique()}`;
    await name.fill(renamed);
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText('Organization saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/^Name/)).toHaveValue(renamed);

    // An empty name is refused where the user looks.
    await page.getByLabel(/^Name/).fill('');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText('Mandatory field')).toBeVisible();

    await page.getByLabel(/^Name/).fill('Acme Mining');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText('Organization saved').first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/^Name/)).toHaveValue('Acme Mining');

    // A custom data record: add, see after reload, delete.
    const record = `e2e record ${unique()}`;
    await page.getByRole('button', { name: 'Add' }).click();
    const editor = page.getByRole('dialog');
    await editor.getByLabel(/^Name/).fill(record);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    await page.reload();
    await expect(page.getByRole('cell', { name: record, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Delete: ${record}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete Custom Data' })
      .getByRole('button', { name: 'Delete' })
      .click();
    // Gone once the server has answered (a reload before that would cancel the request).
    await expect(page.getByRole('cell', { name: record, exact: true })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Custom Data' })).toBeVisible();
    await expect(page.getByRole('cell', { name: record, exact: true })).toHaveCount(0);
  });

  test("the browser's Back asks before a change is lost: Stay keeps it, Leave goes back", async ({
    page,
  }) => {
    await signIn(page, 'owner', { path: '/home' });
    await page.getByRole('main').getByRole('link', { name: 'Edit Organization' }).click();
    await expect(page).toHaveTitle('Edit Organization - Organization Portal');
    const name = page.getByLabel(/^Name/);
    // The other test may be renaming Acme at the same moment.
    await expect(name).toHaveValue(/^Acme Mining/);
    const typed = `Not saved ${unique()}`;
    await name.fill(typed);

    await stayWithUnsaved(page, () => page.goBack());
    await expect(page).toHaveURL(/\/edit-org$/);
    await expect(name).toHaveValue(typed);

    await leaveUnsaved(page, () => page.goBack());
    await expect(page).toHaveTitle('Home - Organization Portal');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a developer cannot open it', async ({ page }) => {
    await signIn(page, 'developer', { path: '/edit-org' });
    await expect(
      page.getByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeVisible();
  });
});

test.describe('Support', () => {
  test('the owner sends a support request', async ({ page }) => {
    await signIn(page, 'owner', { path: '/support' });
    await expect(page).toHaveTitle('Support - Organization Portal');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Mandatory field').first()).toBeVisible();
    await page.getByLabel(/^Subject/).fill(`e2e ${unique()}`);
    await page.getByLabel(/^Message/).fill('The licence page shows the wrong seat count.');
    await page.getByLabel(/^Attachments/).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('seat count 3 of 5'),
    });
    await expect(page.getByText('notes.txt', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'support');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /Request #\d+ received/ }),
    ).toBeVisible();
  });
});

test.describe('Dashboard and home', () => {
  test('the owner sees Acme at a glance', async ({ page }) => {
    await signIn(page, 'owner', { path: '/dashboard' });
    await expect(page).toHaveTitle('Dashboard - Organization Portal');
    // The edit-org test may be renaming Acme at the same moment.
    await expect(page.getByText(/^Acme Mining.* at a glance\.$/)).toBeVisible();
    await expect(page.getByText('Licences issued', { exact: true })).toBeVisible();
    // Counted by the stack's summary: a figure and how many are active, never '–'.
    await expect(
      page
        .locator('.card')
        .filter({ hasText: new RegExp(`^Licences issued${FIGURE}${FIGURE} active`) }),
    ).toBeVisible();
    // A vendor: its renewals due and its issued licences by state.
    await expect(
      page.getByRole('heading', { name: 'Renewals due in the next 90 days' }),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: 'Licences issued by state' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Licences by state' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Expiries by month' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'dashboard');
  });

  test('home lists the organisations and the quick links the flags allow', async ({ page }) => {
    await signIn(page, 'owner', { path: '/home' });
    await expect(page).toHaveTitle('Home - Organization Portal');
    await expect(page.getByRole('main').getByText('Borealis Quarries')).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Edit Organization' }),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'home');
  });
});
