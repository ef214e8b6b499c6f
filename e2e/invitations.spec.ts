import type { Browser, Page } from '@playwright/test';
import { ORG_PORTAL, STACK, signIn } from './support/auth';
import { expectAccessible, screenshot } from './support/a11y';
import { followMessageLink, openMessage } from './support/outbox';
import { accessToken } from './support/sink';
import { expect, test } from './support/test';

/**
 * Issue 14 items 1 and 4 in the browser: an invitation is accepted only through the link of its
 * message, taken here from the local stack's development outbox (/dev/outbox); registering the
 * invited address without it makes nobody a member; a used or replaced link says so.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = 'invitee-pw-123';

/** The owner of Acme Mining, in a browser of their own, invites an address from the Users screen. */
async function ownerInvites(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, 'owner', { path: '/users' });
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a user' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('switch', { name: 'Developer' }).check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`).first()).toBeVisible();
    return { page, close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** A new address the owner of Acme Mining has just invited. */
async function invitedAddress(browser: Browser) {
  const email = `invitee-${unique()}@example.com`;
  const owner = await ownerInvites(browser, email);
  await owner.close();
  return email;
}

async function fillRegistration(page: Page) {
  await page.getByLabel('First name').fill('Ivy');
  await page.getByLabel('Last name').fill('Invitee');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('registering the invited address without the link joins nothing until its owner says yes', async ({
  page,
  browser,
}) => {
  const email = await invitedAddress(browser);

  // The provider's own registration, as anyone could use it for that address.
  await page.goto(`${ORG_PORTAL}/Account/Register`);
  await page.waitForURL((url) => url.origin === STACK);
  await page.getByLabel('Email').fill(email);
  await fillRegistration(page);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`We have sent a message to ${email}.`)).toBeVisible();

  // The address's owner confirms it from the message (another tab), then signs in on the first.
  const mail = await page.context().newPage();
  await followMessageLink(mail, email, 'Confirm your email address');
  await mail.getByRole('button', { name: 'Confirm and create my account' }).click();
  await expect(mail.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await mail.close();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // A proven address is asked; nothing is joined without a yes.
  await expect(page.getByRole('heading', { name: 'Invitations' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join Acme Mining' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(
    page.getByRole('heading', { name: 'You are not in any organization yet' }),
  ).toBeVisible();
});

test('through the link in the outbox the invitee creates the invited account and lands in the organisation; the used link says so', async ({
  page,
  browser,
}) => {
  test.slow(); // an invitation sent, an account registered through the provider, a sign-in
  const email = await invitedAddress(browser);

  const link = await followMessageLink(page, email, 'Invitation to join Acme Mining');
  expect(link).toMatch(new RegExp(`^${ORG_PORTAL}/org/1/dashboard\\?getStarted=i-`));
  // The portal hands the link to the provider, which says what is being accepted.
  await page.waitForURL((url) => url.origin === STACK);
  await expect(page.getByRole('heading', { name: 'Join Acme Mining' })).toBeVisible();
  await expect(
    page.getByText(`Olivia Owner invited ${email} to join Acme Mining.`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expectAccessible(page);
  await screenshot(page, 'invitation-register');
  await fillRegistration(page);

  // Signed in, in the organisation, with the invitation's flags.
  await page.waitForURL((url) => url.origin === ORG_PORTAL && url.pathname.endsWith('/dashboard'));
  await expect(page.getByText('Acme Mining at a glance.')).toBeVisible();
  const token = await accessToken(page);
  const meta = await page.request.get(`${STACK}/crm/v1/Orgs/GetUserMetadata`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const orgs = (
    (await meta.json()) as {
      data: {
        orgsAndPermissions: Array<{ org: { name: string; permissions: Record<string, boolean> } }>;
      };
    }
  ).data.orgsAndPermissions;
  expect(orgs.map((o) => o.org.name)).toEqual(['Acme Mining']);

  // The link again: it was used, and says so.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Invitation already accepted' })).toBeVisible();
  await expect(
    page.getByText('This invitation to join Acme Mining has already been used.', { exact: false }),
  ).toBeVisible();
});

test('a re-sent invitation ends the older link; the demo invitation waits in the outbox', async ({
  page,
  browser,
}) => {
  const email = `invitee-${unique()}@example.com`;
  const owner = await ownerInvites(browser, email);
  const first = await openMessage(page, email, 'Invitation to join Acme Mining');
  const firstLink = (await first.getByRole('link').first().getAttribute('href')) ?? '';

  // The owner sends it again from the Users screen.
  await owner.page.getByRole('searchbox', { name: 'Search' }).fill(email);
  const row = owner.page.getByRole('row').filter({ hasText: email });
  await row.getByRole('checkbox').check();
  await owner.page.getByRole('button', { name: 'Resend invitations' }).click();
  const resend = owner.page.getByRole('dialog', { name: 'Resend invitations' });
  await expect(resend).toContainText('Send 1 invitation again?');
  await resend.getByRole('button', { name: 'Resend invitations' }).click();
  await expect(resend.getByRole('status')).toContainText('Done: 1.');
  await expect(resend.getByRole('status')).toContainText('Refused: 0.');
  await resend.getByRole('button', { name: 'Close' }).first().click();
  await owner.close();

  const second = await openMessage(page, email, 'Invitation to join Acme Mining');
  const secondLink = (await second.getByRole('link').first().getAttribute('href')) ?? '';
  expect(secondLink).not.toBe(firstLink);
  await page.goto(firstLink);
  await expect(page.getByRole('heading', { name: 'Invitation link not valid' })).toBeVisible();
  await expect(
    page.getByText('it was revoked, or replaced by a newer invitation', { exact: false }),
  ).toBeVisible();

  // README's demo: pending@example.com's invitation to Borealis Quarries, ready to be followed.
  const demo = await openMessage(
    page,
    'pending@example.com',
    'Invitation to join Borealis Quarries',
  );
  await expect(demo.getByRole('link').first()).toHaveAttribute(
    'href',
    new RegExp(`^${ORG_PORTAL}/org/2/dashboard\\?getStarted=i-`),
  );
  await expectAccessible(page);
});
