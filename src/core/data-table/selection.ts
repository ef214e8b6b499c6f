/**
 * SPEC §4 row selection, as a pure function of the click:
 * - the checkbox or first cell (or any row click in select mode) toggles that row, keeping the rest;
 * - Control (or Command) adds or removes the row, keeping the rest;
 * - Shift selects the range from the last clicked row to this one in the displayed (sorted and
 *   filtered) order, replacing the selection; with Control or the checkbox it adds the range;
 * - a plain row click replaces the selection with the row.
 * The last clicked row (the anchor) moves on every click except a Shift click.
 */
export type SelectionState = Readonly<Record<string, true>>;

export interface SelectionClick {
  id: string;
  /** Checkbox, first cell, or select mode. */
  toggle: boolean;
  ctrl: boolean;
  shift: boolean;
}

export interface SelectionResult {
  selection: SelectionState;
  anchor: string | null;
}

export function nextSelection(
  previous: SelectionState,
  anchor: string | null,
  click: SelectionClick,
  displayedIds: () => readonly string[],
): SelectionResult {
  const additive = click.toggle || click.ctrl;
  if (click.shift && anchor !== null) {
    const ids = displayedIds();
    const from = ids.indexOf(anchor);
    const to = ids.indexOf(click.id);
    if (from !== -1 && to !== -1) {
      const next: Record<string, true> = additive ? { ...previous } : {};
      for (const rangeId of ids.slice(Math.min(from, to), Math.max(from, to) + 1)) {
        next[rangeId] = true;
      }
      return { selection: next, anchor };
    }
  }
  if (additive) {
    const { [click.id]: wasSelected, ...rest } = previous;
    const next: Record<string, true> = wasSelected ? rest : { ...rest, [click.id]: true };
    return { selection: next, anchor: click.id };
  }
  return { selection: { [click.id]: true }, anchor: click.id };
}

export type HeaderCheckboxState = 'none' | 'some' | 'all';

export function headerCheckboxState(
  selection: SelectionState,
  displayedIds: readonly string[],
): HeaderCheckboxState {
  let selected = 0;
  for (const id of displayedIds) if (selection[id]) selected++;
  if (selected === 0) return 'none';
  return selected === displayedIds.length ? 'all' : 'some';
}

/** SPEC §4: the header checkbox clears all when indeterminate, otherwise toggles all. */
export function toggleAll(
  state: HeaderCheckboxState,
  displayedIds: readonly string[],
): SelectionState {
  if (state !== 'none') return {};
  const next: Record<string, true> = {};
  for (const id of displayedIds) next[id] = true;
  return next;
}
