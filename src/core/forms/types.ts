import type { ReactNode } from 'react';

/** SPEC §3: the form field kinds. One component per kind under ./fields. */
export const FIELD_TYPES = [
  'attachments',
  'avatar',
  'buttonDropdown',
  'checkbox',
  'multiCheckbox',
  'offeringFeatureMultiCheckbox',
  'date',
  'expiredDate',
  'dropdown',
  'email',
  'multiDropdown',
  'number',
  'password',
  'positiveInteger',
  'radioButtons',
  'string',
  'textArea',
  'jsonDictionary',
  'timeDifference',
  'toggleSwitch',
  'url',
  'user',
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

/** Form values: a plain record; dotted field names address nested objects (react-hook-form paths). */
export type FormValues = Record<string, unknown>;

/** SPEC §3: dropdown items carry an id and a label. */
export interface DropdownItem {
  id: string | number;
  label: string;
}

/** One page of options searched on the server: the first items matching, and how many match. */
export interface OptionsPage {
  items: DropdownItem[];
  total: number;
  /** The total is the database's estimate ("about N"). */
  totalIsEstimate?: boolean;
}

/**
 * Options searched on the server (a choice among thousands): `search` is what the user typed
 * ('' for the first page), `values` the values of the fields named in optionsDependOn.
 */
export type SearchOptions = (query: {
  search: string;
  values: FormValues;
  signal: AbortSignal;
}) => Promise<OptionsPage>;

/** SPEC §3: a user item uses its email as option value and label. */
export interface UserItem {
  email: string;
  firstName?: string;
  lastName?: string;
}

/** SPEC §3: Feature: id, name, defaultValue. */
export interface Feature {
  id: string | number;
  name: string;
  defaultValue?: boolean;
}

/** An offering whose features the offering-feature field lists. */
export interface OfferingWithFeatures {
  id: string | number;
  name?: string;
  features: Feature[];
}

/** Attachment: fileName and a base64 blob (SPEC §3). */
export interface Attachment {
  fileName: string;
  base64: string;
}

export type DateSelectionMode = 'single' | 'range' | 'multiple';

/**
 * SPEC §3 'Form field definition': field, type, title, tooltip, isMandatory, visible/isVisible,
 * accessor, dropdownData, isDisabledFn, isAnIsDisabledTrigger, isValidate, index, placeholder,
 * maxLength, minLength, width. The options after those are per-kind extras.
 */
export interface FieldSetting {
  /** The value's key; dots address nested objects ('address.city'). */
  field: string;
  type: FieldType;
  title?: string;
  tooltip?: string;
  isMandatory?: boolean;
  /** Shown unless false (or the function returns false). `visible` is an alias. */
  isVisible?: boolean | ((values: FormValues) => boolean);
  visible?: boolean | ((values: FormValues) => boolean);
  /** Reads the initial value from the record given as defaultValues: a dotted path or a function. */
  accessor?: string | ((record: FormValues) => unknown);
  dropdownData?: readonly DropdownItem[];
  /** A field disabled by this rule is exempt from validation (SPEC §5). */
  isDisabledFn?: (values: FormValues) => boolean;
  /** Changing this field re-evaluates the other fields' isDisabledFn / isVisible functions. */
  isAnIsDisabledTrigger?: boolean;
  /** false switches every rule of this field off (SPEC §5). Default true. */
  isValidate?: boolean;
  /** Order within its row (ascending); rows keep the given order. */
  index?: number;
  placeholder?: string;
  maxLength?: number;
  minLength?: number;
  /** Bootstrap grid columns (1-12) in a row, or a CSS width such as '240px'. */
  width?: number | string;
  /** Always disabled (read-only display of the value). */
  isDisabled?: boolean;
  /** An extra rule run after the built-in ones: return a message to fail. */
  validate?: (value: unknown, values: FormValues) => string | undefined;

  // ---- per-kind options ----
  /**
   * dropdown, multiDropdown (without allowAdd): the options come from the server, a page at a
   * time, searched as the user types. dropdownData then only names options known beforehand (the
   * chosen ones). A mandatory dropdown with no value takes the first option of the first page.
   */
  searchOptions?: SearchOptions;
  /** With searchOptions: the fields the options depend on; a change reloads them and clears this field. */
  optionsDependOn?: readonly string[];
  /** user: the users to pick from. */
  users?: readonly UserItem[];
  /** multiDropdown: typed tags may be added (Enter or Space). */
  allowAdd?: boolean;
  /** multiDropdown: warn about tags removed from the initial value. Default true when allowAdd. */
  warnOnRemove?: boolean;
  /** offeringFeatureMultiCheckbox: the field holding the chosen offering id, and the offerings. */
  offeringField?: string;
  offerings?: readonly OfferingWithFeatures[];
  /** jsonDictionary: the entries it starts from when empty, e.g. { en: '' }. */
  initialData?: Record<string, string>;
  /** date: selection mode and calendar rules (SPEC §5 'Calendar'). */
  dateMode?: DateSelectionMode;
  minDate?: Date;
  maxDate?: Date;
  /** date, range mode: days in a range, inclusive. */
  minDays?: number;
  maxDays?: number;
  /** date, range mode: a range crossing a disabled day restarts. */
  excludeDisabled?: boolean;
  /** date, multiple mode: selection count bounds. */
  minSelections?: number;
  maxSelections?: number;
  /** date: pick a year (a 12-year picker) instead of a day; stored as 1 January of that year. */
  pickYear?: boolean;
  /** date: days that cannot be picked. */
  filterDate?: (date: Date) => boolean;
  /**
   * attachments: accept attribute and multiple selection. A picked file the accept attribute does
   * not cover is refused when picked ('Only .blst files can be uploaded'), as the browser's dialog
   * can be told to show every file.
   */
  accept?: string;
  multiple?: boolean;
  /**
   * attachments: a check of each picked file's content, run when it is picked (its first bytes,
   * as the server will check them): a message refuses the file, which is then not added.
   */
  checkFile?: (file: File) => Promise<string | undefined>;
  /** textArea rows. */
  rows?: number;
  /** timeDifference: which parts are edited (default all four). */
  timeParts?: readonly ('hours' | 'minutes' | 'seconds' | 'milliseconds')[];
  /** Content rendered under the control (e.g. a preview). */
  renderAfter?: (value: unknown, values: FormValues) => ReactNode;
}

/** SPEC §3 'Form setting': fields in rows, hasFieldTitle, isVerticalLayout. */
export interface FormSettings {
  rows: readonly (readonly FieldSetting[])[];
  /** Show each field's title as a visible label (default true; hidden labels stay accessible). */
  hasFieldTitle?: boolean;
  /** Labels above controls (default true); false puts them beside. */
  isVerticalLayout?: boolean;
}

/** A server field error, as in the API envelope (SPEC §3): keyed by field. */
/**
 * What a form that bills or grants says before it does it (FormEngineProps.review): the action in
 * words, and warnings the user must tick one by one before Confirm is allowed.
 */
export interface FormReview {
  /** Text, or text with parts that carry their own look (an expiry today or past is red). */
  summary: ReactNode;
  warnings?: readonly string[];
}

/** The text a field shows for its value: a picker's label rather than its id ('' when none). */
export type ShownText = (field: string) => string;

export interface ServerFieldError {
  message: string;
  errorCode?: string;
}
export type ServerFieldErrors = Record<string, ServerFieldError | string>;
