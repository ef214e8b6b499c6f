import { getByPath, setByPath } from './paths';
import type { FieldSetting, FormSettings, FormValues } from './types';
import { EMPTY_OPTION_VALUE, isEmptyValue } from './validation';

/** Copies plain objects and arrays deeply; other values (dates, files, functions) are shared. */
function clonePlain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clonePlain);
  if (
    value !== null &&
    // Stryker disable next-line ConditionalExpression: a primitive's or a function's prototype is not Object.prototype either
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clonePlain(v)]));
  }
  return value;
}

function readInitial(setting: FieldSetting, record: FormValues): unknown {
  const { accessor } = setting;
  if (typeof accessor === 'function') return accessor(record);
  return getByPath(record, accessor ?? setting.field);
}

/**
 * The form's starting values: the record (kept whole, so ids and other keys travel to the
 * payload) with each field's value read through its accessor, and the defaults of SPEC §4:
 * a mandatory dropdown with no value takes its first option, a mandatory radio group selects its
 * first option, a JSON dictionary starts from its initial data when empty.
 */
export function buildInitialValues(settings: FormSettings, record: FormValues = {}): FormValues {
  const values = clonePlain(record) as FormValues;
  for (const setting of settings.rows.flat()) {
    let value = readInitial(setting, record);
    const first = setting.dropdownData?.[0];
    const noChoice = isEmptyValue(value) || value === EMPTY_OPTION_VALUE;
    if (
      setting.isMandatory &&
      noChoice &&
      first &&
      (setting.type === 'dropdown' || setting.type === 'radioButtons')
    ) {
      value = first.id;
    }
    if (setting.type === 'jsonDictionary' && isEmptyValue(value) && setting.initialData) {
      value = { ...setting.initialData };
    }
    if (value !== undefined || setting.accessor !== undefined)
      setByPath(values, setting.field, value);
  }
  return values;
}
