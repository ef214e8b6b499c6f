import type { Page } from '@playwright/test';
import { STACK } from './auth';

/**
 * The development outbox of the local stack (/dev/outbox): the messages sent to an address,
 * newest first. Opens it and answers the newest message with this subject (an article).
 */
export async function openMessage(page: Page, to: string, subject: string | RegExp) {
  await page.goto(`${STACK}/dev/outbox?to=${encodeURIComponent(to)}`);
  const message = page.getByRole('article', { name: subject }).first();
  await message.waitFor();
  return message;
}

/** Follows the link of the newest message with this subject, as the person reading it would. */
export async function followMessageLink(page: Page, to: string, subject: string | RegExp) {
  const message = await openMessage(page, to, subject);
  const link = message.getByRole('link').first();
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  return href;
}
