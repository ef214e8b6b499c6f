import { useState, type ReactNode } from 'react';
import { ActionContent } from './action-content';
import { useDataTableContext } from './context';
import { TABLE_TEXT } from './text';

/** The table's header: its title, the search box, the ribbon of actions and the CSV export. */
export function DataTableHeader({
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
