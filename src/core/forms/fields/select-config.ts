import type { GroupBase, Props as SelectProps } from 'react-select';

/** A react-select option: value is the item's id (or a user's email, or a tag). */
export interface SelectOption {
  value: string | number;
  label: string;
}

/**
 * SPEC §8/§9: select texts and sizes. Only type imports of react-select here, so this module
 * does not pull the library into a bundle.
 */
export const SELECT_DEFAULTS = {
  noOptionsMessage: () => 'No options',
  loadingMessage: () => 'Loading...',
  placeholder: 'Select...',
  maxMenuHeight: 300,
  minMenuHeight: 140,
  pageSize: 5,
  classNamePrefix: 'form-select-rs',
} satisfies Partial<SelectProps<SelectOption, boolean, GroupBase<SelectOption>>>;

/** Bootstrap's red border on an invalid select, and its disabled background. */
export function selectStyles(invalid: boolean): SelectProps<SelectOption, boolean>['styles'] {
  return {
    control: (base, state) => ({
      ...base,
      borderColor: invalid ? 'var(--bs-form-invalid-border-color, #dc3545)' : base.borderColor,
      backgroundColor: state.isDisabled ? 'var(--bs-secondary-bg, #e9ecef)' : base.backgroundColor,
    }),
    menu: (base) => ({ ...base, zIndex: 1070 }),
  };
}

export function sameValue(a: unknown, b: unknown): boolean {
  return (
    a === b ||
    (a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b))
  );
}
