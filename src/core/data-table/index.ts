/**
 * The data table of every list screen (SPEC §2, §3, §4): give it column settings, a fetch (or
 * rows), actions and a modal renderer. See docs/data-table.md.
 */
export { DataTable, TABLE_TEXT } from './data-table';
export type { DataTableProps } from './data-table';
export { DataTableContext, DataTableProvider, useDataTableContext } from './context';
export { useDataTableController, toTableData, BadDataError } from './controller';
export type {
  DataTableController,
  DataTableOptions,
  DataTablePagination,
  RowClickModifiers,
} from './controller';
export { ActionDisplay, ActionKind, ColumnType, DataKind } from './types';
export type {
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
export { neutraliseCell, toCsvText, recordsToCsvText, csvFileName } from './csv';
export { usePageSize } from '@/core/storage/page-size';
