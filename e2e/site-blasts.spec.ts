import type { Browser, Page } from '@playwright/test';
import { accounts, signIn, SITE_PORTAL } from './support/auth';
import { expectAccessible, screenshot } from './support/a11y';
import { expect, figure, leaveUnsaved, readFigure, test } from './support/test';

/**
 * Issue 9 end to end, blasts: the site's blast list (upload → edit → delete), Blast Details with
 * the plan view, sharing (user, organisation, anonymous link → fresh browser → revoke), Blasts
 * Shared and the Blast Viewer, the Blast Redirect, and the plan view with 5,000 holes.
 * Demo facts (server/seed): Borealis Quarries (2) has North Pit (1) and South Pit (2), where
 * siteadmin@example.com is site admin; siteuser@example.com is site user of North Pit and has
 * North Pit 0001 (blast 1) shared with them; blast 26 (South Pit 0001) is shared with owner.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A .blst file of n holes on a 5 m × 4 m grid. */
function blstFile(name: string, n: number): Buffer {
  const cols = Math.max(1, Math.round(Math.sqrt(n)));
  const lines = ['BLST 1', `name=${name}`, 'units=m', 'id,x,y,z,depth,charge'];
  for (let i = 0; i < n; i++) {
    const x = (i % cols) * 5;
    const y = Math.floor(i / cols) * 4;
    lines.push(
      `H${i + 1},${x.toFixed(2)},${y.toFixed(2)},300.00,${(8 + (i % 7)).toFixed(1)},${(50 + (i % 11) * 5).toFixed(1)}`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

async function findRow(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  return page.getByRole('row').filter({ hasText: text });
}

/**
 * From a blast's details back to the site's Blasts, arrived: the details page's History has a
 * search box of its own, which a search typed too early would fill.
 */
async function backToBlasts(page: Page) {
  await page.getByRole('link', { name: 'Blasts', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Blasts', level: 1 })).toBeVisible();
}

/** Uploads a .blst file on the site's Blasts page; returns when the dialog has closed. */
async function uploadBlast(page: Page, fileName: string, content: Buffer) {
  await page.getByRole('button', { name: 'Upload blast' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a blast' });
  await dialog.getByLabel(/Blast file/).setInputFiles({
    name: fileName,
    mimeType: 'application/octet-stream',
    buffer: content,
  });
  await expect(dialog.getByText(fileName)).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden();
}

const canvas = (page: Page) => page.getByTestId('plan-canvas');

/** The plan view drew every hole, and their centres lie inside the canvas. */
async function expectPlanDrawn(page: Page, holes: number) {
  const c = canvas(page);
  await expect(c).toHaveAttribute('data-hole-count', String(holes));
  await expect(c).toHaveAttribute('data-drawn-count', String(holes));
  const box = JSON.parse((await c.getAttribute('data-screen-box')) ?? 'null') as {
    minX: number;
    minY: number;
    maxX: number;
    maxY: number;
  };
  const width = Number(await c.getAttribute('data-width'));
  const height = Number(await c.getAttribute('data-height'));
  expect(box.minX).toBeGreaterThanOrEqual(0);
  expect(box.minY).toBeGreaterThanOrEqual(0);
  expect(box.maxX).toBeLessThanOrEqual(width);
  expect(box.maxY).toBeLessThanOrEqual(height);
}

async function signedInPage(browser: Browser, account: keyof typeof accounts, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account, { portal: SITE_PORTAL, path });
  return { context, page };
}

test.describe('Blasts of a site', () => {
  test('siteadmin sees the blasts, accessible, and a file that is not .blst is refused', async ({
    page,
  }) => {
    // Two axe checks and two refused files: a long journey on a busy machine.
    test.slow();
    await signIn(page, 'siteadmin', { portal: SITE_PORTAL, path: '/site/1/blasts' });
    await expect(page).toHaveTitle('Blasts - Site Portal');
    await expect(page.getByRole('heading', { name: 'Blasts', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'North Pit 0001' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'site-blasts');

    // A file that is not .blst is refused when it is picked (issue 17), before any request.
    await page.getByRole('button', { name: 'Upload blast' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a blast' });
    await dialog.getByLabel(/^Name/).fill('Kept while the file is refused');
    await dialog.getByLabel(/Blast file/).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(dialog.getByText('Only .blst files can be uploaded')).toBeVisible();
    await expect(dialog.getByText('No file chosen')).toBeVisible();
    await expect(dialog.getByLabel(/^Name/)).toHaveValue('Kept while the file is refused');
    // A renamed text file is refused by its content, with the server's words.
    await dialog.getByLabel(/Blast file/).setInputFiles({
      name: 'notes.blst',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('hello'),
    });
    await expect(
      dialog.getByText('Not a valid .blst file: the first line must be "BLST 1"'),
    ).toBeVisible();
    await expectAccessible(page);
    await leaveUnsaved(page, () => dialog.getByRole('button', { name: 'Cancel' }).click());
    await expect(dialog).toBeHidden();
  });

  // Apart from the checks above (two accessibility scans): each test stays well inside its
  // budget on a busy machine.
  test('siteadmin uploads a .blst file, edits it and deletes it, each kept by the server', async ({
    page,
  }) => {
    test.slow(); // three writes, each read back after a reload
    await signIn(page, 'siteadmin', { portal: SITE_PORTAL, path: '/site/1/blasts' });
    const name = `E2E blast ${unique()}`;
    await uploadBlast(page, `${name.replace(/\s+/g, '_')}.blst`, blstFile(name, 24));
    await page.reload();
    let row = await findRow(page, name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('24');

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Name').fill(`${name} edited`);
    await edit.getByLabel('Description').fill('Bench 3 trial');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await page.reload();
    row = await findRow(page, `${name} edited`);
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete blast' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Delete blast' })).toBeHidden();
    await page.reload();
    await findRow(page, name);
    await expect(page.getByText('No data found')).toBeVisible();
  });

  test('a site user reads the blasts but cannot upload, edit or delete', async ({ page }) => {
    await signIn(page, 'siteuser', { portal: SITE_PORTAL, path: '/site/1/blasts' });
    await expect(page.getByRole('link', { name: 'North Pit 0001' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload blast' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });
});

test.describe('Blast Details', () => {
  test('the viewer draws every hole of North Pit 0001 within its bounds', async ({ page }) => {
    await signIn(page, 'siteadmin', { portal: SITE_PORTAL, path: '/site/1/blast/1' });
    await expect(page).toHaveTitle('Blast Details - Site Portal');
    await expect(
      page.getByRole('heading', { name: 'Blast Details: North Pit 0001' }),
    ).toBeVisible();
    const holes = readFigure((await page.getByTestId('blast-hole-count').textContent()) ?? '');
    expect(holes).toBeGreaterThanOrEqual(12);
    await expectPlanDrawn(page, holes);
    await expect(page.getByTestId('plan-summary')).toContainText(`${figure(holes)} holes`);
    await expect(page.getByTestId('plan-legend').getByRole('listitem')).toHaveCount(5);
    await expect(page.getByTestId('blast-address')).toHaveAttribute(
      'href',
      'http://localhost:4000/data/v1/orgs/2/sites/1/blasts/1/file',
    );
    await expectAccessible(page);
    await screenshot(page, 'site-blast-details');

    // Keyboard: zoom in, then reset; the legend follows the colour choice.
    await canvas(page).focus();
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('0');
    await expectPlanDrawn(page, holes);
    await page.getByLabel('Colour by').selectOption('charge');
    await expect(page.getByTestId('plan-legend')).toContainText('kg');

    // The .blst download.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Download .*\.blst$/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.blst$/);
    // Its address downloads it too, rather than opening the API's answer as a page.
    const viaAddress = page.waitForEvent('download');
    await page.getByTestId('blast-address').click();
    expect((await viaAddress).suggestedFilename()).toMatch(/\.blst$/);
    await expect(page).toHaveTitle('Blast Details - Site Portal');
  });

  test('sharing: a user, an organisation, and an anonymous link that stops once revoked', async ({
    page,
    browser,
  }) => {
    // Three browsers and two sign-ins: longer than the default 30 s on a loaded machine.
    test.setTimeout(120_000);
    await signIn(page, 'siteadmin', { portal: SITE_PORTAL, path: '/site/2/blasts' });
    const name = `E2E share ${unique()}`;
    await uploadBlast(page, 'share.blst', blstFile(name, 30));
    const row = await findRow(page, name);
    await row.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: `Blast Details: ${name}` })).toBeVisible();
    await expectPlanDrawn(page, 30);

    // Share with a user (email) and with an organisation (search).
    await page.getByLabel('User email').fill(accounts.siteuser);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const sharedWith = page.getByRole('region', { name: 'Shared with' });
    await expect(sharedWith).toContainText(accounts.siteuser);
    await page.getByLabel('Organization name').fill('Delta');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: 'Share with Delta Drilling' }).click();
    await expect(sharedWith).toContainText('Delta Drilling');

    // An anonymous link.
    await page.getByRole('button', { name: 'Create anonymous link' }).click();
    // The links are a data table (issue 17): one row per link, newest first.
    const links = page.getByRole('region', { name: 'Links' });
    const live = links
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Live', exact: true }) })
      .first();
    await expect(live).toBeVisible();
    const url = (await live.getByRole('link').getAttribute('href')) ?? '';
    expect(url).toMatch(/^http:\/\/localhost:5174\/blast-link-anon\/[A-Za-z0-9_-]+$/);
    await expectAccessible(page);
    await screenshot(page, 'site-blast-sharing');

    // It works in a fresh browser, without signing in.
    const anon = await browser.newContext();
    const anonPage = await anon.newPage();
    await anonPage.goto(url);
    await expect(anonPage.getByRole('heading', { name: `Shared Blast: ${name}` })).toBeVisible();
    await expectPlanDrawn(anonPage, 30);
    await expect(anonPage.getByText('Borealis Quarries')).toHaveCount(0);
    await expectAccessible(anonPage);
    await screenshot(anonPage, 'site-blast-link-anon');

    // The site user sees the share in Blasts Shared, with who shared it.
    const other = await signedInPage(browser, 'siteuser', '/blasts-shared');
    const sharedRow = await findRow(other.page, name);
    await expect(sharedRow).toContainText(`Sarah Siteadmin <${accounts.siteadmin}>`);
    await sharedRow.getByRole('link', { name }).click();
    await expect(other.page.getByRole('heading', { name: `Blast Viewer: ${name}` })).toBeVisible();
    await expectPlanDrawn(other.page, 30);
    await other.context.close();

    // Revoke: the link stops working at once.
    await live.getByRole('button', { name: /^Revoke link/ }).click();
    await page
      .getByRole('dialog', { name: 'Revoke link' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(
      links
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'Revoked', exact: true }) }),
    ).toHaveCount(1);
    await anonPage.reload();
    await expect(anonPage.getByText('This link has been revoked or does not exist.')).toBeVisible();
    await screenshot(anonPage, 'site-blast-link-revoked');
    await anon.close();

    // Clean up: delete the blast (its shares go with it).
    await backToBlasts(page);
    const again = await findRow(page, name);
    await again.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete blast' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Delete blast' })).toBeHidden();
  });

  test('an unknown anonymous link says so', async ({ page }) => {
    await page.goto(`${SITE_PORTAL}/blast-link-anon/no-such-link-1234`);
    await expect(page.getByText('This link has been revoked or does not exist.')).toBeVisible();
    await expectAccessible(page);
  });

  test('a sign-in link opens signed in', async ({ page }) => {
    await signIn(page, 'siteadmin', {
      portal: SITE_PORTAL,
      path: '/site/1/blast-link/demo-auth-link',
    });
    await expect(page).toHaveTitle('Shared Blast - Site Portal');
    await expect(
      page.getByRole('heading', { name: /^Shared Blast: North Pit 0002/ }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open in its site' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'site-blast-link');
  });

  test('a sign-in link opens for a user of another organisation, and says so once revoked', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'siteadmin', { portal: SITE_PORTAL, path: '/site/2/blasts' });
    const name = `E2E sign-in link ${unique()}`;
    await uploadBlast(page, 'link.blst', blstFile(name, 12));
    await (await findRow(page, name)).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: `Blast Details: ${name}` })).toBeVisible();
    await page.getByRole('button', { name: 'Create sign-in link' }).click();
    const links = page.getByRole('region', { name: 'Links' });
    const live = links
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Live', exact: true }) })
      .first();
    await expect(live).toContainText('Sign-in');
    // Outside any site: whoever signs in can open it, site member or not.
    const url = (await live.getByRole('link').getAttribute('href')) ?? '';
    expect(url).toMatch(/^http:\/\/localhost:5174\/blast-link\/[A-Za-z0-9_-]+$/);

    // developer@ belongs to Acme Mining only: not to Borealis, nor to South Pit.
    const other = await signedInPage(browser, 'developer', new URL(url).pathname);
    await expect(other.page).toHaveTitle('Shared Blast - Site Portal');
    await expect(other.page.getByRole('heading', { name: `Shared Blast: ${name}` })).toBeVisible();
    await expect(other.page.getByText('Shared from South Pit, Borealis Quarries.')).toBeVisible();
    await expectPlanDrawn(other.page, 12);
    // The site is not theirs to open.
    await expect(other.page.getByRole('link', { name: 'Open in its site' })).toHaveCount(0);
    await expectAccessible(other.page);
    await screenshot(other.page, 'site-blast-link-other-org');
    // The site-scoped address of the same link (SPEC §2) opens for them too.
    await other.page.goto(`${SITE_PORTAL}/site/2${new URL(url).pathname}`);
    await expect(other.page.getByRole('heading', { name: `Shared Blast: ${name}` })).toBeVisible();

    // Revoked: the same page says so.
    await live.getByRole('button', { name: /^Revoke link/ }).click();
    await page
      .getByRole('dialog', { name: 'Revoke link' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(
      links
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'Revoked', exact: true }) }),
    ).toHaveCount(1);
    await other.page.reload();
    await expect(
      other.page.getByText('This link has been revoked or does not exist.'),
    ).toBeVisible();
    await expect(other.page.getByRole('heading', { name: 'Link not available' })).toBeVisible();
    await expectAccessible(other.page);
    await screenshot(other.page, 'site-blast-link-revoked-signed-in');
    await other.context.close();

    await backToBlasts(page);
    await (await findRow(page, name)).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete blast' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Delete blast' })).toBeHidden();
  });

  test('the plan view stays smooth with 5,000 holes', async ({ page }) => {
    // A 5,000-hole upload, drawn, zoomed and panned, then deleted.
    test.slow();
    await signIn(page, 'siteadmin', { portal: SITE_PORTAL, path: '/site/2/blasts' });
    const name = `E2E big ${unique()}`;
    await uploadBlast(page, 'big.blst', blstFile(name, 5000));
    const row = await findRow(page, name);
    await row.getByRole('link', { name }).click();
    await expectPlanDrawn(page, 5000);
    const c = canvas(page);
    const box = await c.boundingBox();
    if (!box) throw new Error('no canvas');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const times: number[] = [];
    // Each zoom or pan is drawn on a next frame: its time is read once that frame is drawn.
    const frames = async () => Number(await c.getAttribute('data-frames'));
    const drawn = async (gesture: () => Promise<void>) => {
      const before = await frames();
      await gesture();
      await expect.poll(frames).toBeGreaterThan(before);
      times.push(Number(await c.getAttribute('data-draw-ms')));
    };
    for (let i = 0; i < 8; i++) await drawn(() => page.mouse.wheel(0, i < 4 ? -120 : 120));
    // Drag to pan.
    await drawn(async () => {
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 40, {
        steps: 8,
      });
      await page.mouse.up();
    });
    // A frame draws in ~3 ms; the bound only catches a renderer that scales badly (a redraw of
    // 5,000 holes per hole, or DOM nodes per hole), which is slow on every frame: the median of
    // the nine frames, so that one frame descheduled on a busy machine does not decide. The
    // figure itself is measured by the benchmark, not asserted here.
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Infinity;
    expect(median).toBeLessThan(100);
    await screenshot(page, 'site-blast-5000-holes');

    await backToBlasts(page);
    const again = await findRow(page, name);
    await again.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete blast' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Delete blast' })).toBeHidden();
  });
});

test.describe('Blasts Shared and the Blast Redirect', () => {
  test('siteuser sees the blasts shared with them and opens one in the viewer', async ({
    page,
  }) => {
    await signIn(page, 'siteuser', { portal: SITE_PORTAL, path: '/blasts-shared' });
    await expect(page).toHaveTitle('Blasts Shared - Site Portal');
    const row = await findRow(page, 'North Pit 0001');
    await expect(row.first()).toContainText(`Sarah Siteadmin <${accounts.siteadmin}>`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await expectAccessible(page);
    await screenshot(page, 'site-blasts-shared');
    await row.first().getByRole('link', { name: 'North Pit 0001' }).click();
    await expect(page).toHaveTitle('Blast Viewer - Site Portal');
    await expect(page.getByRole('heading', { name: 'Blast Viewer: North Pit 0001' })).toBeVisible();
    const holes = readFigure((await page.getByTestId('blast-hole-count').textContent()) ?? '');
    await expectPlanDrawn(page, holes);
    await expect(page.getByTestId('blast-address')).toHaveAttribute(
      'href',
      'http://localhost:4000/data/v1/shared-blasts/1/file',
    );
    await expectAccessible(page);
    await screenshot(page, 'site-blast-viewer');
  });

  test('a blast not shared with the user is not found in the viewer', async ({ page }) => {
    await signIn(page, 'siteuser', { portal: SITE_PORTAL, path: '/blasts-shared/50' });
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('/blast/{id} goes to the blast in its site, switching organisation; else not found', async ({
    page,
  }) => {
    await signIn(page, 'owner', { portal: SITE_PORTAL, path: '/dashboard' });
    await page.goto(`${SITE_PORTAL}/blast/26`);
    await expect(page).toHaveURL(/\/site\/2\/blast\/26$/);
    await expect(
      page.getByRole('heading', { name: 'Blast Details: South Pit 0001' }),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Organization' })).toHaveValue('2');
    await page.goto(`${SITE_PORTAL}/blast/99999999`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('siteuser cannot reach a blast of a site they are not on', async ({ page }) => {
    await signIn(page, 'siteuser', { portal: SITE_PORTAL, path: '/blast/30' });
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
