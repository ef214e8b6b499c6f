import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { signIn } from './support/auth';
import { expectAccessible, screenshot } from './support/a11y';
import { expect, test } from './support/test';

/**
 * Issue 8: Subscription Details attachments are uploaded by the vendor and downloaded, under the
 * strict CSP (fetched with the bearer token, saved from a blob URL), byte for byte, by the
 * vendor (manager@, Acme Mining) and by the subscriber (submanager@, Borealis Quarries) on its
 * Service Licences page. Subscription 2 is Acme's fixed subscription for Borealis.
 */

/** Every byte value: a text conversion anywhere on the way would show. */
const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31 + 7) % 256));

async function downloadBytes(page: Page, fileName: string) {
  const download = page.waitForEvent('download');
  const button = page.getByRole('button', { name: `Download ${fileName}` }).first();
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(fileName);
  // The button is busy ('Downloading…', disabled) until the file is saved: what follows (an
  // accessibility scan reads its colours) sees it back to itself.
  await expect(button).toBeEnabled();
  return readFile(await file.path());
}

test('the vendor uploads an attachment and both sides download the same bytes', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const fileName = `spec-${Date.now()}.bin`;
  await signIn(page, 'manager', { path: '/issued-subscriptions/2' });
  const attachments = page.getByRole('region', { name: 'Attachments' });
  await attachments.getByRole('button', { name: 'Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload attachments' });
  await dialog.getByLabel(/^Files/).setInputFiles({
    name: fileName,
    mimeType: 'application/octet-stream',
    buffer: bytes,
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(attachments.getByText(fileName)).toBeVisible();

  // After a reload, from the server: the vendor's download.
  await page.reload();
  await expect(attachments.getByText(fileName)).toBeVisible();
  expect((await downloadBytes(page, fileName)).equals(bytes)).toBe(true);
  await expectAccessible(page);

  // The subscriber's download, from its Service Licences page.
  const context = await browser.newContext();
  const other = await context.newPage();
  try {
    await signIn(other, 'submanager', { path: '/my-subscriptions/2' });
    await expect(other.getByText(fileName)).toBeVisible();
    expect((await downloadBytes(other, fileName)).equals(bytes)).toBe(true);
    await expectAccessible(other);
    await screenshot(other, 'service-licences-documents');
  } finally {
    await context.close();
  }
});
