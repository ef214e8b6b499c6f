/**
 * SPEC §3/§6 mock_permissions: a developer's override of permission flags, stored under the
 * storage key mock_permissions and honoured only for a developer of the selected organisation,
 * and only when config allows it (never in portal-prod).
 */
import { useContext, useSyncExternalStore } from 'react';
import { config } from '@/core/config';
import { OrgContext, type OrgContextValue } from '@/core/org/context';
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
  // Stryker disable next-line ConditionalExpression: JSON.stringify(undefined) is undefined too.
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

/** The organisation scope the developer rule reads (the selected one, or one being switched to). */
export type MockScope = Pick<OrgContextValue, 'org' | 'userPermissions'>;

/**
 * SPEC §3/§6: mock_permissions is the developer's override ("developers overriding permissions
 * via mock_permissions"), "when enabled". So it is honoured only when this build enables it AND
 * the user is a developer (isDeveloper) of the selected organisation, by the real flags (an
 * override can never grant itself the right to override). The metadata carries the user's role
 * in the organisation twice, in the membership's flags and in the organisation's; either counts.
 */
export function mockPermissionsHonoured(
  scope: MockScope | null | undefined,
  enabled: boolean = config.mockPermissionsEnabled,
): boolean {
  if (!enabled || !scope) return false;
  return scope.userPermissions.isDeveloper === true || scope.org.permissions.isDeveloper === true;
}

export interface MockPermissionsState {
  /**
   * Whether overrides are honoured here: the build enables them and the user is a developer of
   * the selected organisation (the menu entry, the panel and the checks follow it).
   */
  enabled: boolean;
  /** The stored overrides (read even when not honoured, for the panel). */
  overrides: MockPermissions | undefined;
  /** Enabled and at least one override stored: checks use it. */
  active: boolean;
}

export function useMockPermissions(
  buildEnabled: boolean = config.mockPermissionsEnabled,
): MockPermissionsState {
  const context = useContext(OrgContext);
  const enabled = mockPermissionsHonoured(context, buildEnabled);
  const overrides = useSyncExternalStore(subscribe, read, read);
  const active = enabled && overrides !== undefined && Object.keys(overrides).length > 0;
  return { enabled, overrides, active };
}
