import { useCallback, useSyncExternalStore } from 'react';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  readStored,
  storageKeys,
  subscribeStored,
  writeStored,
  type PageSize,
} from './index';

/**
 * The one page-size preference of both portals (user context and every table).
 * SPEC §4/§9: the page size lives in localStorage (page_size) and follows other tabs (the
 * storage event) as well as other tables of this tab (the storage event does not fire in the
 * tab that wrote the value, hence the local listeners).
 */
const localListeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  localListeners.add(onChange);
  const stop = subscribeStored(storageKeys.pageSize, onChange);
  return () => {
    localListeners.delete(onChange);
    stop();
  };
}

const snapshot = (): PageSize => readStored(storageKeys.pageSize) ?? DEFAULT_PAGE_SIZE;

export function usePageSize(): [PageSize, (size: PageSize) => void] {
  // Stryker disable next-line ArrowFunction: the server snapshot is read only by server rendering or hydration; the portals render in the browser only (createRoot)
  const pageSize = useSyncExternalStore(subscribe, snapshot, () => DEFAULT_PAGE_SIZE);
  // Stryker disable ArrayDeclaration: any constant dependency list keeps the same callback for the component's life
  const setPageSize = useCallback((size: PageSize) => {
    writeStored(storageKeys.pageSize, size);
    for (const listener of localListeners) listener();
  }, []);
  // Stryker restore ArrayDeclaration
  return [pageSize, setPageSize];
}

export const isPageSize = (n: number): n is PageSize =>
  (PAGE_SIZES as readonly number[]).includes(n);
