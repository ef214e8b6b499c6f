/** One body row (memoised: a keystroke or a page of the context never re-renders every row). */
import {
  memo,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { ActionContent } from './action-content';
import { Cell, type CellActions } from './cells';
import type { ColumnSetting, RowAction, RowRecord } from './types';
import type { RowClickModifiers } from './use-selection';
import { cellText, isTextColumn } from './values';

const modifiersOf = (event: MouseEvent | KeyboardEvent): RowClickModifiers => ({
  ctrl: event.ctrlKey || event.metaKey,
  shift: event.shiftKey,
});

export interface DataRowProps<T extends RowRecord> {
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

export const DataRow = memo(function DataRow<T extends RowRecord>({
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
        // Issue 17: Shift-click selects a range of rows, not the page's text between the clicks
        // (the browser's own Shift-click). Only the mouse's default goes: the click still
        // toggles, keys never pass here, and text elsewhere selects as ever.
        <td
          className="dt-select"
          onClick={toggle}
          onMouseDown={(event) => {
            if (event.shiftKey) event.preventDefault();
          }}
        >
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
        // Issue 17: long unbroken text wraps in its cell instead of widening the table; a text
        // column keeps a readable width (the table scrolls in its container below it).
        <td
          key={column.id}
          className={`dt-cell text-break${isTextColumn(column as ColumnSetting<never>) ? ' dt-cell-text' : ''}`}
        >
          <Cell setting={column} row={row} actions={cellActions} rowLabel={label} />
        </td>
      ))}
      {inlineActions.length > 0 && (
        <td className="dt-actions table-actions text-end text-nowrap">
          {inlineActions.map((action) =>
            action.isVisibleFn && !action.isVisibleFn(row, [row]) ? null : (
              <InlineActionButton
                key={`${action.action}-${action.buttonTitle}`}
                action={action}
                row={row}
                label={label}
                openModal={cellActions.openModal}
              />
            ),
          )}
        </td>
      )}
    </tr>
  );
}) as <T extends RowRecord>(props: DataRowProps<T>) => ReactNode;

/**
 * A row's inline action. An action that runs at once (onRun) and answers a promise (a
 * download) keeps its button busy until it settles: disabled, showing busyText, so a second
 * click does not start it again.
 */
function InlineActionButton<T extends RowRecord>({
  action,
  row,
  label,
  openModal,
}: {
  action: RowAction<T>;
  row: T;
  label: string;
  openModal: CellActions['openModal'];
}) {
  const [busy, setBusy] = useState(false);
  const disabled = busy || Boolean(action.isDisabled || action.isDisabledFn?.(row, [row]));
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-primary ms-1"
      title={action.buttonTitle}
      aria-label={action.ariaLabelFn ? action.ariaLabelFn(row) : `${action.buttonTitle}: ${label}`}
      aria-busy={busy || undefined}
      disabled={disabled}
      data-opens-dialog={action.onRun ? undefined : ''}
      onClick={(event) => {
        event.stopPropagation();
        if (!action.onRun) {
          openModal(action.action, row);
          return;
        }
        const running = action.onRun(row);
        if (!(running instanceof Promise)) return;
        setBusy(true);
        // A refusal is the action's own to tell (the API client toasts it).
        running.catch(() => undefined).finally(() => setBusy(false));
      }}
    >
      {busy && action.busyText ? action.busyText : <ActionContent action={action} />}
    </button>
  );
}
