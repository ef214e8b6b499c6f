import { accounts, ORG_PORTAL, signIn, STACK } from './support/auth';
import { expectAccessible, screenshot } from './support/a11y';
import { followMessageLink } from './support/outbox';
import { expect, test } from './support/test';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('Anonymous screens', () => {
  test('the landing page says what the portal is, with Sign in and Register', async ({ page }) => {
    await page.goto(`${ORG_PORTAL}/`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Organization Portal' }),
    ).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Register' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'presentation');
  });

  test('not-authenticated explains and offers Sign in', async ({ page }) => {
    await page.goto(`${ORG_PORTAL}/not-authenticated`);
    await expect(page.getByRole('heading', { name: 'You are not signed in' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'not-authenticated');
  });

  test('email preferences with a wrong code says so', async ({ page }) => {
    await page.goto(`${ORG_PORTAL}/email-preferences/${accounts.owner}/wrong-code`);
    await expect(page.getByRole('alert')).toContainText('This link does not work');
    await expect(page.getByRole('alert')).toContainText(
      'This email preferences link is not valid. Use the link in your latest email.',
    );
    await expectAccessible(page);
    await screenshot(page, 'email-preferences-wrong-code');
  });

  test('email preferences with an expired code says it expired', async ({ page }) => {
    await page.goto(`${ORG_PORTAL}/email-preferences/${accounts.pending}/expired-code`);
    await expect(page.getByRole('alert')).toContainText('This link has expired');
  });

  test('email preferences are saved with the code and kept', async ({ page }) => {
    const url = `${ORG_PORTAL}/email-preferences/${accounts.submanager}/demo-code`;
    await page.goto(url);
    const marketing = page.getByRole('switch', { name: 'News and offers' });
    await expect(marketing).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'email-preferences');
    const was = await marketing.isChecked();
    await marketing.setChecked(!was);
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Email preferences saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'News and offers' })).toBeChecked({
      checked: !was,
    });
    await page.getByRole('switch', { name: 'News and offers' }).setChecked(was);
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Email preferences saved').first()).toBeVisible();
  });

  test('an existing registration with a wrong code is not found', async ({ page }) => {
    await page.goto(`${ORG_PORTAL}/subscription/existing-reg`);
    await page.getByLabel(/^Registration number/).fill('1');
    await page.getByLabel(/^Code/).fill('not-the-code');
    await page.getByRole('button', { name: 'Find registration' }).click();
    await expect(
      page.getByText('Registration not found. Check the link in your email.'),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'subscription-existing-reg');
  });
});

test.describe('Subscription registration', () => {
  test('a new customer registers, signs in, comes back and finishes', async ({ page }) => {
    await page.goto(`${ORG_PORTAL}/subscription/register`);
    await expect(page).toHaveTitle('Register for a subscription - Organization Portal');
    // Bad input is named where the user looks.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Mandatory field').first()).toBeVisible();
    await page.getByLabel(/^Contact email/).fill('not-an-email');
    await page.getByLabel(/^Contact phone/).fill('call me');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Invalid email')).toBeVisible();
    await expect(page.getByText('Invalid phone number')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'subscription-register');

    const orgName = `E2E Quarry ${unique()}`;
    await page.getByLabel(/^Organization name/).fill(orgName);
    await page.getByLabel(/^Contact first name/).fill('Erin');
    await page.getByLabel(/^Contact last name/).fill('Echo');
    await page.getByLabel(/^Contact email/).fill('erin@example.com');
    await page.getByLabel(/^Contact phone/).fill('+44 20 7946 0000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/subscription\/register\?id=\d+&code=/);
    await expect(page.getByText(orgName)).toBeVisible();
    await screenshot(page, 'subscription-register-finish');

    // Create an account at the identity provider, and land back on the registration.
    const email = `e2e-${unique()}@example.com`;
    await page.getByRole('main').getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => url.origin === STACK);
    await page.getByLabel('First name').fill('Erin');
    await page.getByLabel('Last name').fill('Echo');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
    await page.getByLabel('Confirm password').fill('e2e-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The account is made by the link sent to the address (development outbox, another tab);
    // then this tab signs in and goes on with the registration.
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const mail = await page.context().newPage();
    await followMessageLink(mail, email, 'Confirm your email address');
    await mail.getByRole('button', { name: 'Confirm and create my account' }).click();
    await expect(mail.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
    await mail.close();
    await page.getByLabel('Password').fill('e2e-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/subscription\/register\?id=\d+&code=/);
    await page.getByRole('button', { name: 'Finish registration' }).click();
    await page.waitForURL(`${ORG_PORTAL}/dashboard`);
    await expect(page.getByText(`${orgName} at a glance.`)).toBeVisible();
  });
});

test.describe('Account profile', () => {
  test('a user changes their first name and back', async ({ page }) => {
    await signIn(page, 'developer', { path: '/Account/Profile' });
    await expect(page).toHaveTitle('Profile - Organization Portal');
    const first = page.getByLabel(/^First name/);
    await expect(first).toHaveValue('Dev');
    await expectAccessible(page);
    await screenshot(page, 'account-profile');

    const changed = `Dev${unique()}`.slice(0, 20);
    await first.fill(changed);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/^First name/)).toHaveValue(changed);

    await page.getByLabel(/^First name/).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Mandatory field')).toBeVisible();

    await page.getByLabel(/^First name/).fill('Dev');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile saved').first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/^First name/)).toHaveValue('Dev');
  });
});
