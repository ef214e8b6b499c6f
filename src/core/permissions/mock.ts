/**
 * SPEC §3/§6 mock_permissions: a developer's override of permission flags, stored under the
 * storage key mock_permissions and honoured only when config allows it (never in portal-prod).
 */
import { useSyncExternalStore } from 'react';
import { config } from '@/core/config';
import {
  readStored,
  removeStored,
  storageKeys,
  subscribeStored,
  writeStored,
  type MockPermissions,
} from '@/core/storage';

const listeners = new Set<() => void>();
let snapshot: MockPermissions | undefined;
let snapshotRaw: string | undefined;

function read(): MockPermissions | undefined {
  const value = readStored(storageKeys.mockPermissions);
  const raw = value === undefined ? undefined : JSON.stringify(value);
  // Keep the same object while nothing changed (useSyncExternalStore needs a stable snapshot).
  if (raw !== snapshotRaw) {
    snapshotRaw = raw;
    snapshot = value;
  }
  return snapshot;
}

function emit() {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const stop = subscribeStored(storageKeys.mockPermissions, listener);
  return () => {
    listeners.delete(listener);
    stop();
  };
}

/** Sets one flag's override (true/false) or clears it (undefined). */
export function setMockPermission(flag: string, value: boolean | undefined): void {
  const rest = Object.entries(read() ?? {}).filter(([name]) => name !== flag);
  const next: MockPermissions = Object.fromEntries(
    value === undefined ? rest : [...rest, [flag, value]],
  );
  if (Object.keys(next).length === 0) removeStored(storageKeys.mockPermissions);
  else writeStored(storageKeys.mockPermissions, next);
  emit();
}

/** Turns the override off entirely. */
export function clearMockPermissions(): void {
  removeStored(storageKeys.mockPermissions);
  emit();
}

export interface MockPermissionsState {
  /** Whether this build honours overrides at all. */
  enabled: boolean;
  /** The stored overrides (read even when not honoured, for the panel). */
  overrides: MockPermissions | undefined;
  /** Enabled and at least one override stored: checks use it. */
  active: boolean;
}

export function useMockPermissions(
  enabled: boolean = config.mockPermissionsEnabled,
): MockPermissionsState {
  const overrides = useSyncExternalStore(subscribe, read, read);
  const active = enabled && overrides !== undefined && Object.keys(overrides).length > 0;
  return { enabled, overrides, active };
}
