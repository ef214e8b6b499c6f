/**
 * The data table of every list screen (SPEC §2, §3, §4; issue 16): give it column settings, a
 * fetch (or rows) and, for lists of any size, a ListSource; actions and a modal renderer.
 * See docs/data-table.md.
 */
export { DataTable, TABLE_TEXT } from './data-table';
export type { DataTableProps } from './data-table';
export { TableCard } from './table-card';
export type { RemovalConfirmation, TableCardProps } from './table-card';
export { DataTableContext, DataTableProvider, useDataTableContext } from './context';
export {
  useDataTableController,
  toTableData,
  BadDataError,
  SERVER_TEXT_DEBOUNCE_MS,
} from './controller';
export type {
  DataTableController,
  DataTableOptions,
  DataTablePagination,
  RowClickModifiers,
  TableMode,
  TableTotals,
} from './controller';
export { ActionDisplay, ActionKind, ColumnType, DataKind } from './types';
export type {
  BulkActionSetting,
  ColumnSetting,
  ColumnSettings,
  DropdownItem,
  FetchContext,
  FetchData,
  FetchResult,
  ModalRenderProps,
  ModalState,
  RowAction,
  RowRecord,
} from './types';
export type { FilterValue, FilterValues, FilterOption } from './filter-values';
export type { ListParams, ListQuery, SortState } from './list-params';
export { LIST_PARAM } from './list-params';
export type {
  BulkContext,
  BulkHandler,
  BulkResult,
  ListPage,
  ListSelection,
  ListSource,
  SourceContext,
} from './list-source';
export { EXPORT_PAGE_SIZE } from './list-source';
export { serverListSource, type ServerListOptions } from './server-source';
export { neutraliseCell, toCsvText, recordsToCsvText, csvFileName } from './csv';
export { usePageSize } from '@/core/storage/page-size';
