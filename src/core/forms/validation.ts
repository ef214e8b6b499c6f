import { z } from 'zod';
import {
  LENGTH_COUNTER_FROM,
  MAX_DICTIONARY_ENTRY_LENGTH,
  maxLengthMessage,
} from '@/contract/limits';
import { fromStoredDate, isInvalidRange } from './dates';
import { getByPath } from './paths';
import type { FieldSetting, FieldType, FormSettings, FormValues } from './types';

/** SPEC §5 messages, verbatim. */
export const MESSAGES = {
  mandatory: 'Mandatory field',
  minLength: (minLength: number) => `Value must be longer than ${minLength - 1} chars in length`,
  /** Issue 17: the same words as the server's 400 'maxLength'. */
  maxLength: maxLengthMessage,
  invalidEmail: 'Invalid email',
  notInteger: 'Value must be an integer',
  notPositive: 'Value must be positive',
  invalidRange: 'Invalid range',
  invalidUrl: 'Invalid URL',
  /** Typed text a date field could not read (SPEC §5: nothing is set). */
  notADate: (format: string) => `Not a date: type it as ${format}`,
} as const;

/** The value of the empty option of a non-mandatory dropdown (SPEC §5). */
export const EMPTY_OPTION_VALUE = -1;

const DROPDOWN_LIKE: readonly FieldType[] = ['dropdown', 'buttonDropdown', 'user'];
const LIST_LIKE: readonly FieldType[] = [
  'multiDropdown',
  'multiCheckbox',
  'offeringFeatureMultiCheckbox',
  'attachments',
];
const TEXT_LIKE: readonly FieldType[] = ['string', 'password', 'textArea', 'email', 'url'];

/**
 * Issue 17: the character counter of a text field with a maximum ('180 / 200'), shown from 80 %
 * of the maximum on; undefined below that or for other kinds.
 */
export function lengthCounter(
  setting: FieldSetting,
  value: unknown,
): { length: number; max: number; over: boolean } | undefined {
  const max = setting.maxLength;
  if (max === undefined || !TEXT_LIKE.includes(setting.type) || typeof value !== 'string')
    return undefined;
  const length = value.length;
  if (length < Math.ceil(max * LENGTH_COUNTER_FROM)) return undefined;
  return { length, max, over: length > max };
}

/**
 * SPEC §5 'Invalid email': local-part@domain after trimming; the domain may be a bracketed IPv4
 * literal. A local part is dot-separated atoms or a quoted string.
 */
const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** A whole number written in decimal digits, optionally signed; blanks around are ignored. */
export function positiveIntegerMessage(value: unknown): string | undefined {
  const text = String(value).trim();
  if (!/^[-+]?\d+$/.test(text)) return MESSAGES.notInteger;
  if (Number(text) <= 0) return MESSAGES.notPositive;
  return undefined;
}

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (value instanceof Date) return Number.isNaN(value.getTime());
  // An array or a dictionary: empty without keys (an array's keys are its indexes).
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** A JSON dictionary with a key or a text value over MAX_DICTIONARY_ENTRY_LENGTH. */
export function dictionaryTooLong(value: unknown): boolean {
  // Stryker disable next-line ConditionalExpression: a text or a number has no entries over the bound either (a text's entries are its characters)
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.entries(value as Record<string, unknown>).some(
    ([k, v]) =>
      k.length > MAX_DICTIONARY_ENTRY_LENGTH ||
      (typeof v === 'string' && v.length > MAX_DICTIONARY_ENTRY_LENGTH),
  );
}

/** SPEC §5 'Mandatory', per kind. */
export function isMandatorySatisfied(type: FieldType, value: unknown): boolean {
  if (DROPDOWN_LIKE.includes(type)) {
    return !(
      isEmptyValue(value) ||
      value === EMPTY_OPTION_VALUE ||
      value === String(EMPTY_OPTION_VALUE)
    );
  }
  if (LIST_LIKE.includes(type)) return Array.isArray(value) && value.length > 0;
  if (type === 'checkbox') return value === 1 || value === '1' || value === true;
  if (type === 'jsonDictionary') {
    if (value === null || typeof value !== 'object') return false;
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length > 0 && entries.every(([k, v]) => k.trim() !== '' && !isEmptyValue(v));
  }
  // A date range or several dates: every day given.
  if (Array.isArray(value)) return value.length > 0 && value.every((v) => !isEmptyValue(v));
  return !isEmptyValue(value);
}

/** An absolute http(s) address (the URL parser drops blanks around it). */
function isValidHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
    // Stryker disable BlockStatement: without its return the catch answers undefined, as falsy as false
  } catch {
    return false;
  }
}
// Stryker restore BlockStatement

export interface FieldState {
  /** The field is disabled by its isDisabledFn (or isDisabled). */
  disabled: boolean;
}

/** The first failing rule's message for one field, or undefined. Pure. */
export function validateField(
  setting: FieldSetting,
  value: unknown,
  values: FormValues,
  state?: FieldState,
): string | undefined {
  if (setting.isValidate === false || state?.disabled) return undefined;
  const empty = !isMandatorySatisfied(setting.type, value);
  if (setting.isMandatory && empty) return MESSAGES.mandatory;
  const hasText = typeof value === 'string' && value.trim() !== '';
  // Stryker disable next-line ConditionalExpression: with no minimum the comparison below is false (n < undefined)
  if (setting.minLength !== undefined && TEXT_LIKE.includes(setting.type) && hasText) {
    if ((value as string).length < setting.minLength) return MESSAGES.minLength(setting.minLength);
  }
  // Issue 17: over the maximum is an error under the field; the text is kept, never cut.
  // Stryker disable next-line ConditionalExpression: with no maximum the comparison below is false (n > undefined)
  if (setting.maxLength !== undefined && TEXT_LIKE.includes(setting.type)) {
    // Stryker disable next-line ConditionalExpression: a text kind's value that is no text has no length over the maximum (a number's is undefined)
    if (typeof value === 'string' && value.length > setting.maxLength)
      return MESSAGES.maxLength(setting.maxLength);
  }
  // SPEC §5: dictionary keys and values at most 100 characters: refused, not cut (issue 17).
  if (setting.type === 'jsonDictionary' && dictionaryTooLong(value)) {
    return MESSAGES.maxLength(MAX_DICTIONARY_ENTRY_LENGTH);
  }
  if (setting.type === 'email' && hasText && !isValidEmail(value as string)) {
    return MESSAGES.invalidEmail;
  }
  if (setting.type === 'url' && hasText && !isValidHttpUrl(value as string)) {
    return MESSAGES.invalidUrl;
  }
  if (setting.type === 'positiveInteger' && !isEmptyValue(value)) {
    const message = positiveIntegerMessage(value);
    if (message) return message;
  }
  if ((setting.type === 'date' || setting.type === 'expiredDate') && setting.dateMode === 'range') {
    // Stryker disable next-line ArrayDeclaration: a start that is no date reads as no day, as a missing one
    const range = Array.isArray(value) ? value : [];
    const bounds = { minDays: setting.minDays, maxDays: setting.maxDays };
    if (isInvalidRange([fromStoredDate(range[0]), fromStoredDate(range[1])], bounds)) {
      return MESSAGES.invalidRange;
    }
  }
  return setting.validate?.(value, values);
}

/** visible/isVisible: boolean or a function of the values; shown unless false. */
export function isFieldVisible(setting: FieldSetting, values: FormValues): boolean {
  const rule = setting.isVisible ?? setting.visible;
  if (rule === undefined) return true;
  return typeof rule === 'function' ? rule(values) : rule;
}

export function isFieldDisabled(setting: FieldSetting, values: FormValues): boolean {
  return Boolean(setting.isDisabled) || Boolean(setting.isDisabledFn?.(values));
}

export function allFields(settings: FormSettings): FieldSetting[] {
  return settings.rows.flat();
}

/** Every failing visible field's message, keyed by field. Pure; used by the zod schema. */
export function validateValues(settings: FormSettings, values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const setting of allFields(settings)) {
    if (!isFieldVisible(setting, values)) continue;
    const message = validateField(setting, getByPath(values, setting.field), values, {
      disabled: isFieldDisabled(setting, values),
    });
    if (message) errors[setting.field] = message;
  }
  return errors;
}

/**
 * The zod schema of a form: the values object, refined by the settings' rules so that a rule can
 * look at other fields (the disabled exemption, visibility).
 */
export function buildFormSchema(settings: FormSettings) {
  return z.looseObject({}).superRefine((values, ctx) => {
    for (const [field, message] of Object.entries(validateValues(settings, values))) {
      // Stryker disable next-line StringLiteral: the form reads an issue's path and message only
      ctx.addIssue({ code: 'custom', path: field.split('.'), message });
    }
  });
}
