/**
 * Typed access to every browser-stored key of SPEC §3/§9. No other module touches
 * localStorage or sessionStorage by name (ARCHITECTURE.md).
 */
// zod/mini: storage is read on every page's first load (docs/performance.md).
import * as z from 'zod/mini';

type Area = 'local' | 'session';

interface KeyDef<T> {
  name: string;
  area: Area;
  schema: z.ZodMiniType<T>;
}

const key = <T>(name: string, area: Area, schema: z.ZodMiniType<T>): KeyDef<T> => ({
  name,
  area,
  schema,
});

export const PAGE_SIZES = [20, 30, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 20;

/** A developer's permission override: any subset of flags, replacing real ones when honoured. */
export const mockPermissionsSchema = z.record(z.string(), z.boolean());
export type MockPermissions = z.infer<typeof mockPermissionsSchema>;

export const storageKeys = {
  /** The selected organisation's id (stored preference). */
  org: key('org', 'local', z.int()),
  /** The user's organisation ids, selected one first. */
  userOrgs: key('userOrgs', 'local', z.array(z.int())),
  /** An organisation to select once (e.g. after registration); read and cleared. */
  newOrgId: key('new_org_id', 'local', z.int()),
  /** The path to restore after sign-in (same-origin paths only; see core/auth). */
  lastRoute: key('lastRoute', 'session', z.string()),
  pageSize: key(
    'page_size',
    'local',
    z.number().check(z.refine((n): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n))),
  ) as KeyDef<PageSize>,
  mockPermissions: key('mock_permissions', 'local', mockPermissionsSchema),
} as const;

export type StorageKey<T> = KeyDef<T>;

function area(a: Area): Storage | undefined {
  try {
    // Stryker disable BlockStatement: an emptied catch falls through to the same `undefined` (no storage reads as empty)
    return a === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy modes); behave as if empty.
    return undefined;
  }
}

// Stryker restore BlockStatement
/** Reads a key; a missing, unparsable or invalid value reads as undefined. */
export function readStored<T>(def: StorageKey<T>): T | undefined {
  const raw = area(def.area)?.getItem(def.name);
  // Stryker disable next-line ConditionalExpression: JSON.parse(null) is null, which every key's schema refuses: undefined all the same
  if (raw == null) return undefined;
  try {
    const parsed = def.schema.safeParse(JSON.parse(raw));
    // Stryker disable BlockStatement: an emptied catch falls through to the same `undefined` (corrupt JSON reads as absent)
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

// Stryker restore BlockStatement
export function writeStored<T>(def: StorageKey<T>, value: T): void {
  try {
    // Stryker disable next-line OptionalChaining: without storage, `undefined.setItem` throws inside this try: nothing is kept either way
    area(def.area)?.setItem(def.name, JSON.stringify(value));
  } catch {
    // Quota or disabled storage: the value simply is not kept.
  }
}

export function removeStored(def: StorageKey<unknown>): void {
  area(def.area)?.removeItem(def.name);
}

/** Reads a key and clears it (new_org_id is read once). */
export function takeStored<T>(def: StorageKey<T>): T | undefined {
  const value = readStored(def);
  removeStored(def);
  return value;
}

/**
 * Calls back when another tab changes a local key (the storage event fires only in other
 * tabs). Returns the unsubscribe function.
 */
export function subscribeStored<T>(
  def: StorageKey<T>,
  onChange: (value: T | undefined) => void,
): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === def.name || event.key === null) onChange(readStored(def));
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** The session store handed to the OIDC library: tokens live in sessionStorage only (SPEC §3). */
export function tokenStore(): Storage {
  // Stryker disable next-line StringLiteral: area() reads every area but 'local' as sessionStorage
  const store = area('session');
  if (!store) throw new Error('Session storage is unavailable; sign-in needs it.');
  return store;
}
