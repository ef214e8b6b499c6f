import { signIn } from './support/auth';
import { expect, test } from './support/test';

test.describe('My Org: Activity (issue 18)', () => {
  test('owner edits the organisation, then reads the change before → after in Activity', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const description = `Audited ${Date.now().toString(36)}`;
    await signIn(page, 'owner', { path: '/edit-org' });
    const field = page.getByLabel(/^Description/);
    await expect(field).toBeVisible();
    const before = await field.inputValue();
    await field.fill(description);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/saved|updated/i).first()).toBeVisible();

    // My Org's sidebar link.
    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    await expect(page).toHaveTitle('Activity - Organization Portal');
    const row = page.getByRole('row').filter({ hasText: 'Acme Mining' }).first();
    await expect(row.getByRole('cell', { name: 'update' })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'organization' })).toBeVisible();
    await row.getByRole('button', { name: /^Show the changes/ }).click();
    const dialog = page.getByRole('dialog', { name: 'update: Acme Mining' });
    const change = dialog.getByRole('row', { name: /^description / });
    await expect(change).toContainText(before || '—');
    await expect(change).toContainText('→');
    await expect(change).toContainText(description);
  });
});
