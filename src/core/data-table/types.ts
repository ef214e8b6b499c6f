import type { FormReview, FormSettings, FormValues } from '@/core/forms';
import type { ReactNode } from 'react';
import type { QueryFunction, QueryKey, SkipToken } from '@tanstack/react-query';
import type { Permission } from '@/core/permissions';
import type { TableData } from '@/contract/envelope';

/** SPEC §3 table column types. */
export const ColumnType = {
  DATE: 'date',
  EXPIRED_DATE: 'expired-date',
  TIME_DIFFERENCE: 'time-difference',
  USER: 'user',
  NUMBER: 'number',
  STRING: 'string',
  URL: 'url',
  BUTTON_DROPDOWN: 'button-dropdown',
  TOGGLE_SWITCH: 'toggle-switch',
} as const;
export type ColumnType = (typeof ColumnType)[keyof typeof ColumnType];

/** SPEC §3 data kinds: how a value is read, searched, sorted and shown. */
export const DataKind = {
  DATE: 'DATE',
  HTML: 'HTML',
  LICENCES: 'LICENCES',
  USER: 'USER',
} as const;
export type DataKind = (typeof DataKind)[keyof typeof DataKind];

/** SPEC §4 action kinds. */
export const ActionKind = {
  CREATE: 'CREATE',
  DELETE: 'DELETE',
  EDIT: 'EDIT',
  MULTI_CREATE: 'MULTI_CREATE',
  DISABLE: 'DISABLE',
} as const;
export type ActionKind = (typeof ActionKind)[keyof typeof ActionKind];

/** SPEC §4 display modes: BUTTON in the header ribbon, INLINE in each row. */
export const ActionDisplay = {
  BUTTON: 'BUTTON',
  INLINE: 'INLINE',
} as const;
export type ActionDisplay = (typeof ActionDisplay)[keyof typeof ActionDisplay];

/** Any record a list shows. */
export type RowRecord = object;

/** An item of a button-dropdown cell: opens the modal with an action, or calls a handler. */
export interface DropdownItem<T> {
  label: string;
  action?: ActionKind;
  onSelect?: (row: T) => void;
  isDisabledFn?: (row: T) => boolean;
}

/** SPEC §3 column settings: one column of the table. */
export interface ColumnSetting<T extends RowRecord = RowRecord> {
  /** The field read from the row (dotted paths allowed: 'product.name'); also the column id. */
  id: string;
  /** The heading. */
  title: string;
  /** How the cell is shown; 'string' when absent. */
  type?: ColumnType;
  /** How the value is read; implied by the type for dates and users. */
  dataKind?: DataKind;
  /** Reads the value when the id is not a path of the row. */
  accessor?: (row: T) => unknown;
  /**
   * Number columns: the cell's text when it is not the number itself ('2 KB' for 2048 bytes,
   * '3 / 10' seats). Search and the CSV read this text; sort and the filter use the value
   * (issue 17: sorting the text put '900 B' after '2 KB').
   */
  displayText?: (row: T) => string;
  /** false drops the column (SPEC §6). */
  isVisible?: boolean;
  /** The column shows only when this passes (SPEC §6; none = open). */
  permissions?: Permission;
  /** Defaults to true, except button-dropdown and toggle-switch columns. */
  isSortable?: boolean;
  /** Defaults to true, except button-dropdown columns. */
  isFilterable?: boolean;
  /**
   * The filter row shows a select of these instead of a text box (the cell's text equals the
   * chosen value, case aside); a server list receives the value (issue 16).
   */
  filterOptions?: ReadonlyArray<string | { value: string; label: string }>;
  /** Defaults to true for columns whose text is searchable. */
  isSearchable?: boolean;
  /** Date columns: show hours and minutes too. */
  withTime?: boolean;
  /**
   * URL columns: the link, built from the row. A string fills {path} placeholders from the row
   * ('/offerings/product/{id}'); any empty placeholder, or an empty result, shows plain text.
   */
  linkFormat?: string | ((row: T) => string | null | undefined);
  /** A tooltip for the heading (over 200 characters: wide). */
  tooltip?: string;
  /** Button-dropdown columns: the label of the button and its items. */
  dropdownLabel?: string;
  dropdownItems?: ReadonlyArray<DropdownItem<T>>;
  /** Toggle-switch columns: open the modal with this action, or call the handler. */
  toggleAction?: ActionKind;
  onToggle?: (row: T, checked: boolean) => void;
  /** A CSS width for the column ('8rem', '10%'). */
  width?: string;
}

/** SPEC §3 column settings of a table. */
export interface ColumnSettings<T extends RowRecord = RowRecord> {
  /** The entity: the table's heading and the CSV file's name ('Issued Licences'). */
  entity: string;
  columns: ReadonlyArray<ColumnSetting<T>>;
  /** Index into columns of the initial sort column. */
  sortIndex?: number;
  isDesc?: boolean;
  /** Maps a displayed row to the CSV record (keys become the header line). */
  csvMapperFn?: (row: T) => Record<string, unknown>;
}

/** SPEC §3 row actions. */
export interface RowAction<T extends RowRecord = RowRecord> {
  action: ActionKind;
  /** The accessible name and tooltip of the button. */
  buttonTitle: string;
  display: ActionDisplay;
  /** The text on the button; buttonTitle when absent and no icon is given. */
  buttonText?: string;
  /** A decorative icon (an element or a Bootstrap Icons class such as 'bi bi-pencil'). */
  icon?: ReactNode;
  isDisabled?: boolean;
  /** INLINE: the row; BUTTON: the single selected row or null, with every selected row. */
  isDisabledFn?: (row: T | null, selected: T[]) => boolean;
  isVisible?: boolean;
  isVisibleFn?: (row: T | null, selected: T[]) => boolean;
  permissions?: Permission;
  /** The modal's initial data for ribbon CREATE/MULTI_CREATE (rows for the other kinds). */
  initialData?: unknown;
  /**
   * INLINE only: an action that needs no dialog (Copy a link): the button runs it with its row
   * at once, and no modal opens.
   */
  onRun?: (row: T) => unknown;
  /** INLINE onRun that answers a promise: the button's text while it runs ('Downloading…'). */
  busyText?: string;
  /**
   * INLINE: the button's accessible name for the row, when the list's own wording is not the
   * table's '{buttonTitle}: {first column}' (an attachment's 'Download contract.pdf').
   */
  ariaLabelFn?: (row: T) => string;
}

/**
 * A bulk action (issue 16): runs once on the selection or on every matching row through the
 * ListSource's bulk[id] handler, after a confirmation that shows the count.
 */
export interface BulkActionSetting {
  /** The key of the ListSource's bulk handler. */
  id: string;
  /** The button's text, e.g. 'Renew'. */
  label: string;
  /** The question before it runs; default `${label} ${count} records?` ('about N' when estimated). */
  confirmText?: (count: number, isEstimate: boolean) => string;
  permissions?: Permission;
  /** Destructive: the confirm button is red. */
  danger?: boolean;
  /**
   * What the action asks before it runs (Renew: the new expiry), shown under the question; its
   * values become fields of the one request (toParams: { expiry: '2027-11-23' }).
   */
  input?: {
    settings: FormSettings;
    defaultValues?: FormValues;
    toParams: (values: FormValues) => Record<string, unknown>;
    /** The question with the values, when they change it ('Renew 12 records to 2027/11/23?'). */
    confirmText?: (count: number, isEstimate: boolean) => string;
    /**
     * What the action will do with these values, in words, with Confirm and Back before it runs
     * (issue 17: an action that bills or grants says so first).
     */
    review?: (count: number, isEstimate: boolean, values: FormValues) => FormReview;
  };
}

/** What the table's modal is opened with. */
export interface ModalState {
  isOpen: boolean;
  action: ActionKind | null;
  initialData: unknown;
}

/** Handed to the screen's renderModal. */
export interface ModalRenderProps<T extends RowRecord = RowRecord, TEditor = unknown> {
  action: ActionKind;
  /**
   * The rows the action is about: the row of an inline action or cell, the selected rows of a
   * ribbon EDIT, DELETE or DISABLE; none for CREATE and MULTI_CREATE.
   */
  rows: T[];
  /** The first of rows, or null. */
  row: T | null;
  /** What the modal was opened with (a ribbon CREATE's initialData; the rows otherwise). */
  initialData: unknown;
  editorSettings: TEditor | undefined;
  close: () => void;
  /** Invalidates the table's query (after a save). */
  refresh: () => Promise<void>;
}

/** What a caller-supplied fetch may answer: table data, a plain list, or nothing. */
export type FetchResult<T> = TableData<T> | T[] | null | undefined;

export interface FetchContext<T = unknown> {
  orgId: number | null;
  signal: AbortSignal;
  /**
   * Rows so far, while the SPEC §7 re-posts still run (issue 16: first rows at once): pass the
   * API client's onPage progress on, parsed, as table data with the list's totalAvailable.
   */
  onProgress?: (partial: TableData<T>) => void;
}

export type FetchData<T> = (context: FetchContext<T>) => Promise<FetchResult<T>>;

/**
 * An entity's list query (its query options: key, fetch, enabled): the table reads the rows
 * from that cache entry, so the list screen and every other reader of the list share it.
 */
export interface TableQuery<T> {
  queryKey: QueryKey;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the entity's own key type
  queryFn?: QueryFunction<FetchResult<T>, any> | SkipToken;
  /** A query option's enabled: a boolean (a function is read as enabled). */
  enabled?: boolean | ((...args: never[]) => boolean);
}
