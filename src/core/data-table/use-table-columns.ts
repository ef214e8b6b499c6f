/**
 * Columns and actions the user may see (SPEC §6): a column or action shows when isVisible is
 * not false and its permission check passes. Ribbon (BUTTON) and row (INLINE) actions apart;
 * bulk actions too, and only those the source can run.
 */
import { useMemo } from 'react';
import { hasAccess, usePermissionGrants } from '@/core/permissions';
import { buildColumnDefs } from './columns';
import { initialSort } from './list-params';
import type { ListSource } from './list-source';
import {
  ActionDisplay,
  type BulkActionSetting,
  type ColumnSettings,
  type RowAction,
  type RowRecord,
} from './types';

export function useTableColumns<T extends RowRecord>(
  columnSettings: ColumnSettings<T>,
  actions: ReadonlyArray<RowAction<T>> | undefined,
  bulkActions: ReadonlyArray<BulkActionSetting> | undefined,
  source: ListSource<T> | undefined,
) {
  const grants = usePermissionGrants();
  const listColumns = source?.columns;
  const columns = useMemo(
    () =>
      columnSettings.columns
        .filter((column) => column.isVisible !== false && hasAccess(column.permissions, grants))
        .map((column) => {
          const listed = listColumns?.[column.id];
          if (!listed) return column;
          return {
            ...column,
            // The search reads the columns the server's search reads (text and select), so
            // that a list finds the same rows in the browser as when the server pages it.
            isSearchable:
              column.isSearchable ?? (listed.kind === 'text' || listed.kind === 'select'),
            // A select column of the server list filters by its values (the server refuses others).
            ...(listed.kind === 'select' && !column.filterOptions
              ? { filterOptions: listed.values }
              : {}),
          };
        }),
    [columnSettings, grants, listColumns],
  );
  const columnDefs = useMemo(() => buildColumnDefs(columns), [columns]);
  const defaultSort = useMemo(
    () => initialSort(columnSettings as ColumnSettings<never>, columns as never),
    [columnSettings, columns],
  );
  const permittedActions = useMemo(
    () =>
      (actions ?? []).filter(
        (action) => action.isVisible !== false && hasAccess(action.permissions, grants),
      ),
    [actions, grants],
  );
  const ribbonActions = useMemo(
    () => permittedActions.filter((action) => action.display === ActionDisplay.BUTTON),
    [permittedActions],
  );
  const inlineActions = useMemo(
    () => permittedActions.filter((action) => action.display === ActionDisplay.INLINE),
    [permittedActions],
  );
  const bulk = source?.bulk;
  const permittedBulkActions = useMemo(
    () =>
      (bulkActions ?? []).filter(
        (action) => bulk?.[action.id] !== undefined && hasAccess(action.permissions, grants),
      ),
    [bulkActions, bulk, grants],
  );
  return {
    columns,
    columnDefs,
    defaultSort,
    ribbonActions,
    inlineActions,
    bulkActions: permittedBulkActions,
  };
}
