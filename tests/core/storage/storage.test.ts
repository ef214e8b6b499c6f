import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  readStored,
  storageKeys,
  subscribeStored,
  takeStored,
  tokenStore,
  writeStored,
} from '@/core/storage';
import { usePageSize } from '@/core/storage/page-size';

describe('storage', () => {
  it('round-trips typed values under the names of SPEC §9', () => {
    writeStored(storageKeys.pageSize, 50);
    writeStored(storageKeys.lastRoute, '/users?page=2');
    expect(localStorage.getItem('page_size')).toBe('50');
    expect(sessionStorage.getItem('lastRoute')).toBe('"/users?page=2"');
    expect(readStored(storageKeys.pageSize)).toBe(50);
  });

  it("keeps the selection and the developer override under SPEC §9's keys 'org', 'userOrgs' and 'mock_permissions', in localStorage", () => {
    writeStored(storageKeys.org, 42);
    writeStored(storageKeys.userOrgs, [42, 7]);
    writeStored(storageKeys.mockPermissions, { canManageUsers: true });
    writeStored(storageKeys.newOrgId, 9);
    expect(localStorage.getItem('org')).toBe('42');
    expect(localStorage.getItem('userOrgs')).toBe('[42,7]');
    expect(localStorage.getItem('mock_permissions')).toBe('{"canManageUsers":true}');
    expect(localStorage.getItem('new_org_id')).toBe('9');
    // A value another build (or tab) wrote under those names is read back.
    localStorage.setItem('org', '5');
    localStorage.setItem('userOrgs', '[5,6]');
    localStorage.setItem('mock_permissions', '{"canViewAudit":false}');
    expect(readStored(storageKeys.org)).toBe(5);
    expect(readStored(storageKeys.userOrgs)).toEqual([5, 6]);
    expect(readStored(storageKeys.mockPermissions)).toEqual({ canViewAudit: false });
    expect(sessionStorage.length).toBe(0);
  });

  it('reads invalid or corrupt values as absent', () => {
    localStorage.setItem('page_size', '17');
    expect(readStored(storageKeys.pageSize)).toBeUndefined();
    localStorage.setItem('userOrgs', '{not json');
    expect(readStored(storageKeys.userOrgs)).toBeUndefined();
  });

  it('reads new_org_id once and clears it', () => {
    writeStored(storageKeys.newOrgId, 7);
    expect(takeStored(storageKeys.newOrgId)).toBe(7);
    expect(takeStored(storageKeys.newOrgId)).toBeUndefined();
  });

  it('follows changes made in other tabs', () => {
    const onChange = vi.fn();
    const stop = subscribeStored(storageKeys.pageSize, onChange);
    localStorage.setItem('page_size', '100');
    window.dispatchEvent(new StorageEvent('storage', { key: 'page_size' }));
    expect(onChange).toHaveBeenCalledWith(100);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'page_size' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
  it('follows another tab clearing the whole storage', () => {
    writeStored(storageKeys.pageSize, 50);
    const onChange = vi.fn();
    const stop = subscribeStored(storageKeys.pageSize, onChange);
    // Another key changing elsewhere is not this key's change.
    window.dispatchEvent(new StorageEvent('storage', { key: 'lastRoute' }));
    expect(onChange).not.toHaveBeenCalled();
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(onChange).toHaveBeenCalledWith(undefined);
    stop();
  });

  it('with storage disabled (a privacy mode) reads nothing, keeps nothing, and sign-in says why it cannot start', () => {
    const spy = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const session = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(readStored(storageKeys.org)).toBeUndefined();
    expect(() => writeStored(storageKeys.org, 3)).not.toThrow();
    // The organisation chosen at registration is read once: nothing to read, nothing to clear.
    expect(takeStored(storageKeys.newOrgId)).toBeUndefined();
    expect(() => tokenStore()).toThrow('Session storage is unavailable; sign-in needs it.');
    spy.mockRestore();
    session.mockRestore();
    expect(tokenStore()).toBe(window.sessionStorage);
  });

  it('a page size chosen in one table shows at once in the other tables of the tab (SPEC §4)', () => {
    const first = renderHook(() => usePageSize());
    const second = renderHook(() => usePageSize());
    expect(second.result.current[0]).toBe(20);
    act(() => first.result.current[1](50));
    expect(second.result.current[0]).toBe(50);
    expect(localStorage.getItem('page_size')).toBe('50');
  });

  it('a table that unmounts stops following other tabs: no storage listener is left behind', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const storageListeners = (spy: typeof add) =>
      spy.mock.calls.filter(([type]) => type === 'storage').map(([, listener]) => listener);
    const table = renderHook(() => usePageSize());
    const added = storageListeners(add);
    expect(added).not.toHaveLength(0);
    table.unmount();
    expect(storageListeners(remove)).toEqual(expect.arrayContaining(added));
    add.mockRestore();
    remove.mockRestore();
  });
});
