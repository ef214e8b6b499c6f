import type { Page } from '@playwright/test';
import type { PathParam } from 'react-router-dom';
import type { orgRoutes, siteRoutes } from '../src/core/routes/routes';
import { ORG_PORTAL, signIn, SITE_PORTAL, type Account } from './support/auth';
import { layoutProblems, viewports, type ViewportName } from './support/layout';
import { clickInApp, goInApp } from './support/navigate';
import { expect, test } from './support/test';

/**
 * Issue 17, layout: every route of both portals (the route tables of src/core/routes/routes.ts,
 * which src/org/app/routes.tsx and src/site/app/routes.tsx map to their pages) opened as a demo
 * account who may see it, on a 1280 × 800 desktop (sidebar open) and on a 390 × 844 phone. On
 * each: the page never scrolls sideways; the row actions of every data table's first row are on
 * the screen and not under anything (the table scrolls in its own container); on the desktop
 * every table fits; the filter row's selects and placeholders are not cut; the top bar is one
 * row (support/layout.ts says how each is measured).
 *
 * The plans below are typed by the route tables: a route added there fails the typecheck until
 * it is planned here, and a plan's path must be its route's path, its params that path's.
 * Demo facts (server/seed, e2e/a11y.spec.ts): Acme Mining sells product 1 and service 9, has
 * customer subscription 1 and library 4; Borealis Quarries' site 1 has blast 1, library 2 and
 * the link 'demo-auth-link'; library 1 belongs to Borealis.
 */

type RouteTable = Record<string, { path: string }>;
interface Visit<P extends string> {
  path: P;
  params?: Record<PathParam<P>, string>;
  as: Account;
  /** The screen is a list: it must show a data table with rows. */
  list?: boolean;
  /**
   * An id the seed does not fix: the list to open, whose link (by its name, else the first row's
   * first link) leads here.
   */
  via?: { list: string; link?: string };
}
/** Why a route is not visited (it has no screen of the shell to check). */
interface Skip {
  skip: string;
}
type Plan<T extends RouteTable> = { [K in keyof T]: Visit<T[K]['path']> | Skip };

const SIGN_IN = 'the identity provider’s page';
const CALLBACK = 'a sign-in callback: no screen of its own';
const SIGNED_OUT = 'a signed-out screen (the one-row top bar is checked on every visit)';

const orgPlan: Plan<typeof orgRoutes> = {
  presentation: { path: '/', as: 'sysadmin' },
  dashboardOverview: { path: '/dashboard', as: 'sysadmin' },
  home: { path: '/home', as: 'sysadmin' },
  notAuthenticated: { skip: SIGNED_OUT },
  organizations: { path: '/organizations', as: 'sysadmin', list: true },
  offerings: { path: '/offerings', as: 'sysadmin', list: true },
  productDetails: { path: '/offerings/product/:id', params: { id: '1' }, as: 'sysadmin' },
  serviceDetails: { path: '/offerings/service/:id', params: { id: '9' }, as: 'sysadmin' },
  allUsers: { path: '/all-users', as: 'sysadmin', list: true },
  auditLog: { path: '/audit', as: 'sysadmin', list: true },
  users: { path: '/users', as: 'sysadmin', list: true },
  licences: { path: '/licences', as: 'sysadmin', list: true },
  issuedLicences: { path: '/issued-licences', as: 'sysadmin', list: true },
  customerSubs: { path: '/issued-subscriptions', as: 'sysadmin', list: true },
  subscriptionDetails: {
    path: '/issued-subscriptions/:id',
    params: { id: '1' },
    as: 'sysadmin',
    list: true,
  },
  software: { path: '/my-subscriptions', as: 'submanager', list: true },
  serviceLicences: {
    path: '/my-subscriptions/:id',
    // A software subscription with licences to list (e2e/a11y.spec.ts).
    via: { list: '/my-subscriptions', link: 'Borealis - Blast Designer' },
    as: 'submanager',
    list: true,
  },
  emailPreferences: { skip: 'an anonymous form reached from an email' },
  editOrg: { path: '/edit-org', as: 'owner' },
  // The seed records no events and identity events belong to no organisation, so Acme's trail
  // has rows only once another spec has written to it: no rows are waited for here. The Audit
  // log above (sysadmin, whose sign-ins are events) draws the same events table with rows.
  activity: { path: '/activity', as: 'owner' },
  support: { path: '/support', as: 'sysadmin' },
  register: { skip: SIGN_IN },
  login: { skip: SIGN_IN },
  profile: { path: '/Account/Profile', as: 'sysadmin' },
  signInOidc: { skip: CALLBACK },
  signOutCallbackOidc: { skip: CALLBACK },
  subscriptionRegister: { skip: 'a registration form before sign-in' },
  subscriptionExistingReg: { skip: 'a registration form before sign-in' },
};

const sitePlan: Plan<typeof siteRoutes> = {
  // The sites a user can open, as cards.
  presentation: { path: '/', as: 'sysadmin' },
  dashboardOverview: { path: '/dashboard', as: 'sysadmin', list: true },
  blastsShared: { path: '/blasts-shared', as: 'siteuser', list: true },
  blastViewer: {
    path: '/blasts-shared/:blastId',
    via: { list: '/blasts-shared' },
    as: 'siteuser',
  },
  nodeLibraries: { path: '/node-libraries', as: 'sysadmin', list: true },
  nodeLibrary: { path: '/node-libraries/:id', params: { id: '4' }, as: 'sysadmin' },
  siteAdmin: { path: '/sites', as: 'sysadmin', list: true },
  allSites: { path: '/all-sites', as: 'sysadmin', list: true },
  siteDashboard: { path: '/site/:siteId', params: { siteId: '1' }, as: 'siteadmin' },
  siteUsers: { path: '/site/:siteId/users', params: { siteId: '1' }, as: 'siteadmin', list: true },
  siteBlasts: {
    path: '/site/:siteId/blasts',
    params: { siteId: '1' },
    as: 'siteadmin',
    list: true,
  },
  blastDetails: {
    path: '/site/:siteId/blast/:blastId',
    params: { siteId: '1', blastId: '1' },
    as: 'siteadmin',
  },
  // The seed records no events: on a fresh stack the site's trail may still be empty.
  siteActivity: { path: '/site/:siteId/activity', params: { siteId: '1' }, as: 'siteadmin' },
  blastLink: {
    path: '/site/:siteId/blast-link/:linkId',
    params: { siteId: '1', linkId: 'demo-auth-link' },
    as: 'siteadmin',
  },
  blastLinkOpen: {
    path: '/blast-link/:linkId',
    params: { linkId: 'demo-auth-link' },
    as: 'siteadmin',
  },
  siteNodeLibraries: {
    path: '/site/:siteId/node-libraries',
    params: { siteId: '1' },
    as: 'siteadmin',
    list: true,
  },
  siteNodeLibrary: {
    path: '/site/:siteId/node-libraries/:id',
    params: { siteId: '1', id: '2' },
    as: 'siteadmin',
  },
  blastLinkAnon: { skip: 'an anonymous page outside the shell' },
  blastRedirect: { skip: 'redirects to Blast Details, visited above' },
  notAuthenticated: { skip: SIGNED_OUT },
  login: { skip: SIGN_IN },
  signInOidc: { skip: CALLBACK },
  signOutCallbackOidc: { skip: CALLBACK },
};

type AnyVisit = Visit<string> & { name: string };

const fill = (visit: Visit<string>) =>
  visit.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = (visit.params as Record<string, string> | undefined)?.[key];
    if (value === undefined) throw new Error(`${visit.path}: no value for :${key}`);
    return value;
  });

/** The visits of a plan, by the account that makes them. */
function byAccount(plan: Record<string, Visit<string> | Skip>): Map<Account, AnyVisit[]> {
  const groups = new Map<Account, AnyVisit[]>();
  for (const [name, entry] of Object.entries(plan)) {
    if ('skip' in entry) continue;
    const list = groups.get(entry.as) ?? [];
    list.push({ ...entry, name });
    groups.set(entry.as, list);
  }
  return groups;
}

/** Loading has ended: no app loader, no table loader. */
async function settled(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('[data-app-loader]')).toHaveCount(0);
  await expect(page.getByText('Loading Data...')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** Client-side navigation (support/navigate.ts), then loading has ended. */
async function go(page: Page, path: string) {
  await goInApp(page, path);
  await settled(page);
}

async function open(page: Page, visit: AnyVisit) {
  if (!visit.via) {
    await go(page, fill(visit));
    return;
  }
  await go(page, visit.via.list);
  const pattern = new RegExp(`^${visit.path.replace(/:\w+/g, '[^/]+')}$`);
  if (visit.via.link) {
    await page.getByRole('searchbox', { name: 'Search' }).fill(visit.via.link);
    await clickInApp(page, page.getByRole('link', { name: visit.via.link, exact: true }));
  } else {
    const row = page.locator('main section.dt tbody tr').first();
    await clickInApp(page, row.getByRole('link').first());
  }
  await page.waitForURL((url) => pattern.test(url.pathname));
  await settled(page);
}

const portals = [
  { title: 'Organization Portal', origin: ORG_PORTAL, plan: orgPlan },
  { title: 'Site Portal', origin: SITE_PORTAL, plan: sitePlan },
] as const;

test.describe.configure({ timeout: 180_000 });

for (const portal of portals) {
  for (const [account, visits] of byAccount(portal.plan)) {
    test(`${portal.title}: every screen ${account} opens fits a desktop and a phone`, async ({
      page,
    }) => {
      // The sidebar is the signed-in shell's mark, and it is collapsed on a phone: sign in wide.
      await page.setViewportSize(viewports.desktop);
      await signIn(page, account, {
        portal: portal.origin,
        path: '/dashboard',
        landed: (url) => !url.pathname.startsWith('/signin-oidc'),
      });
      for (const name of Object.keys(viewports) as ViewportName[]) {
        await page.setViewportSize(viewports[name]);
        for (const visit of visits) {
          await test.step(`${name} ${visit.name} ${visit.path}`, async () => {
            await open(page, visit);
            if (visit.list) {
              await expect(
                page.locator('main section.dt tbody tr td.dt-cell').first(),
              ).toBeVisible();
            }
            expect(
              await layoutProblems(page, { tableFits: name === 'desktop' }),
              `${name}: ${page.url()}`,
            ).toEqual([]);
          });
        }
      }
    });
  }
}
