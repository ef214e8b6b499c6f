import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionDisplay, ActionKind, type ColumnSettings, type RowAction } from '@/core/data-table';
import { headerCheckboxState, nextSelection, toggleAll } from '@/core/data-table/selection';
import { columnTexts, dataRows, renderTable } from './harness';

interface Fruit {
  id: string;
  name: string;
}
// Stored order differs from the sorted (displayed) order.
const fruits: Fruit[] = [
  { id: 'd', name: 'Date' },
  { id: 'a', name: 'Apple' },
  { id: 'c', name: 'Cherry' },
  { id: 'e', name: 'Elder' },
  { id: 'b', name: 'Banana' },
];
const settings: ColumnSettings<Fruit> = {
  entity: 'Fruit',
  columns: [{ id: 'name', title: 'Name' }],
  sortIndex: 0,
};
const selectedNames = (container: HTMLElement) =>
  dataRows(container)
    .filter((row) => row.getAttribute('aria-selected') === 'true')
    .map((row) => row.cells[1]?.textContent);
function rowNamed(container: HTMLElement, name: string): HTMLTableRowElement {
  const row = dataRows(container).find((candidate) => candidate.cells[1]?.textContent === name);
  if (!row) throw new Error(`No row ${name}`);
  return row;
}
/** A cell of the named row: 0 is the checkbox cell, 1 the name. */
function cellOf(container: HTMLElement, name: string, index: number): HTMLTableCellElement {
  const cell = rowNamed(container, name).cells[index];
  if (!cell) throw new Error(`No cell ${index} in ${name}`);
  return cell;
}

describe('selection rules (pure)', () => {
  const ids = () => ['a', 'b', 'c', 'd', 'e'];
  it('replaces on a plain click, adds with Control, ranges with Shift from the anchor', () => {
    let state = nextSelection({}, null, { id: 'b', toggle: false, ctrl: false, shift: false }, ids);
    expect(state).toEqual({ selection: { b: true }, anchor: 'b' });
    state = nextSelection(
      state.selection,
      state.anchor,
      { id: 'd', toggle: false, ctrl: true, shift: false },
      ids,
    );
    expect(state.selection).toEqual({ b: true, d: true });
    state = nextSelection(
      state.selection,
      state.anchor,
      { id: 'b', toggle: false, ctrl: false, shift: true },
      ids,
    );
    expect(state).toEqual({ selection: { b: true, c: true, d: true }, anchor: 'd' });
    state = nextSelection(
      state.selection,
      state.anchor,
      { id: 'c', toggle: true, ctrl: false, shift: false },
      ids,
    );
    expect(state.selection).toEqual({ b: true, d: true });
  });

  it('header checkbox: none → all, some (indeterminate) → none, all → none', () => {
    expect(headerCheckboxState({}, ['a', 'b'])).toBe('none');
    expect(headerCheckboxState({ a: true }, ['a', 'b'])).toBe('some');
    expect(headerCheckboxState({ a: true, b: true }, ['a', 'b'])).toBe('all');
    expect(toggleAll('none', ['a', 'b'])).toEqual({ a: true, b: true });
    expect(toggleAll('some', ['a', 'b'])).toEqual({});
    expect(toggleAll('all', ['a', 'b'])).toEqual({});
  });
});

describe('selection rules: Shift and Control (pure)', () => {
  const ids = () => ['a', 'b', 'c', 'd', 'e'];
  const click = (id: string, keys: { toggle?: boolean; ctrl?: boolean; shift?: boolean } = {}) => ({
    id,
    toggle: false,
    ctrl: false,
    shift: false,
    ...keys,
  });

  it('Shift replaces the selection with the range, either way round, and keeps the anchor', () => {
    expect(nextSelection({ a: true }, 'd', click('b', { shift: true }), ids)).toEqual({
      selection: { b: true, c: true, d: true },
      anchor: 'd',
    });
    expect(nextSelection({ e: true }, 'b', click('d', { shift: true }), ids)).toEqual({
      selection: { b: true, c: true, d: true },
      anchor: 'b',
    });
    expect(nextSelection({}, 'c', click('c', { shift: true }), ids)).toEqual({
      selection: { c: true },
      anchor: 'c',
    });
  });

  it('Shift with Control or the checkbox adds the range to the selection', () => {
    expect(nextSelection({ a: true }, 'c', click('e', { shift: true, ctrl: true }), ids)).toEqual({
      selection: { a: true, c: true, d: true, e: true },
      anchor: 'c',
    });
    expect(nextSelection({ e: true }, 'c', click('a', { shift: true, toggle: true }), ids)).toEqual(
      { selection: { a: true, b: true, c: true, e: true }, anchor: 'c' },
    );
  });

  it('Shift without an anchor, or with one no longer displayed, is a plain click', () => {
    expect(nextSelection({ a: true }, null, click('c', { shift: true }), ids)).toEqual({
      selection: { c: true },
      anchor: 'c',
    });
    expect(nextSelection({ a: true }, 'gone', click('c', { shift: true }), ids)).toEqual({
      selection: { c: true },
      anchor: 'c',
    });
    expect(
      nextSelection({ a: true }, 'gone', click('c', { shift: true, ctrl: true }), ids),
    ).toEqual({ selection: { a: true, c: true }, anchor: 'c' });
    expect(nextSelection({ a: true }, 'b', click('gone', { shift: true }), ids)).toEqual({
      selection: { gone: true },
      anchor: 'gone',
    });
  });

  it('reads the displayed rows only for a Shift click', () => {
    let reads = 0;
    const counted = () => {
      reads += 1;
      return ids();
    };
    nextSelection({}, 'a', click('b'), counted);
    nextSelection({}, null, click('b', { shift: true }), counted);
    expect(reads).toBe(0);
    nextSelection({}, 'a', click('b', { shift: true }), counted);
    expect(reads).toBe(1);
  });

  it('Control toggles one row, keeps the rest, and moves the anchor', () => {
    expect(nextSelection({ a: true, b: true }, 'a', click('b', { ctrl: true }), ids)).toEqual({
      selection: { a: true },
      anchor: 'b',
    });
    expect(nextSelection({ a: true }, 'a', click('c', { toggle: true }), ids)).toEqual({
      selection: { a: true, c: true },
      anchor: 'c',
    });
    // A plain click on the only selected row keeps it selected.
    expect(nextSelection({ a: true }, 'a', click('a'), ids)).toEqual({
      selection: { a: true },
      anchor: 'a',
    });
  });

  it('the header checkbox counts only the displayed rows', () => {
    expect(headerCheckboxState({ x: true }, ['a', 'b'])).toBe('none');
    expect(headerCheckboxState({ x: true, a: true }, ['a', 'b'])).toBe('some');
    expect(headerCheckboxState({ x: true, a: true, b: true }, ['a', 'b'])).toBe('all');
    expect(headerCheckboxState({}, [])).toBe('none');
    expect(toggleAll('none', [])).toEqual({});
  });
});

describe('row selection (SPEC §4)', () => {
  it('plain click replaces, Control adds, Shift selects the range in sorted order', async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows: fruits });
    expect(columnTexts(container, 0)).toEqual(['Apple', 'Banana', 'Cherry', 'Date', 'Elder']);
    await user.click(cellOf(container, 'Banana', 1));
    expect(selectedNames(container)).toEqual(['Banana']);
    await user.click(cellOf(container, 'Cherry', 1));
    expect(selectedNames(container)).toEqual(['Cherry']);
    fireEvent.click(cellOf(container, 'Elder', 1), { ctrlKey: true });
    expect(selectedNames(container)).toEqual(['Cherry', 'Elder']);
    // Shift from the last clicked (Elder) to Banana: the sorted range Banana..Elder, not the stored order.
    fireEvent.click(cellOf(container, 'Banana', 1), { shiftKey: true });
    expect(selectedNames(container)).toEqual(['Banana', 'Cherry', 'Date', 'Elder']);
  });

  it('Shift follows the current sort after the order changes', async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows: fruits });
    await user.click(screen.getByRole('button', { name: /Name/ })); // descending
    expect(columnTexts(container, 0)).toEqual(['Elder', 'Date', 'Cherry', 'Banana', 'Apple']);
    await user.click(cellOf(container, 'Date', 1));
    fireEvent.click(cellOf(container, 'Banana', 1), { shiftKey: true });
    expect(selectedNames(container)).toEqual(['Date', 'Cherry', 'Banana']);
  });

  it('the checkbox and the first cell toggle a row and keep the others', async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows: fruits });
    await user.click(screen.getByRole('checkbox', { name: 'Select Apple' }));
    await user.click(cellOf(container, 'Cherry', 0));
    expect(selectedNames(container)).toEqual(['Apple', 'Cherry']);
    await user.click(screen.getByRole('checkbox', { name: 'Select Apple' }));
    expect(selectedNames(container)).toEqual(['Cherry']);
    expect(screen.getByRole('checkbox', { name: 'Select Cherry' })).toBeChecked();
  });

  it('header checkbox: toggles all, and clears all when indeterminate', async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows: fruits });
    const all = screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement;
    await user.click(all);
    expect(selectedNames(container)).toHaveLength(5);
    expect(all).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Apple' }));
    expect(all.indeterminate).toBe(true);
    expect(all).toHaveAttribute('aria-checked', 'mixed');
    await user.click(all);
    expect(selectedNames(container)).toEqual([]);
    expect(all).not.toBeChecked();
    await user.click(all);
    await user.click(all);
    expect(selectedNames(container)).toEqual([]);
  });

  it('select mode makes a plain row click toggle', async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows: fruits });
    const mode = screen.getByRole('button', { name: 'Select mode' });
    await user.click(mode);
    expect(mode).toHaveAttribute('aria-pressed', 'true');
    await user.click(cellOf(container, 'Apple', 1));
    await user.click(cellOf(container, 'Date', 1));
    expect(selectedNames(container)).toEqual(['Apple', 'Date']);
  });

  it('works from the keyboard: arrows move between rows, Space toggles, Shift+Space ranges', async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows: fruits });
    dataRows(container)[0]?.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(rowNamed(container, 'Cherry'));
    await user.keyboard('{Shift>} {/Shift}');
    expect(selectedNames(container)).toEqual(['Apple', 'Banana', 'Cherry']);
  });
});

describe('Shift-click on the row checkboxes (issue 17)', () => {
  // What a browser does on mousedown unless it is prevented (jsdom does not): a plain press puts
  // the caret where it lands, a Shift press extends the text selection to there.
  const browserSelection = (event: MouseEvent) => {
    const selection = document.getSelection();
    if (event.defaultPrevented || !selection || !(event.target instanceof Node)) return;
    if (event.shiftKey && selection.rangeCount > 0) selection.extend(event.target, 0);
    else selection.collapse(event.target, 0);
  };
  beforeEach(() => document.addEventListener('mousedown', browserSelection));
  afterEach(() => {
    document.removeEventListener('mousedown', browserSelection);
    document.getSelection()?.removeAllRanges();
  });

  /** A click as a browser sends it (user-event moves the selection on focus; browsers do not). */
  const click = (target: Element, shiftKey = false) => {
    fireEvent.mouseDown(target, { shiftKey });
    fireEvent.mouseUp(target, { shiftKey });
    fireEvent.click(target, { shiftKey });
  };

  it('selects the range of rows without selecting the text of the page', () => {
    const { container } = renderTable({ columnSettings: settings, rows: fruits });
    click(screen.getByRole('checkbox', { name: 'Select Apple' }));
    click(screen.getByRole('checkbox', { name: 'Select Date' }), true);
    expect(selectedNames(container)).toEqual(['Apple', 'Banana', 'Cherry', 'Date']);
    expect(document.getSelection()?.toString()).toBe('');
    // The checkbox's cell toggles like the checkbox: the same there.
    click(cellOf(container, 'Elder', 0), true);
    expect(selectedNames(container)).toEqual(['Apple', 'Banana', 'Cherry', 'Date', 'Elder']);
    expect(document.getSelection()?.toString()).toBe('');
  });

  it('leaves text selection elsewhere alone', () => {
    const { container } = renderTable({ columnSettings: settings, rows: fruits });
    click(cellOf(container, 'Apple', 1));
    click(cellOf(container, 'Cherry', 1), true);
    expect(document.getSelection()?.toString()).toBe('AppleBanana');
  });
});

describe('actions and the modal (SPEC §3, §4)', () => {
  const actions: RowAction<Fruit>[] = [
    {
      action: ActionKind.CREATE,
      buttonTitle: 'Add fruit',
      buttonText: 'Add',
      display: ActionDisplay.BUTTON,
    },
    { action: ActionKind.EDIT, buttonTitle: 'Edit fruit', display: ActionDisplay.BUTTON },
    {
      action: ActionKind.DELETE,
      buttonTitle: 'Delete fruit',
      display: ActionDisplay.INLINE,
      isDisabledFn: (row) => row?.id === 'a',
      isVisibleFn: (row) => row?.id !== 'e',
    },
  ];
  const renderModal = ({
    action,
    initialData,
    close,
  }: {
    action: string;
    initialData: unknown;
    close: () => void;
  }) => (
    <div role="dialog" aria-label="Editor">
      <p>{action}</p>
      <pre>{JSON.stringify(initialData)}</pre>
      <button type="button" onClick={close}>
        Close
      </button>
    </div>
  );

  it('opens the modal with the action name and initial data', async () => {
    const { container, user } = renderTable({
      columnSettings: settings,
      rows: fruits,
      actions,
      renderModal,
    });
    const edit = screen.getByRole('button', { name: 'Edit fruit' });
    expect(edit).toBeDisabled();
    await user.click(cellOf(container, 'Cherry', 1));
    expect(edit).toBeEnabled();
    await user.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Editor' });
    expect(dialog).toHaveTextContent('EDIT');
    expect(dialog).toHaveTextContent('{"id":"c","name":"Cherry"}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('CREATE');
  });

  it('inline actions follow isDisabledFn/isVisibleFn per row and open with that row', async () => {
    const { user } = renderTable({ columnSettings: settings, rows: fruits, actions, renderModal });
    expect(screen.getByRole('button', { name: 'Delete fruit: Apple' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete fruit: Elder' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete fruit: Banana' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('DELETE');
    expect(screen.getByRole('dialog')).toHaveTextContent('{"id":"b","name":"Banana"}');
  });
  it('SPEC §3 row actions: isVisible false hides, a fixed isDisabled disables, an icon shows in place of the text', async () => {
    const fixed: RowAction<Fruit>[] = [
      { action: ActionKind.EDIT, buttonTitle: 'Rename fruit', display: ActionDisplay.BUTTON },
      {
        action: ActionKind.CREATE,
        buttonTitle: 'Hidden ribbon',
        display: ActionDisplay.BUTTON,
        isVisible: false,
      },
      {
        action: ActionKind.DELETE,
        buttonTitle: 'Hidden inline',
        display: ActionDisplay.INLINE,
        isVisible: false,
      },
      {
        action: ActionKind.CREATE,
        buttonTitle: 'Import fruit',
        display: ActionDisplay.BUTTON,
        isDisabled: true,
      },
      {
        action: ActionKind.EDIT,
        buttonTitle: 'Peel fruit',
        display: ActionDisplay.INLINE,
        isDisabled: true,
        icon: 'bi bi-scissors',
      },
    ];
    const { container, user } = renderTable({
      columnSettings: settings,
      rows: fruits,
      actions: fixed,
      renderModal,
    });
    expect(screen.queryByRole('button', { name: /Hidden ribbon/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Hidden inline/ })).toBeNull();
    // A fixed isDisabled holds whatever is selected.
    await user.click(cellOf(container, 'Cherry', 1));
    expect(screen.getByRole('button', { name: 'Rename fruit' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Import fruit' })).toBeDisabled();
    const peel = screen.getByRole('button', { name: 'Peel fruit: Cherry' });
    expect(peel).toBeDisabled();
    // The icon is the button's face (decorative: the name stays the title), no text beside it.
    const icon = peel.querySelector('i');
    expect(icon).toHaveClass('bi', 'bi-scissors');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(peel).toHaveTextContent(/^$/);
  });
  it("hands the table's editorSettings to its modal, whichever action opens it", async () => {
    const editorSettings = { title: 'Fruit editor', fields: ['name'] };
    const { container, user } = renderTable({
      columnSettings: settings,
      rows: fruits,
      actions,
      editorSettings,
      renderModal: ({ action, editorSettings: received, close }) => (
        <div role="dialog" aria-label={(received as typeof editorSettings | undefined)?.title}>
          <p>{action}</p>
          <pre>{JSON.stringify(received)}</pre>
          <button type="button" onClick={close}>
            Close
          </button>
        </div>
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('dialog', { name: 'Fruit editor' })).toHaveTextContent(
      '{"title":"Fruit editor","fields":["name"]}',
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(cellOf(container, 'Banana', 1));
    await user.click(screen.getByRole('button', { name: 'Edit fruit' }));
    expect(screen.getByRole('dialog', { name: 'Fruit editor' })).toHaveTextContent('EDIT');
  });
});
