import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  OrgContext,
  useOptionalOrgContext,
  useOrgContext,
  useOrgId,
  useSelectedOrgId,
  useSiteScope,
  type OrgContextValue,
} from '@/core/org/context';
import { toMemberships } from '@/core/org/choose';
import { createUserMetadata } from '../../factories/metadata';

const [acme] = toMemberships(
  createUserMetadata([{ org: { id: 4, name: 'Acme Mining', sites: [{ id: 12, name: 'Pit' }] } }]),
);

function contextValue(overrides: Partial<OrgContextValue> = {}): OrgContextValue {
  if (!acme) throw new Error('no membership');
  return {
    org: acme.org,
    userPermissions: acme.permissions,
    otherOrgs: [],
    site: null,
    profile: { id: '7', firstName: 'Ada', lastName: 'Lovelace', email: '', avatar_Base64: null },
    pageSize: 20,
    selectOrg: () => undefined,
    ...overrides,
  };
}

const inside =
  (value: OrgContextValue) =>
  ({ children }: { children: ReactNode }) => (
    <OrgContext.Provider value={value}>{children}</OrgContext.Provider>
  );

/** Renders a hook outside any provider and returns what it threw (React logs the error). */
function thrownOutside(hook: () => unknown): unknown {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    renderHook(hook);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('organisation context readers', () => {
  it('inside the provider, each reader answers the selected organisation', () => {
    const value = contextValue();
    const wrapper = inside(value);
    expect(renderHook(() => useOrgContext(), { wrapper }).result.current).toBe(value);
    expect(renderHook(() => useOptionalOrgContext(), { wrapper }).result.current).toBe(value);
    expect(renderHook(() => useSelectedOrgId(), { wrapper }).result.current).toBe(4);
    expect(renderHook(() => useOrgId(), { wrapper }).result.current).toBe(4);
  });

  it('outside the provider, the optional readers answer null', () => {
    expect(renderHook(() => useOptionalOrgContext()).result.current).toBeNull();
    expect(renderHook(() => useSelectedOrgId()).result.current).toBeNull();
  });

  it('outside the provider, the required readers throw and say why', () => {
    expect(thrownOutside(() => useOrgContext())).toEqual(
      new Error('useOrgContext must be used inside the organization provider'),
    );
    expect(thrownOutside(() => useOrgId())).toEqual(
      new Error('useOrgId must be used inside the organization provider'),
    );
    expect(thrownOutside(() => useSiteScope())).toEqual(
      new Error('useSiteScope must be used on a site page'),
    );
  });

  it('the site scope needs a site page: the organisation and the site selected', () => {
    const site = acme?.org.sites[0] ?? null;
    const onSite = inside(contextValue({ site }));
    expect(renderHook(() => useSiteScope(), { wrapper: onSite }).result.current).toEqual({
      orgId: 4,
      siteId: 12,
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useSiteScope(), { wrapper: inside(contextValue()) })).toThrow(
      'useSiteScope must be used on a site page',
    );
  });
});
