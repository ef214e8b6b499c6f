/**
 * TanStack Table (v9) feature set and column definitions built from the column settings.
 * TanStack owns the sorting and column-filter state and their column APIs; the rows are sorted
 * and filtered by RowIndex (precomputed keys, cached orders) and TanStack receives only the
 * current page (manual sorting and filtering: the documented pattern for data processed outside
 * the table). The view renders cells itself from the settings.
 */
import {
  columnFilteringFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type Row,
} from '@tanstack/react-table';
import { filterKindOf } from './filter-values';
import type { ColumnSetting, RowRecord } from './types';
import { canSort, sortKey } from './values';

export const tableFeatureSet = tableFeatures({ columnFilteringFeature, rowSortingFeature });
export type TableFeatureSet = typeof tableFeatureSet;
export type TableRow<T extends RowRecord> = Row<TableFeatureSet, T>;

/** Column filters hold a value until it is emptied (then the filter is removed). */
const keepFilter = Object.assign(() => true, {
  autoRemove: (value: unknown) =>
    value === undefined ||
    value === null ||
    value === '' ||
    (typeof value === 'object' &&
      (value as { from?: unknown }).from === undefined &&
      (value as { to?: unknown }).to === undefined),
});

export function buildColumnDefs<T extends RowRecord>(
  settings: ReadonlyArray<ColumnSetting<T>>,
): ColumnDef<TableFeatureSet, T, unknown>[] {
  return settings.map((setting) => ({
    id: setting.id,
    // TanStack needs an accessor for a column to sort and filter; it is read only for the page.
    accessorFn: (row: T) => sortKey(setting, row) ?? undefined,
    enableSorting: canSort(setting as ColumnSetting<never>),
    enableColumnFilter: filterKindOf(setting as ColumnSetting<never>) !== 'none',
    sortDescFirst: false,
    filterFn: keepFilter,
  }));
}
