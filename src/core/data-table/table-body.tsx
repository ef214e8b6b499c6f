/**
 * The table itself (SPEC §2): column headings with the sort buttons, the filter row, and the
 * body: the page's rows, or the loading, error or empty message.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Tooltip } from '@/core/ui/tooltip';
import type { CellActions } from './cells';
import { useDataTableContext } from './context';
import { DataRow } from './data-row';
import { ColumnFilter } from './filters';
import { TABLE_TEXT } from './texts';

const ariaSort = (sorted: false | 'asc' | 'desc') =>
  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';

export function DataTableBody() {
  const context = useDataTableContext();
  const {
    columns,
    sorting,
    toggleSort,
    setColumnFilter,
    filters,
    inputGeneration,
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
    failures,
    pagination,
    table,
    mode,
    isListEmpty,
    isNoMatch,
  } = context;
  const cellActions = useCellActions(openModal);
  const scroller = useOverflowMark<HTMLDivElement>();
  const columnCount = columns.length + (selectable ? 1 : 0) + (inlineActions.length ? 1 : 0);
  let message: ReactNode = null;
  if (isLoading)
    message = (
      <span role="status">
        {TABLE_TEXT.loading}
        {failures > 0 ? <span className="d-block">{TABLE_TEXT.retrying(failures)}</span> : null}
      </span>
    );
  else if (isError) message = <span role="alert">{TABLE_TEXT.error}</span>;
  else if (isListEmpty) message = <EmptyList />;
  else if (isNoMatch) message = <NoMatch />;
  else if (pagination.rowCount === 0) message = TABLE_TEXT.empty;

  return (
    <div className="table-responsive dt-scroller" ref={scroller}>
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
                <HeaderCheckbox
                  state={headerCheckboxState}
                  onToggle={onHeaderCheckbox}
                  label={mode === 'server' ? 'Select all rows on this page' : 'Select all rows'}
                />
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
              <th scope="col" className="dt-actions table-actions">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
          {/* Remounted when the URL changed under the inputs (back, forward, a link). Issue 17:
              a list with no record has nothing to filter. */}
          <tr className="dt-filters" aria-rowindex={2} key={inputGeneration} hidden={isListEmpty}>
            {selectable && <td />}
            {columns.map((column) => (
              <td key={column.id}>
                <ColumnFilter
                  setting={column}
                  value={filters[column.id]}
                  onChange={setColumnFilter}
                />
              </td>
            ))}
            {inlineActions.length > 0 && <td className="dt-actions table-actions" />}
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

/**
 * Issue 17: a list with no record at all: what is missing. Its create actions stay in the ribbon
 * above (a button that moved once the list arrived would be clicked where it was).
 */
function EmptyList() {
  const { columnSettings } = useDataTableContext();
  return (
    <div className="d-flex flex-column align-items-center gap-2">
      <span className="fw-semibold">{TABLE_TEXT.empty}</span>
      <span className="text-body-secondary">{TABLE_TEXT.emptyList(columnSettings.entity)}</span>
    </div>
  );
}

/** Issue 17: a search or filter matched nothing: say so, and offer to take them away. */
function NoMatch() {
  const { clearQuery } = useDataTableContext();
  return (
    <div className="d-flex flex-column align-items-center gap-2">
      <span className="fw-semibold">{TABLE_TEXT.empty}</span>
      <span className="text-body-secondary">{TABLE_TEXT.noMatch}</span>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={clearQuery}>
        {TABLE_TEXT.clearQuery}
      </button>
    </div>
  );
}

/**
 * Issue 17: marks the scroller while its table is wider than it (data-overflowing), so that the
 * sticky actions column shows an edge over the columns scrolled beneath it.
 */
function useOverflowMark<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const mark = () => {
      element.toggleAttribute('data-overflowing', element.scrollWidth > element.clientWidth + 1);
    };
    const observer = new ResizeObserver(mark);
    observer.observe(element);
    const table = element.firstElementChild;
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, []);
  return ref;
}

/** One stable object per table, so memoised rows do not re-render when the context changes. */
function useCellActions(openModal: CellActions['openModal']): CellActions {
  const [actions] = useState<CellActions>(() => ({ openModal }));
  return actions;
}

function HeaderCheckbox({
  state,
  onToggle,
  label,
}: {
  state: 'none' | 'some' | 'all';
  onToggle: () => void;
  label: string;
}) {
  return (
    <input
      type="checkbox"
      className="form-check-input"
      aria-label={label}
      checked={state === 'all'}
      aria-checked={state === 'some' ? 'mixed' : state === 'all'}
      ref={(element) => {
        if (element) element.indeterminate = state === 'some';
      }}
      onChange={onToggle}
    />
  );
}
