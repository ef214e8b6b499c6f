/**
 * Test support for the lists (docs/lists.md): every list route of the route table with a caller
 * who may read it, an oracle of each column (the value a row's cell shows, computed from the
 * answer row, independently of the SQL), and the NDJSON frames of an export.
 */
import { Readable } from 'node:stream';
import { vi } from 'vitest';
import type { App } from '../app';
import type { ListColumn } from '@/contract/lists';
import { routeTable, type RouteInfo } from './routes';
import { bearer, ORGS, tokenFor, type DemoAccount } from '../test/harness';

// The rows are the answers of the API: any shape, read by the oracles below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = any;
type Cell = (row: Row) => string | number | boolean | null;

/** SPEC §3 user cell, as src/core/format's formatUser (the stack may not import the portals). */
export function userCell(u: Row): string | null {
  if (!u) return null;
  const first = u.firstName?.trim() ?? '';
  const last = u.lastName?.trim() ?? '';
  const email = u.email?.trim().toLowerCase() ?? '';
  if (!first && email) return 'Pending user activation';
  const name = `${first} ${last}`.trim();
  return email ? `${name} <${email}>` : name;
}
const today = () => new Date().toISOString().slice(0, 10);
const subscriptionStatus = (r: Row) =>
  r.isDisabled ? 'Disabled' : r.endDate !== null && r.endDate < today() ? 'Ended' : 'Active';
const licence: Record<string, Cell> = {
  id: (r) => r.id,
  'product.name': (r) => r.product.name,
  'subscription.name': (r) => r.subscription?.name ?? null,
  'state.name': (r) => r.state.name,
  seats: (r) => r.seats,
  expiry: (r) => r.expiry,
  issuedAt: (r) => r.issuedAt,
  assignedUser: (r) => userCell(r.assignedUser),
};
const subscription: Record<string, Cell> = {
  id: (r) => r.id,
  name: (r) => r.name,
  startDate: (r) => r.startDate,
  endDate: (r) => r.endDate,
  seats: (r) => r.seatsUsed,
  seatsAllowed: (r) => r.seatsAllowed,
  status: subscriptionStatus,
  createdAt: (r) => r.createdAt,
};
const names: Record<string, Cell> = {
  id: (r) => r.id,
  user: userCell,
  email: (r) => r.email,
  firstName: (r) => r.firstName,
  lastName: (r) => r.lastName,
};
const site: Record<string, Cell> = {
  id: (r) => r.id,
  name: (r) => r.name,
  orgName: (r) => r.orgName,
  description: (r) => r.description,
  location: (r) => r.location,
  subscriptionName: (r) => r.subscriptionName,
  userCount: (r) => r.userCount,
  blastCount: (r) => r.blastCount,
  createdAt: (r) => r.createdAt,
};
const library: Record<string, Cell> = {
  id: (r) => r.id,
  name: (r) => r.name,
  version: (r) => r.version,
  description: (r) => r.description,
  nodeCount: (r) => r.nodeCount,
  scope: (r) => (r.siteId === null ? 'Organization' : 'Site'),
  updatedAt: (r) => r.updatedAt,
};

const event: Record<string, Cell> = {
  id: (r) => r.id,
  at: (r) => r.at,
  actorName: (r) => r.actorName,
  action: (r) => r.action,
  recordType: (r) => r.recordType,
  recordName: (r) => r.recordName,
};

/**
 * What each column of each list shows, by the list's path (after the service prefix). A list or a
 * column missing here fails the tests: a new column comes with its oracle.
 */
export const CELLS: Record<string, Record<string, Cell>> = {
  '/orgs/:orgId/issued-licences/list': {
    ...licence,
    'customerOrg.name': (r) => r.customerOrg.name,
  },
  '/orgs/:orgId/licences/list': {
    ...licence,
    licence: (r) =>
      [r.subscription?.name, r.product.name, r.state.name].filter((p) => p).join(' · '),
    orgName: (r) => r.orgName,
  },
  '/orgs/:orgId/issued-subscriptions/list': {
    ...subscription,
    'subscriberOrg.name': (r) => r.subscriberOrg.name,
    'offering.name': (r) => r.offering.name,
  },
  '/orgs/:orgId/my-subscriptions/list': {
    ...subscription,
    orgName: (r) => r.orgName,
    'offering.name': (r) => `${r.offering.name} (${r.offering.type})`,
  },
  '/orgs/:orgId/customers/list': {
    id: (r) => r.id,
    name: (r) => r.name,
    subscriptions: (r) => r.subscriptions,
    activeSubscriptions: (r) => r.activeSubscriptions,
    licences: (r) => r.licences,
    activeLicences: (r) => r.activeLicences,
    nextEndDate: (r) => r.nextEndDate,
    customerSince: (r) => r.customerSince,
  },
  '/orgs/:orgId/users/list': {
    ...names,
    status: (r) => (r.status === 'Invited' ? 'Invited' : r.isOrgOwner ? 'Owner' : 'Active'),
    isOrgAdmin: (r) => r.isOrgAdmin,
    isBusinessManager: (r) => r.isBusinessManager,
    isSubManager: (r) => r.isSubManager,
    isDeveloper: (r) => r.isDeveloper,
    isTechSupport: (r) => r.isTechSupport,
    invitedAt: (r) => r.invitedAt,
  },
  '/admin/users/list': {
    ...names,
    status: (r) => r.status,
    isSysadmin: (r) => r.isSysadmin,
    orgName: (r) => r.orgName || null,
  },
  '/admin/orgs/list': {
    id: (r) => r.id,
    name: (r) => r.name,
    description: (r) => r.description,
    isProductOwnerEnabled: (r) => r.isProductOwnerEnabled,
    isServiceOwnerEnabled: (r) => r.isServiceOwnerEnabled,
    memberCount: (r) => r.memberCount,
    createdAt: (r) => r.createdAt,
  },
  '/orgs/:orgId/offerings/list': {
    id: (r) => r.id,
    name: (r) => r.name,
    type: (r) => (r.type === 'product' ? 'Product' : 'Service'),
    description: (r) => r.description,
    tags: (r) => r.tags.join(', '),
    featureCount: (r) => r.features.length,
    createdAt: (r) => r.createdAt,
    updatedAt: (r) => r.updatedAt,
  },
  '/dashboard/sites/list': {
    siteName: (r) => r.siteName,
    orgName: (r) => r.orgName,
    blasts: (r) => r.blasts,
    fired: (r) => r.fired,
    planned: (r) => r.planned,
    holes: (r) => r.holes,
    lastBlastAt: (r) => r.lastBlastAt,
  },
  '/orgs/:orgId/sites/list': site,
  '/admin/sites/list': site,
  '/orgs/:orgId/sites/:siteId/users/list': {
    ...names,
    status: (r) => (r.status === 'pending' ? 'Pending' : 'Active'),
    isSiteAdmin: (r) => r.isSiteAdmin,
    isSiteUser: (r) => r.isSiteUser,
  },
  '/orgs/:orgId/sites/:siteId/blasts/list': {
    id: (r) => r.id,
    name: (r) => r.name,
    description: (r) => r.description,
    status: (r) => (r.status === 'fired' ? 'Fired' : 'Planned'),
    date: (r) => (r.status === 'fired' ? r.firedAt : r.plannedAt),
    firedAt: (r) => r.firedAt,
    plannedAt: (r) => r.plannedAt,
    holeCount: (r) => r.holeCount,
    totalCharge: (r) => r.totalCharge,
    fileName: (r) => r.fileName,
    fileSize: (r) => r.fileSize,
    updatedAt: (r) => r.updatedAt,
  },
  '/shared-blasts/list': {
    shareId: (r) => r.shareId,
    blastName: (r) => r.blastName,
    siteName: (r) => r.siteName,
    orgName: (r) => r.orgName,
    sharedBy: (r) => userCell(r.sharedBy),
    sharedAt: (r) => r.sharedAt,
    sharedWith: (r) => (r.target.kind === 'user' ? 'You' : r.target.orgName),
  },
  '/orgs/:orgId/sites/:siteId/blasts/:blastId/links/list': {
    kind: (r) => (r.isAnonymous ? 'Anonymous' : 'Sign-in'),
    status: (r) => (r.isRevoked ? 'Revoked' : 'Live'),
    createdBy: (r) => userCell(r.createdBy),
    createdAt: (r) => r.createdAt,
    revokedAt: (r) => r.revokedAt,
  },
  '/orgs/:orgId/sites/:siteId/blasts/:blastId/shares/list': {
    id: (r) => r.id,
    target: (r) => (r.target.kind === 'user' ? r.target.email : r.target.orgName),
    kind: (r) => (r.target.kind === 'user' ? 'User' : 'Organization'),
    sharedBy: (r) => userCell(r.sharedBy),
    sharedAt: (r) => r.sharedAt,
  },
  '/orgs/:orgId/node-libraries/list': library,
  '/orgs/:orgId/sites/:siteId/node-libraries/list': library,
  '/orgs/:orgId/activity/list': event,
  '/orgs/:orgId/sites/:siteId/activity/list': event,
  '/audit/list': { ...event, orgName: (r) => r.orgName },
};

export interface ListUnderTest {
  route: RouteInfo;
  /** The route's path after its service prefix ('/orgs/:orgId/users/list'). */
  path: string;
  columns: Record<string, ListColumn>;
  searchable: readonly string[];
  cells: Record<string, Cell>;
  who: DemoAccount;
}

/** Every list route of the route table, with a caller allowed to read it. */
export function listRoutes(): ListUnderTest[] {
  return routeTable()
    .filter((r) => r.list?.kind === 'list')
    .map((route) => {
      const path = route.url.replace(/^\/(crm|data)\/v1/, '');
      const cells = CELLS[path];
      if (!cells)
        throw new Error(`No cells for ${path}: add its oracle to server/http/list-support.ts`);
      return {
        route,
        path,
        columns: route.list?.columns as Record<string, ListColumn>,
        searchable: route.list?.searchable ?? [],
        cells,
        // The sysadmin holds every flag in every organisation; shares go to people.
        who: route.access.kind === 'user' ? 'siteuser' : 'sysadmin',
      };
    });
}

/** The organisation and site each list is read in: the demo's busiest for that list. */
export const listParams = (path: string): Record<string, number> =>
  path.includes(':siteId')
    ? { orgId: ORGS.borealis, siteId: 1, blastId: 1 } // blast 1: North Pit 0001, shared and linked
    : /\/(licences|my-subscriptions)\//.test(path) || /node-libraries|sites/.test(path)
      ? { orgId: ORGS.borealis }
      : { orgId: ORGS.acme };

export const fill = (url: string, params: Record<string, number>) =>
  url.replace(/:(\w+)/g, (_, name: string) => String(params[name]));

/** Parses an NDJSON answer into its frames. */
export const framesOf = (body: string): Row[] =>
  body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));

/** POSTs as a demo account; answers the status and the parsed body. */
export async function post(
  app: App,
  headers: Record<string, string>,
  url: string,
  payload: unknown,
  extra: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...extra },
    payload: payload as object,
  });
  return res;
}

/**
 * Starts a streamed request over real HTTP, reads until a frame of `kind` has arrived, and
 * aborts it as a user's Cancel would. Once the server has seen the client go (it destroys the
 * stream), `afterAbort` runs (a test releases the work it held back), then this waits for the
 * stream to close: whatever ran by then is all that ever runs.
 */
export async function abortMidStream(
  app: App,
  request: { url: string; headers: Record<string, string>; body: object; until: string },
  afterAbort: () => void,
): Promise<void> {
  const streams: Readable[] = [];
  const from = Readable.from.bind(Readable);
  const fromSpy = vi.spyOn(Readable, 'from').mockImplementation((iterable, options) => {
    const stream = from(iterable, options);
    streams.push(stream);
    return stream;
  });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const res = await fetch(`${address}${request.url}`, {
      method: 'POST',
      headers: { ...request.headers, 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
      signal: abort.signal,
    });
    const reader = res.body?.getReader();
    let text = '';
    while (!text.includes(`"kind":"${request.until}"`)) {
      const { value } = (await reader?.read()) ?? {};
      text += new TextDecoder().decode(value);
    }
    abort.abort();
    const stream = streams.at(-1) as Readable;
    while (!stream.destroyed) await new Promise((resolve) => setImmediate(resolve));
    const closed = new Promise((resolve) => stream.once('close', resolve));
    afterAbort();
    await closed;
  } finally {
    afterAbort();
    fromSpy.mockRestore();
    app.server.closeAllConnections();
  }
}

/**
 * Audited writes through the API (the seed records none): the audit trail's lists then have
 * events of several actors, actions, record types and organisations to sort and filter.
 */
export async function recordSomeActivity(app: App): Promise<void> {
  const as = async (who: DemoAccount, method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await app.inject({
      method,
      url,
      headers: bearer(await tokenFor(app, who)),
      payload,
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  };
  const org = `/crm/v1/orgs/${ORGS.acme}`;
  await as('owner', 'PUT', org, { name: 'Acme Mining', description: 'Trail: first' });
  await as('owner', 'PUT', org, { name: 'Acme Mining', description: 'Trail: second' });
  const [licence] = await app.services.db.query<{ id: number }>(
    `select id from licences where vendor_org_id = $1 and state = 'Active'
      and (expiry is null or expiry > current_date) order by id limit 1`,
    [ORGS.acme],
  );
  await as('manager', 'POST', `${org}/issued-licences/${licence?.id}/suspend`, {});
  await as('manager', 'POST', `${org}/issued-licences/${licence?.id}/reinstate`, {});
  await as('siteadmin', 'POST', `/data/v1/orgs/${ORGS.borealis}/sites/1/blasts/4/shares`, {
    email: 'trail-list@example.com',
  });
}
