import type { Control, RefCallBack } from 'react-hook-form';
import type { FieldSetting, FormValues } from '../types';

/** What the engine hands every field component. Values flow through onChange, never the DOM. */
export interface FieldComponentProps {
  setting: FieldSetting;
  /** The control's id; the label points at it. */
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  disabled: boolean;
  invalid: boolean;
  /** ids of the error text and the tooltip, for aria-describedby. */
  describedBy: string | undefined;
  /** id of the error text, for aria-errormessage. */
  errorId: string;
  controlHandle: RefCallBack;
  control: Control<FormValues>;
  /** Sets another field's value (the offering-feature field clears and pre-selects). */
  setFieldValue: (field: string, value: unknown) => void;
  /** While a field is still loading what it offers, the form cannot be submitted. */
  setLoading: (loading: boolean) => void;
  /**
   * Takes a value the field chose itself (a mandatory choice's first option, SPEC §4) as its
   * starting value: not a change of the user's, so nothing is unsaved (issue 17).
   */
  takeDefault: (value: unknown) => void;
  /** Reports the text the field shows for its value (a picker's label), for a review's summary. */
  setShownText?: (text: string) => void;
  /**
   * Reports what the user gave that the field could not take (a file refused when picked, a
   * typed date that is no date), or null once it is gone. It shows as the field's error, in
   * place of any other. Unless `blocks` is false, the form is not submitted while it stands: the
   * field shows what the user typed, not the value it holds. A refused file is not shown as
   * chosen: the form may go without it (false).
   */
  setProblem: (message: string | null, blocks?: boolean) => void;
}

/** The aria attributes of a single native control. */
export function controlAria(
  props: Pick<FieldComponentProps, 'id' | 'invalid' | 'describedBy' | 'setting'>,
) {
  return {
    id: props.id,
    'aria-invalid': props.invalid || undefined,
    'aria-describedby': props.describedBy,
    'aria-required': props.setting.isMandatory || undefined,
  };
}

export function controlClass(base: string, invalid: boolean): string {
  return invalid ? `${base} is-invalid` : base;
}

export function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value as number);
}
