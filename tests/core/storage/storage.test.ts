import { describe, expect, it, vi } from 'vitest';
import { readStored, storageKeys, subscribeStored, takeStored, writeStored } from '@/core/storage';

describe('storage', () => {
  it('round-trips typed values under the names of SPEC §9', () => {
    writeStored(storageKeys.pageSize, 50);
    writeStored(storageKeys.lastRoute, '/users?page=2');
    expect(localStorage.getItem('page_size')).toBe('50');
    expect(sessionStorage.getItem('lastRoute')).toBe('"/users?page=2"');
    expect(readStored(storageKeys.pageSize)).toBe(50);
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
});
