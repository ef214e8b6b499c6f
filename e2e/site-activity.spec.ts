import { signIn, SITE_PORTAL } from './support/auth';
import { expect, test } from './support/test';

/**
 * Issue 18 in the site portal: a site admin's change shows in the site's Activity and in the
 * record's History, before → after, and in the sysadmins' Audit log filtered by who. Demo facts
 * (server/seed): siteadmin@example.com is site admin of Borealis's South Pit (2), whose first
 * blast is South Pit 0001 (26).
 */
test.describe('A site: Activity and History (issue 18)', () => {
  test('siteadmin edits a blast, then reads the change in Activity and in its History', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const description = `Audited ${Date.now().toString(36)}`;
    await signIn(page, 'siteadmin', { portal: SITE_PORTAL, path: '/site/2/blasts' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('South Pit 0001');
    const row = page.getByRole('row').filter({ hasText: 'South Pit 0001' }).first();
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit South Pit 0001' });
    const field = edit.getByLabel('Description');
    const before = await field.inputValue();
    await field.fill(description);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();

    // From the site dashboard's link to the site's Activity.
    await page.getByRole('link', { name: 'Site Dashboard', exact: true }).click();
    await page.getByRole('link', { name: 'Activity of South Pit' }).click();
    await expect(page).toHaveURL(/\/site\/2\/activity$/);
    await expect(page).toHaveTitle('Activity - Site Portal');
    const event = page
      .getByRole('row')
      .filter({ hasText: 'South Pit 0001' })
      .filter({ hasText: 'siteadmin@example.com' })
      .first();
    await expect(event.getByRole('cell', { name: 'update' })).toBeVisible();
    await event.getByRole('button', { name: /^Show the changes/ }).click();
    const dialog = page.getByRole('dialog', { name: 'update: South Pit 0001' });
    const change = dialog.getByRole('row', { name: /^description / });
    await expect(change).toContainText(before || '—');
    await expect(change).toContainText(description);
    await dialog.getByRole('button', { name: /close/i }).first().click();

    // The blast's own History on Blast Details.
    await page.goto(`${SITE_PORTAL}/site/2/blast/26`);
    const history = page.getByRole('region', { name: 'History' });
    // The newest event (not the filter row, whose Action filter offers 'update' too).
    const latest = history
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'update', exact: true }) })
      .first();
    await latest.getByRole('button', { name: /^Show the changes/ }).click();
    await expect(
      page.getByRole('dialog', { name: 'update: South Pit 0001' }).getByRole('row', {
        name: /^description /,
      }),
    ).toContainText(description);

    // A sysadmin finds it in the Audit log, across organisations, by who did it.
    const audit = await browser.newPage();
    await signIn(audit, 'sysadmin', { path: '/audit' });
    await audit.getByRole('searchbox', { name: 'Filter Who' }).fill('SITEADMIN@');
    const edited = audit
      .getByRole('row')
      .filter({ hasText: 'South Pit 0001' })
      .filter({ hasText: 'Borealis Quarries' })
      .first();
    await expect(edited).toContainText('siteadmin@example.com');
    // Every event listed is the site admin's, once the filter's answer is in (the rows before
    // it stay on screen meanwhile, and the edit, being recent, is among them).
    const events = audit
      .getByRole('row')
      .filter({ has: audit.getByRole('button', { name: /^Show the changes/ }) });
    await expect(events.filter({ hasNotText: 'siteadmin@example.com' })).toHaveCount(0);
    await expect(events.first()).toBeVisible();
    await audit.close();
  });
});
