import { useCallback, useEffect, useState } from 'react';
import {
  DEFAULT_PAGE_SIZE,
  readStored,
  storageKeys,
  subscribeStored,
  writeStored,
  type PageSize,
} from '@/core/storage';

/** SPEC §4/§9: page size kept in local storage (page_size) and following other tabs. */
export function usePageSizePreference(): [PageSize, (size: PageSize) => void] {
  const [pageSize, setState] = useState<PageSize>(
    () => readStored(storageKeys.pageSize) ?? DEFAULT_PAGE_SIZE,
  );
  useEffect(
    () =>
      subscribeStored(storageKeys.pageSize, (value) => {
        setState(value ?? DEFAULT_PAGE_SIZE);
      }),
    [],
  );
  const setPageSize = useCallback((size: PageSize) => {
    writeStored(storageKeys.pageSize, size);
    setState(size);
  }, []);
  return [pageSize, setPageSize];
}
