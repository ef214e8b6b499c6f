import type { Locator, Page } from '@playwright/test';
import { ORG_PORTAL, signIn, SITE_PORTAL, STACK, type Account } from './support/auth';
import { expectAccessible } from './support/a11y';
import { goInApp } from './support/navigate';
import { expect, test } from './support/test';

/**
 * Issue 11, accessibility sweep: axe-core (WCAG 2 A and AA rules) on every route of both portals
 * (src/core/routes/routes.ts, docs/routes.md) and on every modal, with no serious or
 * critical violation. Each test signs in once, as the demo account that may open its routes
 * (ARCHITECTURE.md), and moves through its pages client-side. Signed-out pages, the not-found,
 * no-access and sign-in-failed screens, the provider's sign-in and register forms and the
 * anonymous routes are swept too. Every modal is opened as a user would, checked while open
 * (the page behind it included) and closed again.
 *
 * Demo facts (server/seed): Acme Mining (1) sells product 1 'Blast Designer' and service 9;
 * customer subscription 1; Borealis Quarries (2) has North Pit (1) with blast 1, library 2 and
 * the links 'demo-anon-link' and 'demo-auth-link'; library 1 belongs to Borealis; library 4 to
 * Acme; blast 1 is shared with siteuser@example.com; email preferences code 'demo-code'.
 */

test.describe.configure({ timeout: 120_000 });

const NOT_FOUND = 'Page not found';
const NO_ACCESS = 'You do not have access to this page';

/** Loading has ended: no app loader, no table loader. */
async function settled(page: Page) {
  await expect(page.locator('[data-app-loader]')).toHaveCount(0);
  await expect(page.getByText('Loading Data...')).toHaveCount(0);
}

/** The page's main heading is the expected one and its data has loaded. */
async function ready(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
  await settled(page);
}

/** Client-side navigation (support/navigate.ts), then the page named `heading`. */
async function go(page: Page, path: string, heading: string | RegExp) {
  await goInApp(page, path);
  await ready(page, heading);
}

/** Visits each route and checks it. */
async function sweep(page: Page, routes: ReadonlyArray<readonly [string, string | RegExp]>) {
  for (const [path, heading] of routes) {
    await test.step(path, async () => {
      await go(page, path, heading);
      await expectAccessible(page);
    });
  }
}

/** Opens a modal with `opener`, checks the page with it open, closes it with Escape. */
async function checkModal(page: Page, opener: Locator, name: string | RegExp) {
  await test.step(`modal ${String(name)}`, async () => {
    await opener.click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await settled(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
  });
}

const firstButton = (page: Page, name: RegExp) => page.getByRole('button', { name }).first();

async function signedIn(page: Page, account: Account, portal: string, path: string) {
  await signIn(page, account, { portal, path });
  await settled(page);
}

test('signed-out, anonymous and provider pages of both portals', async ({ page }) => {
  const pages: ReadonlyArray<readonly [string, string | RegExp]> = [
    [`${ORG_PORTAL}/`, 'Organization Portal'],
    [`${ORG_PORTAL}/not-authenticated`, 'You are not signed in'],
    [`${ORG_PORTAL}/subscription/register`, 'Register for a subscription'],
    [`${ORG_PORTAL}/subscription/existing-reg`, 'Existing registration'],
    [`${ORG_PORTAL}/email-preferences/owner@example.com/demo-code`, 'Email preferences'],
    [`${ORG_PORTAL}/email-preferences/owner@example.com/wrong-code`, 'Email preferences'],
    [`${ORG_PORTAL}/no-such-page`, NOT_FOUND],
    // The account routes hand over to the identity provider's own forms.
    [`${ORG_PORTAL}/Account/Login`, 'Sign in'],
    [`${ORG_PORTAL}/Account/Register`, 'Create your account'],
    [`${SITE_PORTAL}/`, 'Site Portal'],
    [`${SITE_PORTAL}/not-authenticated`, 'You are not signed in'],
    [`${SITE_PORTAL}/blast-link-anon/demo-anon-link`, /^Shared Blast/],
    [`${SITE_PORTAL}/blast-link-anon/no-such-link`, 'Link not available'],
    [`${SITE_PORTAL}/no-such-page`, NOT_FOUND],
    [`${SITE_PORTAL}/Account/Login`, 'Sign in'],
    // The provider's own pages: signed out (nobody signed in: no question), and its errors.
    [`${STACK}/identity/session/end`, 'Signed out'],
    [`${STACK}/identity/auth?client_id=nobody`, 'Sign-in problem'],
  ];
  for (const [url, heading] of pages) {
    await test.step(url, async () => {
      await page.goto(url);
      await ready(page, heading);
      if (url.includes('/Account/')) expect(new URL(page.url()).origin).toBe(STACK);
      await expectAccessible(page);
    });
  }
  // The callbacks opened without a callback: the sign-in-failed and signed-out screens.
  for (const portal of [ORG_PORTAL, SITE_PORTAL]) {
    for (const path of ['/signin-oidc', '/signout-callback-oidc']) {
      await test.step(portal + path, async () => {
        await page.goto(portal + path);
        await expect(page.getByRole('main')).toBeVisible();
        await settled(page);
        await expectAccessible(page);
      });
    }
  }
});

test.describe('organisation portal', () => {
  test('sysadmin: every route and the shell menus', async ({ page }) => {
    await signedIn(page, 'sysadmin', ORG_PORTAL, '/dashboard');
    await expectAccessible(page);
    await sweep(page, [
      ['/home', /^Welcome/],
      ['/organizations', 'Organizations'],
      ['/all-users', 'All Users'],
      ['/offerings', 'Offerings'],
      ['/offerings/product/1', /^Product Details: /],
      ['/offerings/service/9', /^Service Details: /],
      ['/users', 'Users'],
      ['/licences', 'Licences'],
      ['/issued-licences', 'Issued Licences'],
      ['/issued-subscriptions', 'Customer Subs'],
      ['/issued-subscriptions/1', /^Subscription Details: /],
      ['/my-subscriptions', 'Software'],
      ['/support', 'Support'],
      ['/Account/Profile', 'Profile'],
      ['/', 'Organization Portal'],
      ['/org/999999/users', NOT_FOUND],
    ]);

    // The user menu open (no mock permissions: the sysadmin is no developer of Acme Mining).
    await go(page, '/dashboard', 'Dashboard');
    await page.getByRole('button', { name: /account menu/ }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mock permissions…' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('developer: the mock-permissions panel from the user menu', async ({ page }) => {
    // SPEC §3/§6: only a developer of the selected organisation is offered the override.
    await signedIn(page, 'developer', ORG_PORTAL, '/dashboard');
    await page.getByRole('button', { name: /account menu/ }).click();
    await expect(page.getByRole('button', { name: 'Mock permissions…' })).toBeVisible();
    await expectAccessible(page);
    await checkModal(
      page,
      page.getByRole('button', { name: 'Mock permissions…' }),
      'Mock permissions',
    );
  });

  test('sysadmin: the modals of organisations, custom data, offerings and licences', async ({
    page,
  }) => {
    await signedIn(page, 'sysadmin', ORG_PORTAL, '/organizations');
    await ready(page, 'Organizations');
    await checkModal(
      page,
      page.getByRole('button', { name: 'New organization' }),
      'New organization',
    );
    await checkModal(page, firstButton(page, /^Edit: /), /^Edit /);

    // The custom data of an organisation: the records panel and its editor.
    await page.getByRole('link', { name: 'Custom data' }).first().click();
    await expect(page.getByRole('heading', { name: /^Custom data of / })).toBeVisible();
    await settled(page);
    await expectAccessible(page);
    await checkModal(
      page,
      page.getByRole('button', { name: 'Add', exact: true }),
      'Edit Custom Data',
    );

    await go(page, '/offerings', 'Offerings');
    await checkModal(
      page,
      page.getByRole('button', { name: 'New offering' }),
      'New product or service',
    );
    await checkModal(page, firstButton(page, /^Edit: /), /^Edit (product|service)$/);
    await checkModal(page, firstButton(page, /^Delete: /), /^Delete (product|service)$/);

    await go(page, '/issued-licences', 'Issued Licences');
    await checkModal(page, page.getByRole('button', { name: 'Issue licence' }), 'Issue a licence');
    await checkModal(page, firstButton(page, /^Renew: /), 'Renew licence');
    await checkModal(
      page,
      firstButton(page, /^(Suspend|Reinstate): /),
      /^(Suspend|Reinstate) licence$/,
    );
  });

  test('sysadmin: the modals of customer subscriptions and users', async ({ page }) => {
    await signedIn(page, 'sysadmin', ORG_PORTAL, '/issued-subscriptions');
    await ready(page, 'Customer Subs');
    await checkModal(
      page,
      page.getByRole('button', { name: 'New subscriptions' }),
      'New customer subscriptions',
    );
    await checkModal(page, firstButton(page, /^Edit: /), 'Edit subscription');
    await checkModal(page, firstButton(page, /^Disable: /), 'Disable subscription');

    await go(page, '/issued-subscriptions/1', /^Subscription Details: /);
    await checkModal(
      page,
      page.getByRole('button', { name: 'Upload', exact: true }),
      'Upload attachments',
    );

    await go(page, '/users', 'Users');
    await checkModal(page, page.getByRole('button', { name: 'Invite user' }), 'Invite a user');
    await checkModal(page, firstButton(page, /^Edit permissions: /), /^Permissions of /);
    await checkModal(
      page,
      firstButton(page, /^Remove from organization: /),
      'Remove from organization',
    );
  });

  test('owner and sub manager: edit organisation, custom data, no access, service licences, invitations', async ({
    page,
  }) => {
    await signedIn(page, 'owner', ORG_PORTAL, '/edit-org');
    await ready(page, 'Edit Organization');
    await expectAccessible(page);
    await checkModal(
      page,
      page.getByRole('button', { name: 'Add', exact: true }),
      'Edit Custom Data',
    );
    await sweep(page, [['/organizations', NO_ACCESS]]);

    // The sub manager of Borealis: pending invitations and licence assignment.
    await page.context().clearCookies();
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
    await signedIn(page, 'submanager', ORG_PORTAL, '/users');
    await ready(page, 'Users');
    await checkModal(page, firstButton(page, /^Revoke invitation: /), 'Revoke invitation');
    await go(page, '/my-subscriptions', 'Software');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Borealis - Blast Designer');
    await page.getByRole('link', { name: 'Borealis - Blast Designer', exact: true }).click();
    await ready(page, /^Service Licences/);
    await expectAccessible(page);
    await checkModal(page, firstButton(page, /^Assign user: /), /^Assign /);
    await checkModal(page, firstButton(page, /^Unassign user: /), 'Unassign licence');
  });
});

test.describe('site portal', () => {
  test('sysadmin: portal routes and the site modals', async ({ page }) => {
    await signedIn(page, 'sysadmin', SITE_PORTAL, '/dashboard');
    await expectAccessible(page);
    await sweep(page, [
      ['/all-sites', 'Site Admin'],
      ['/blasts-shared', 'Blasts Shared'],
      ['/node-libraries', 'Node Libraries'],
      ['/node-libraries/4', /^Acme Reference Library/],
      ['/site/5', 'Site Dashboard'],
      ['/', 'Sites'],
      ['/no-such-page', NOT_FOUND],
      ['/sites', 'Site Admin'],
    ]);
    await checkModal(page, page.getByRole('button', { name: 'Create site' }), 'Create a site');
    await checkModal(page, firstButton(page, /^Edit site: /), /^Edit /);
  });

  test('site admin: site routes, users, blasts, sharing and node libraries with their modals', async ({
    page,
  }) => {
    await signedIn(page, 'siteadmin', SITE_PORTAL, '/site/1');
    await ready(page, 'Site Dashboard');
    await expectAccessible(page);

    await go(page, '/site/1/users', 'Site Users');
    await expectAccessible(page);
    await checkModal(
      page,
      page.getByRole('button', { name: 'Add user' }),
      'Add a user to the site',
    );
    await checkModal(page, firstButton(page, /^Edit site permissions: /), /^Site permissions of /);
    await checkModal(page, firstButton(page, /^Remove from site: /), 'Remove from site');

    await go(page, '/site/1/blasts', 'Blasts');
    await expectAccessible(page);
    await checkModal(page, page.getByRole('button', { name: 'Upload blast' }), 'Upload a blast');
    await checkModal(page, firstButton(page, /^Edit blast: /), /^Edit /);
    await checkModal(page, firstButton(page, /^Delete blast: /), 'Delete blast');

    await go(page, '/site/1/blast/1', /^Blast Details: /);
    await expectAccessible(page);
    await checkModal(page, firstButton(page, /^Revoke link/), 'Revoke link');
    await checkModal(page, firstButton(page, /^Stop sharing with/), 'Stop sharing');

    await sweep(page, [
      ['/site/1/blast-link/demo-auth-link', /^Shared Blast/],
      ['/blast/1', /^Blast Details: /],
      ['/node-libraries/1', /^Borealis Standard Nodes/],
      ['/site/1/node-libraries/2', /^North Pit Nodes/],
    ]);
    await checkModal(page, page.getByRole('button', { name: 'Edit', exact: true }), /^Edit /);
    await checkModal(
      page,
      page.getByRole('button', { name: 'Delete', exact: true }),
      'Delete node library',
    );

    await go(page, '/site/1/node-libraries', 'Node Libraries');
    await expectAccessible(page);
    await checkModal(
      page,
      page.getByRole('button', { name: 'Create library' }),
      /^Create a node library/,
    );
    await checkModal(page, firstButton(page, /^Edit node library: /), /^Edit /);
    await checkModal(page, firstButton(page, /^Delete node library: /), 'Delete node library');
  });

  test('owner and site user: shared blasts with their modal, the viewer, no access', async ({
    page,
  }) => {
    await signedIn(page, 'owner', SITE_PORTAL, '/blasts-shared');
    await ready(page, 'Blasts Shared');
    await expectAccessible(page);
    await checkModal(page, firstButton(page, /^Remove this share: /), 'Remove share');
    await sweep(page, [
      ['/blasts-shared/26', /^Blast Viewer: /],
      ['/all-sites', NO_ACCESS],
    ]);
  });
});
