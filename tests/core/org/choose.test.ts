import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  chooseOrgId,
  customDataErrorMessage,
  findSite,
  orderUserOrgs,
  parseCustomData,
  parsePathScope,
  toMemberships,
  withOrgPrefix,
} from '@/core/org/choose';
import { createOrg, createUserMetadata } from '../../factories/metadata';

describe('organisation choice order (SPEC §4)', () => {
  const ids = [10, 20, 30, 40];

  it('takes the stored preference first', () => {
    expect(chooseOrgId(ids, { stored: 30, requested: 20, fallback: 40 })).toBe(30);
  });

  it('then the caller-supplied organisation', () => {
    expect(chooseOrgId(ids, { stored: null, requested: 20, fallback: 40 })).toBe(20);
  });

  it('then the default', () => {
    expect(chooseOrgId(ids, { fallback: 40 })).toBe(40);
  });

  it("otherwise the user's first organisation", () => {
    expect(chooseOrgId(ids, {})).toBe(10);
  });

  it('skips a candidate the user does not belong to', () => {
    expect(chooseOrgId(ids, { stored: 99, requested: 98, fallback: 30 })).toBe(30);
    expect(chooseOrgId(ids, { stored: 99 })).toBe(10);
  });

  it('has nothing to choose without organisations', () => {
    expect(chooseOrgId([], { stored: 1 })).toBeNull();
  });

  it('always answers one of the user organisations (property)', () => {
    const maybe = fc.option(fc.integer({ min: 1, max: 50 }), { nil: null });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1 }),
        maybe,
        maybe,
        maybe,
        (orgIds, stored, requested, fallback) => {
          const chosen = chooseOrgId(orgIds, { stored, requested, fallback });
          const first = [stored, requested, fallback].find((c) => c != null && orgIds.includes(c));
          expect(chosen).toBe(first ?? orgIds[0]);
        },
      ),
    );
  });
});

describe('userOrgs (SPEC §3)', () => {
  it('puts the selected organisation first and keeps the rest in order', () => {
    expect(orderUserOrgs([1, 2, 3, 4], 3)).toEqual([3, 1, 2, 4]);
    expect(orderUserOrgs([1, 2], 1)).toEqual([1, 2]);
  });

  it('keeps the list as it is when the selected organisation is not in it', () => {
    expect(orderUserOrgs([1, 2, 3], 9)).toEqual([1, 2, 3]);
  });
});

describe('customData (SPEC §3, §8)', () => {
  it('parses the JSON string into an object', () => {
    const org = createOrg({ customData: '{"theme":"dark","limits":{"seats":5}}' });
    expect(parseCustomData(org)).toEqual({ theme: 'dark', limits: { seats: 5 } });
  });

  it('treats null, empty and blank as an empty object without logging', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(parseCustomData(createOrg({ customData: null }))).toEqual({});
    expect(parseCustomData(createOrg({ customData: '' }))).toEqual({});
    expect(parseCustomData(createOrg({ customData: ' \n ' }))).toEqual({});
    expect(log).not.toHaveBeenCalled();
  });

  it.each(['{not json', '[1,2]', '"text"', '42', 'null'])(
    'logs the exact text and falls back to {} for %s',
    (raw) => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const org = createOrg({ id: 12, name: 'Acme Mining', customData: raw });
      expect(parseCustomData(org)).toEqual({});
      expect(log).toHaveBeenCalledWith(
        "Something's gone wrong with the custom data for Acme Mining - 12",
      );
    },
  );

  it('builds the log line from name and id', () => {
    expect(customDataErrorMessage({ id: 3, name: 'Cobalt Blasting' })).toBe(
      "Something's gone wrong with the custom data for Cobalt Blasting - 3",
    );
  });

  it('parses every organisation of the metadata', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const memberships = toMemberships(
      createUserMetadata([
        { org: { id: 1, customData: '{"a":1}' } },
        { org: { id: 2, customData: 'oops' } },
      ]),
    );
    expect(memberships.map((m) => m.org.customData)).toEqual([{ a: 1 }, {}]);
  });
});

describe('path scope (docs/routes.md)', () => {
  it('reads the /org/{orgId} prefix', () => {
    expect(parsePathScope('/org/7/users')).toEqual({
      orgId: 7,
      siteId: null,
      rest: '/users',
      malformed: false,
    });
    expect(parsePathScope('/org/7')).toMatchObject({ orgId: 7, rest: '/' });
    expect(parsePathScope('/users')).toEqual({
      orgId: null,
      siteId: null,
      rest: '/users',
      malformed: false,
    });
  });

  it('reads the site id of site pages, with or without the prefix', () => {
    expect(parsePathScope('/site/12/blasts')).toMatchObject({ orgId: null, siteId: 12 });
    expect(parsePathScope('/org/2/site/12')).toMatchObject({
      orgId: 2,
      siteId: 12,
      rest: '/site/12',
    });
    expect(parsePathScope('/sites')).toMatchObject({ siteId: null, malformed: false });
    expect(parsePathScope('/site/12/blasts')).toEqual({
      orgId: null,
      siteId: 12,
      rest: '/site/12/blasts',
      malformed: false,
    });
  });

  it('reads a prefix or a site segment only at the start of the path', () => {
    expect(parsePathScope('/users/org/5')).toEqual({
      orgId: null,
      siteId: null,
      rest: '/users/org/5',
      malformed: false,
    });
    expect(parsePathScope('/blasts/site/5')).toMatchObject({ siteId: null, malformed: false });
    expect(parsePathScope('/org/2/blasts/site/5')).toMatchObject({ orgId: 2, siteId: null });
  });

  it('a site-scoped shared link needs no site of the user (any signed-in user opens it)', () => {
    expect(parsePathScope('/site/12/blast-link/abc')).toMatchObject({
      siteId: null,
      malformed: false,
      rest: '/site/12/blast-link/abc',
    });
    expect(parsePathScope('/site/12/blasts')).toMatchObject({ siteId: 12 });
  });

  it('flags ids that are not positive integers', () => {
    expect(parsePathScope('/org/abc/users').malformed).toBe(true);
    expect(parsePathScope('/site/0').malformed).toBe(true);
    expect(parsePathScope('/site/1e3/users').malformed).toBe(true);
  });

  it('replaces or removes the prefix', () => {
    expect(withOrgPrefix('/org/1/users', 2)).toBe('/org/2/users');
    expect(withOrgPrefix('/users', 2)).toBe('/org/2/users');
    expect(withOrgPrefix('/', 2)).toBe('/org/2');
    expect(withOrgPrefix('/org/1/users', null)).toBe('/users');
  });

  it('finds a site in the selected organisation first, else in another one', () => {
    const memberships = toMemberships(
      createUserMetadata([
        { org: { id: 1, sites: [{ id: 5 }] } },
        { org: { id: 2, sites: [{ id: 6 }, { id: 5 }] } },
      ]),
    );
    expect(findSite(memberships, 5, 2)?.orgId).toBe(2);
    expect(findSite(memberships, 5, 1)?.orgId).toBe(1);
    expect(findSite(memberships, 6, 1)?.orgId).toBe(2);
    expect(findSite(memberships, 99, 1)).toBeNull();
  });

  it('finds a site of several organisations, none selected, in the first one listed', () => {
    const memberships = toMemberships(
      createUserMetadata([
        { org: { id: 1, sites: [{ id: 5 }] } },
        { org: { id: 2, sites: [{ id: 5 }] } },
        { org: { id: 3, sites: [{ id: 5 }] } },
      ]),
    );
    expect(findSite(memberships, 5, null)?.orgId).toBe(1);
    expect(findSite(memberships, 5, 9)?.orgId).toBe(1);
    expect(findSite(memberships, 5, 3)?.orgId).toBe(3);
  });
});
