import { createContext, useContext } from 'react';
import type { DataTableController } from './controller';
import type { RowRecord } from './types';

/**
 * SPEC §3 data table context: modal open flag and action name, initial modal data, loading and
 * fetching flags, rows, error flag, column and editor settings, pagination, refresh and row-select
 * mode (plus the view state the table's parts share). Rows of the body do not read it: they get
 * props and are memoised, so a keystroke never re-renders every row.
 */
export const DataTableContext = createContext<DataTableController | null>(null);

export const DataTableProvider = DataTableContext.Provider;

export function useDataTableContext<
  T extends RowRecord = RowRecord,
  TEditor = unknown,
>(): DataTableController<T, TEditor> {
  const value = useContext(DataTableContext);
  if (!value) throw new Error('useDataTableContext must be used inside a DataTableProvider');
  return value as unknown as DataTableController<T, TEditor>;
}
