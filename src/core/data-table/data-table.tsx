import {
  memo,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { Cell, Tooltip, type CellActions } from './cells';
import { DataTableProvider, useDataTableContext } from './context';
import {
  useDataTableController,
  type DataTableOptions,
  type RowClickModifiers,
} from './controller';
import { ColumnFilter } from './filters';
import { PAGE_SIZES } from '@/core/storage';
import { isPageSize } from '@/core/storage/page-size';
import { pageWindow } from './pagination';
import type { ColumnSetting, ModalRenderProps, RowAction, RowRecord } from './types';
import { cellText } from './values';
import './data-table.css';

/** SPEC §2 / §8 texts, verbatim. */
export const TABLE_TEXT = {
  loading: 'Loading Data...',
  error: "Error: Something's gone wrong!",
  empty: 'No data found',
  searchPlaceholder: (count: number) => `Search ${count} records...`,
} as const;

export interface DataTableProps<T extends RowRecord, TEditor = unknown> extends DataTableOptions<
  T,
  TEditor
> {
  /** The heading; the entity name when absent. */
  title?: ReactNode;
  /** The table's modal content (an editor), rendered while the modal is open. */
  renderModal?: (props: ModalRenderProps<T, TEditor>) => ReactNode;
  /** More buttons for the ribbon. */
  ribbon?: ReactNode;
  /** Hide the CSV export button. */
  hideExport?: boolean;
}

/**
 * SPEC §2 data table screen: a header with the entity name and a ribbon of buttons, a filter row
 * under the column headings, the body, and a footer with page navigation and page size.
 */
export function DataTable<T extends RowRecord, TEditor = unknown>(
  props: DataTableProps<T, TEditor>,
) {
  const controller = useDataTableController<T, TEditor>(props);
  const { renderModal } = props;
  return (
    <DataTableProvider value={controller as never}>
      <section className="dt" aria-label={controller.columnSettings.entity}>
        <DataTableHeader title={props.title} ribbon={props.ribbon} hideExport={props.hideExport} />
        <DataTableBody />
        <DataTableFooter />
      </section>
      {controller.isModalOpen &&
        controller.modalAction !== null &&
        renderModal?.({
          action: controller.modalAction,
          rows: controller.modalRows,
          row: controller.modalRows[0] ?? null,
          initialData: controller.modalInitialData,
          editorSettings: controller.editorSettings,
          close: controller.closeModal,
          refresh: controller.refresh,
        })}
    </DataTableProvider>
  );
}

function ActionContent<T extends RowRecord>({ action }: { action: RowAction<T> }) {
  const icon =
    typeof action.icon === 'string' ? (
      <i className={action.icon} aria-hidden="true" />
    ) : (
      action.icon
    );
  return (
    <>
      {icon}
      {action.buttonText ? (
        <span className={icon ? 'ms-1' : undefined}>{action.buttonText}</span>
      ) : icon ? null : (
        action.buttonTitle
      )}
    </>
  );
}

function DataTableHeader({
  title,
  ribbon,
  hideExport,
}: {
  title?: ReactNode;
  ribbon?: ReactNode;
  hideExport?: boolean;
}) {
  const context = useDataTableContext();
  const {
    columnSettings,
    ribbonActions,
    ribbonActionState,
    openModal,
    selectable,
    isRowSelectMode,
    toggleRowSelectMode,
    selectedRows,
    exportCsv,
    isLoading,
    isError,
  } = context;
  return (
    <div className="dt-header d-flex flex-wrap align-items-center gap-2 mb-2">
      <h2 className="h4 mb-0 me-auto">{title ?? columnSettings.entity}</h2>
      <div
        className="dt-ribbon d-flex flex-wrap align-items-center gap-2"
        role="toolbar"
        aria-label={`${columnSettings.entity} actions`}
      >
        {selectable && (
          <span className="text-body-secondary small" aria-live="polite">
            {selectedRows.length > 0 ? `${selectedRows.length} selected` : ''}
          </span>
        )}
        {ribbonActions.map((action) => {
          const state = ribbonActionState(action);
          if (!state.visible) return null;
          return (
            <button
              key={`${action.action}-${action.buttonTitle}`}
              type="button"
              className="btn btn-sm btn-primary"
              title={action.buttonTitle}
              aria-label={action.buttonText ? undefined : action.buttonTitle}
              disabled={state.disabled}
              onClick={() => openModal(action.action, state.initialData)}
            >
              <ActionContent action={action} />
            </button>
          );
        })}
        {ribbon}
        {selectable && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-pressed={isRowSelectMode}
            onClick={toggleRowSelectMode}
          >
            Select mode
          </button>
        )}
        {!hideExport && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={isLoading || isError}
            onClick={exportCsv}
          >
            Export CSV
          </button>
        )}
      </div>
      <SearchBox />
    </div>
  );
}

/** The search input keeps its own text, so typing re-renders only itself (SPEC §5). */
function SearchBox() {
  const { setSearch, rows } = useDataTableContext();
  const [text, setText] = useState('');
  return (
    <div className="dt-search w-100">
      <input
        type="search"
        className="form-control"
        aria-label="Search"
        placeholder={TABLE_TEXT.searchPlaceholder(rows.length)}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setSearch(event.target.value);
        }}
      />
    </div>
  );
}

const modifiersOf = (event: MouseEvent | KeyboardEvent): RowClickModifiers => ({
  ctrl: event.ctrlKey || event.metaKey,
  shift: event.shiftKey,
});

const ariaSort = (sorted: false | 'asc' | 'desc') =>
  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';

function DataTableBody() {
  const context = useDataTableContext();
  const {
    columns,
    sorting,
    toggleSort,
    setColumnFilter,
    pageRows,
    selectable,
    selection,
    headerCheckboxState,
    onHeaderCheckbox,
    onRowClick,
    inlineActions,
    openModal,
    isLoading,
    isFetching,
    isError,
    pagination,
    table,
  } = context;
  const cellActions = useCellActions(openModal);
  const columnCount = columns.length + (selectable ? 1 : 0) + (inlineActions.length ? 1 : 0);
  let message: ReactNode = null;
  if (isLoading) message = <span role="status">{TABLE_TEXT.loading}</span>;
  else if (isError) message = <span role="alert">{TABLE_TEXT.error}</span>;
  else if (pagination.rowCount === 0) message = TABLE_TEXT.empty;

  return (
    <div className="table-responsive dt-scroller">
      <table
        className="table table-hover table-sm align-middle dt-table"
        role={selectable ? 'grid' : undefined}
        aria-multiselectable={selectable || undefined}
        aria-rowcount={pagination.rowCount + 2}
        aria-busy={isFetching || undefined}
      >
        <thead>
          <tr aria-rowindex={1}>
            {selectable && (
              <th scope="col" className="dt-select">
                <HeaderCheckbox state={headerCheckboxState} onToggle={onHeaderCheckbox} />
              </th>
            )}
            {columns.map((column) => {
              const canSort = table.getColumn(column.id)?.getCanSort() ?? false;
              const sorted =
                sorting[0]?.id === column.id ? (sorting[0].desc ? 'desc' : 'asc') : false;
              const heading = column.tooltip ? (
                <Tooltip text={column.tooltip}>{column.title}</Tooltip>
              ) : (
                column.title
              );
              return (
                <th
                  key={column.id}
                  scope="col"
                  style={column.width ? { width: column.width } : undefined}
                  aria-sort={canSort ? ariaSort(sorted) : undefined}
                >
                  {canSort ? (
                    <button type="button" className="dt-sort" onClick={() => toggleSort(column.id)}>
                      {heading}
                      <span className="dt-sort-icon" aria-hidden="true">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    heading
                  )}
                </th>
              );
            })}
            {inlineActions.length > 0 && (
              <th scope="col" className="dt-actions">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
          <tr className="dt-filters" aria-rowindex={2}>
            {selectable && <td />}
            {columns.map((column) => (
              <td key={column.id}>
                <ColumnFilter setting={column} onChange={setColumnFilter} />
              </td>
            ))}
            {inlineActions.length > 0 && <td />}
          </tr>
        </thead>
        <tbody>
          {message !== null ? (
            <tr>
              <td colSpan={columnCount} className="text-center py-4 dt-message">
                {message}
              </td>
            </tr>
          ) : (
            pageRows.map((row, index) => (
              <DataRow
                key={row.id}
                id={row.id}
                row={row.original}
                selected={selection[row.id] === true}
                selectable={selectable}
                tabbable={index === 0}
                // Two heading rows come first (SPEC §2: headings, then the filter row).
                rowIndex={(pagination.page - 1) * pagination.pageSize + index + 3}
                columns={columns}
                inlineActions={inlineActions}
                cellActions={cellActions}
                onRowClick={onRowClick}
              />
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** One stable object per table, so memoised rows do not re-render when the context changes. */
function useCellActions(openModal: CellActions['openModal']): CellActions {
  const [actions] = useState<CellActions>(() => ({ openModal }));
  return actions;
}

function HeaderCheckbox({
  state,
  onToggle,
}: {
  state: 'none' | 'some' | 'all';
  onToggle: () => void;
}) {
  return (
    <input
      type="checkbox"
      className="form-check-input"
      aria-label="Select all rows"
      checked={state === 'all'}
      aria-checked={state === 'some' ? 'mixed' : state === 'all'}
      ref={(element) => {
        if (element) element.indeterminate = state === 'some';
      }}
      onChange={onToggle}
    />
  );
}

interface DataRowProps<T extends RowRecord> {
  id: string;
  row: T;
  selected: boolean;
  selectable: boolean;
  tabbable: boolean;
  /** aria-rowindex: only the current page is in the DOM. */
  rowIndex: number;
  columns: ReadonlyArray<ColumnSetting<T>>;
  inlineActions: ReadonlyArray<RowAction<T>>;
  cellActions: CellActions;
  onRowClick: (id: string, modifiers: RowClickModifiers) => void;
}

const focusRow = (row: Element | null | undefined) => {
  if (row instanceof HTMLElement) row.focus();
};

const DataRow = memo(function DataRow<T extends RowRecord>({
  id,
  row,
  selected,
  selectable,
  tabbable,
  rowIndex,
  columns,
  inlineActions,
  cellActions,
  onRowClick,
}: DataRowProps<T>) {
  const first = columns[0];
  const label = first ? cellText(first, row) || id : id;
  const toggle = (event: SyntheticEvent) => {
    event.stopPropagation();
    const native = event.nativeEvent as globalThis.MouseEvent;
    onRowClick(id, {
      toggle: true,
      ctrl: native.ctrlKey || native.metaKey,
      shift: native.shiftKey,
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    const tr = event.currentTarget;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusRow(tr.nextElementSibling);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusRow(tr.previousElementSibling);
        break;
      case 'Home':
        event.preventDefault();
        focusRow(tr.parentElement?.firstElementChild);
        break;
      case 'End':
        event.preventDefault();
        focusRow(tr.parentElement?.lastElementChild);
        break;
      case ' ':
        // Space toggles the row like Control-click; with Shift it selects the range.
        event.preventDefault();
        if (selectable) onRowClick(id, { toggle: true, shift: event.shiftKey });
        break;
      case 'Enter':
        if (selectable) onRowClick(id, modifiersOf(event));
        break;
      default:
        break;
    }
  };
  return (
    <tr
      className={selected ? 'table-active' : undefined}
      aria-selected={selectable ? selected : undefined}
      tabIndex={tabbable ? 0 : -1}
      aria-rowindex={rowIndex}
      onClick={selectable ? (event) => onRowClick(id, modifiersOf(event)) : undefined}
      onKeyDown={onKeyDown}
    >
      {selectable && (
        // SPEC §4: a click on the first cell toggles the row, like its checkbox.
        <td className="dt-select" onClick={toggle}>
          <input
            type="checkbox"
            className="form-check-input"
            aria-label={`Select ${label}`}
            checked={selected}
            onClick={(event) => event.stopPropagation()}
            onChange={toggle}
          />
        </td>
      )}
      {columns.map((column) => (
        <td key={column.id}>
          <Cell setting={column} row={row} actions={cellActions} />
        </td>
      ))}
      {inlineActions.length > 0 && (
        <td className="dt-actions text-end text-nowrap">
          {inlineActions.map((action) => {
            if (action.isVisibleFn && !action.isVisibleFn(row, [row])) return null;
            const disabled = Boolean(action.isDisabled || action.isDisabledFn?.(row, [row]));
            return (
              <button
                key={`${action.action}-${action.buttonTitle}`}
                type="button"
                className="btn btn-sm btn-outline-primary ms-1"
                title={action.buttonTitle}
                aria-label={`${action.buttonTitle}: ${label}`}
                disabled={disabled}
                onClick={(event) => {
                  event.stopPropagation();
                  cellActions.openModal(action.action, row);
                }}
              >
                <ActionContent action={action} />
              </button>
            );
          })}
        </td>
      )}
    </tr>
  );
}) as <T extends RowRecord>(props: DataRowProps<T>) => ReactNode;

function DataTableFooter() {
  const { pagination, isLoading, isError } = useDataTableContext();
  const { page, pageCount, pageSize, rowCount, setPage, setPageSize } = pagination;
  const firstRow = rowCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const lastRow = Math.min(page * pageSize, rowCount);
  const go = (target: number) => () => setPage(Math.min(Math.max(1, target), pageCount));
  return (
    <div className="dt-footer d-flex flex-wrap align-items-center gap-3">
      <span className="text-body-secondary small" role="status" aria-live="polite">
        {isLoading || isError ? '' : `Showing ${firstRow}–${lastRow} of ${rowCount}`}
      </span>
      <nav aria-label="Pagination" className="ms-auto">
        <ul className="pagination pagination-sm mb-0">
          <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
            <button
              type="button"
              className="page-link"
              aria-label="Previous page"
              disabled={page <= 1}
              onClick={go(page - 1)}
            >
              ‹
            </button>
          </li>
          {pageWindow(page, pageCount).map((item) =>
            typeof item === 'number' ? (
              <li key={item} className={`page-item${item === page ? ' active' : ''}`}>
                <button
                  type="button"
                  className="page-link"
                  aria-label={`Page ${item}`}
                  aria-current={item === page ? 'page' : undefined}
                  onClick={go(item)}
                >
                  {item}
                </button>
              </li>
            ) : (
              <li key={item} className="page-item disabled" aria-hidden="true">
                <span className="page-link">…</span>
              </li>
            ),
          )}
          <li className={`page-item${page >= pageCount ? ' disabled' : ''}`}>
            <button
              type="button"
              className="page-link"
              aria-label="Next page"
              disabled={page >= pageCount}
              onClick={go(page + 1)}
            >
              ›
            </button>
          </li>
        </ul>
      </nav>
      <label className="d-flex align-items-center gap-2 small mb-0">
        Rows per page
        <select
          className="form-select form-select-sm w-auto"
          value={pageSize}
          onChange={(event) => {
            const size = Number(event.target.value);
            if (isPageSize(size)) setPageSize(size);
          }}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
