/**
 * The table's header (SPEC §2): the entity name, the ribbon of buttons (actions, select mode,
 * export, and with a selection its bulk actions), the export's progress, and the search box.
 */
import { useState, type ReactNode } from 'react';
import { MAX_SEARCH_TEXT } from '@/contract/lists';
import { useDataTableContext } from './context';
import { ActionContent } from './action-content';
import { ExportStatus } from './export-status';
import { TABLE_TEXT } from './texts';

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
    selectedCount,
    selectionIsEstimate,
    bulkActions,
    startBulk,
    exportCsv,
    exportSelected,
    exportState,
    isLoading,
    isError,
    isListEmpty,
  } = context;
  const exporting = exportState.status === 'running';
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
            {selectedCount > 0 ? TABLE_TEXT.selected(selectedCount, selectionIsEstimate) : ''}
          </span>
        )}
        {selectedCount > 0 &&
          bulkActions.map((action) => (
            <button
              key={action.id}
              type="button"
              className={`btn btn-sm ${action.danger ? 'btn-outline-danger' : 'btn-outline-primary'}`}
              data-opens-dialog=""
              onClick={() => startBulk(action)}
            >
              {action.label}
            </button>
          ))}
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
              data-opens-dialog=""
              onClick={() => openModal(action.action, state.initialData)}
            >
              <ActionContent action={action} />
            </button>
          );
        })}
        {ribbon}
        {selectable && !isListEmpty && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-pressed={isRowSelectMode}
            onClick={toggleRowSelectMode}
          >
            Select mode
          </button>
        )}
        {!hideExport && selectedCount > 0 && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={exporting}
            onClick={exportSelected}
          >
            {TABLE_TEXT.exportSelected}
          </button>
        )}
        {!hideExport && !isListEmpty && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={isLoading || isError || exporting}
            onClick={exportCsv}
          >
            {TABLE_TEXT.exportCsv}
          </button>
        )}
      </div>
      <ExportStatus />
      {/* Issue 17: a list with no record has nothing to search, select or export. */}
      {!isListEmpty && <SearchBox key={context.inputGeneration} />}
    </div>
  );
}

/**
 * The search input keeps its own text, so typing re-renders only itself (SPEC §5). Its
 * placeholder counts the list's true total ('about N' when the server estimates it).
 */
function SearchBox() {
  const { setSearch, search, totals } = useDataTableContext();
  const [text, setText] = useState(search);
  const count = totals.listTotal;
  return (
    <div className="dt-search w-100">
      <input
        type="search"
        className="form-control"
        aria-label="Search"
        maxLength={MAX_SEARCH_TEXT}
        placeholder={
          count ? TABLE_TEXT.searchPlaceholder(count.total, count.isEstimate) : 'Search records...'
        }
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setSearch(event.target.value);
        }}
      />
    </div>
  );
}
