import { ColumnType, type ColumnSetting, type RowRecord } from '@/core/data-table';
import type { FieldSetting } from '@/core/forms';

/**
 * The permission flags of a membership (an organisation's users, a site's users): the form's
 * toggle switches and the table's toggle columns, from one list of names and labels.
 */
export interface MemberFlagSet<F extends string> {
  names: readonly F[];
  /** The form's words for each flag. */
  labels: Readonly<Record<F, string>>;
  /** Shorter column headings (default: the labels). */
  columnTitles?: Readonly<Record<F, string>>;
}

/** Each flag as a boolean, from form values or a row (anything but true is false). */
export function flagValues<F extends string>(
  set: MemberFlagSet<F>,
  values: Partial<Record<F, unknown>>,
): Record<F, boolean> {
  return Object.fromEntries(set.names.map((f) => [f, values[f] === true])) as Record<F, boolean>;
}

/** The flags as toggle switches of the member form, two to a row. */
export function flagFieldRows<F extends string>(
  set: MemberFlagSet<F>,
  extra: (flag: F) => Partial<FieldSetting> = () => ({}),
): FieldSetting[][] {
  const fields: FieldSetting[] = set.names.map((flag) => ({
    field: flag,
    type: 'toggleSwitch',
    title: set.labels[flag],
    width: 6,
    ...extra(flag),
  }));
  const rows: FieldSetting[][] = [];
  for (let i = 0; i < fields.length; i += 2) rows.push(fields.slice(i, i + 2));
  return rows;
}

/**
 * The flags as toggle-switch columns of the members table; a flag the user may not change
 * (no onToggle, or canToggle false) shows its state read-only.
 */
export function flagToggleColumns<T extends RowRecord, F extends string>(
  set: MemberFlagSet<F>,
  onToggle: ((row: T, flag: F, on: boolean) => void) | null,
  canToggle: (flag: F) => boolean = () => true,
): ColumnSetting<T>[] {
  return set.names.map((flag) => ({
    id: flag,
    title: (set.columnTitles ?? set.labels)[flag],
    type: ColumnType.TOGGLE_SWITCH,
    ...(onToggle && canToggle(flag)
      ? { onToggle: (row: T, on: boolean) => onToggle(row, flag, on) }
      : {}),
  }));
}

/** The writes behind the member form: add (or invite) a member, or save a member's flags. */
export interface MemberWrites<F extends string> {
  add: (input: { email: string } & Record<F, boolean>) => Promise<unknown>;
  update: (input: { id: number; email: string; flags: Record<F, boolean> }) => Promise<unknown>;
}

/**
 * The member form's submit: a new member's email with its flags, or the flags of the member
 * being edited (its email is fixed).
 */
export async function submitMember<F extends string>(
  set: MemberFlagSet<F>,
  values: Partial<Record<F | 'email', unknown>>,
  member: { id: number; email: string } | null,
  writes: MemberWrites<F>,
): Promise<void> {
  const flags = flagValues(set, values);
  if (member) await writes.update({ id: member.id, email: member.email, flags });
  else await writes.add({ email: typeof values.email === 'string' ? values.email : '', ...flags });
}
