import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import type { GroupBase, OptionsOrGroups } from 'react-select';
import AsyncSelect from 'react-select/async';
import { formatFigure } from '@/core/format';
import type { DropdownItem, FormValues, OptionsPage } from '../types';
import { EMPTY_OPTION_VALUE } from '../validation';
import type { FieldComponentProps } from './field-props';
import { SELECT_DEFAULTS, sameValue, selectStyles, type SelectOption } from './select-config';

/** Typing pauses this long before the server is asked (one request per pause, not per key). */
export const SEARCH_DELAY_MS = 250;

export const SEARCH_SELECT_TEXT = {
  /** The header over a first page that does not hold every option. */
  more: (shown: number, page: OptionsPage) =>
    `${formatFigure(shown)} of ${page.totalIsEstimate ? 'about ' : ''}${formatFigure(page.total)}: type to search`,
  failed: 'The options could not be loaded',
  empty: 'No options',
  emptyOption: '—',
} as const;

type Options = OptionsOrGroups<SelectOption, GroupBase<SelectOption>>;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });
}

const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];

const isEmptyChoice = (value: unknown) =>
  value === null || value === undefined || value === '' || sameValue(value, EMPTY_OPTION_VALUE);

/** Whether the user changed any of these fields. */
const isDirtyAny = (control: Control<FormValues>, fields: readonly string[] | undefined) =>
  (fields ?? []).some((field) => control.getFieldState(field).isDirty);

/**
 * A dropdown (or multi dropdown) whose options the server searches (FieldSetting.searchOptions):
 * the first page when the menu opens, then one request per pause in typing; a header says how
 * many of how many are shown. Options depending on other fields (optionsDependOn) reload, and
 * the choice is cleared, when those fields change. A mandatory single choice with no value takes
 * the first option (SPEC §4) once the first page is in.
 */
export function SearchSelect(props: FieldComponentProps & { isMulti: boolean }) {
  const { setting, isMulti } = props;
  const searchOptions = setting.searchOptions;
  if (!searchOptions) throw new Error(`${setting.field}: SearchSelect needs searchOptions`);
  const deps = setting.optionsDependOn ?? [];
  const watched = useWatch({ control: props.control, name: [...deps] }) as unknown[];
  const depKey = JSON.stringify(watched);
  const depValues = useMemo<FormValues>(
    () => Object.fromEntries(deps.map((field, i) => [field, watched[i]])),
    // depKey stands for the watched values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [depKey],
  );
  // The labels of the options seen so far, so that a chosen id shows its name.
  const [seen, setSeen] = useState<ReadonlyMap<string, string>>(new Map());
  const [failed, setFailed] = useState(false);
  const latest = useRef<AbortController | null>(null);
  const { onChange, setLoading, takeDefault, control } = props;
  const remember = (options: readonly SelectOption[]) =>
    setSeen((map) => new Map([...map, ...options.map((o) => [String(o.value), o.label] as const)]));

  // A change of what the options depend on clears the choice (not on the first render). When
  // the form set those fields itself (their defaults), the cleared choice is a default too.
  const shownFor = useRef(depKey);
  useEffect(() => {
    if (shownFor.current === depKey) return;
    shownFor.current = depKey;
    const byUser = isDirtyAny(control, setting.optionsDependOn);
    (byUser ? onChange : takeDefault)(isMulti ? [] : null);
  }, [depKey, isMulti, onChange, takeDefault, control, setting.optionsDependOn]);
  useEffect(
    () => () => {
      latest.current?.abort();
      setLoading(false);
    },
    [setLoading],
  );

  const emptyOption: SelectOption[] =
    !isMulti && !setting.isMandatory
      ? [{ value: EMPTY_OPTION_VALUE, label: SEARCH_SELECT_TEXT.emptyOption }]
      : [];

  const loadOptions = async (input: string): Promise<Options> => {
    latest.current?.abort();
    const request = new AbortController();
    latest.current = request;
    const search = input.trim();
    // The first page decides the default choice: the form waits for it (not for a search).
    setLoading(!search);
    try {
      if (search) await pause(SEARCH_DELAY_MS, request.signal);
      const page = await searchOptions({ search, values: depValues, signal: request.signal });
      setFailed(false);
      const options = page.items.map((item: DropdownItem) => ({
        value: item.id,
        label: item.label,
      }));
      remember(options);
      const first = options[0];
      if (!search && !isMulti && setting.isMandatory && first && isEmptyChoice(props.value))
        props.takeDefault(first.value);
      const all = search ? options : [...emptyOption, ...options];
      return page.total > options.length
        ? [{ label: SEARCH_SELECT_TEXT.more(options.length, page), options: all }]
        : all;
    } catch (error) {
      if (!request.signal.aborted) setFailed(true);
      throw error;
    } finally {
      if (latest.current === request) setLoading(false);
    }
  };

  const known = new Map((setting.dropdownData ?? []).map((i) => [String(i.id), i.label]));
  const option = (v: unknown): SelectOption => {
    const id = v as string | number;
    if (sameValue(id, EMPTY_OPTION_VALUE))
      return { value: id, label: SEARCH_SELECT_TEXT.emptyOption };
    return { value: id, label: seen.get(String(id)) ?? known.get(String(id)) ?? String(id) };
  };
  // The empty option (-1) shows as itself where the field offers it.
  const chosen = asList(props.value)
    .filter(
      (v) => !isEmptyChoice(v) || (emptyOption.length > 0 && sameValue(v, EMPTY_OPTION_VALUE)),
    )
    .map(option);

  const shown = chosen
    .filter((o) => !sameValue(o.value, EMPTY_OPTION_VALUE))
    .map((o) => o.label)
    .join(', ');
  const { setShownText } = props;
  useEffect(() => setShownText?.(shown), [setShownText, shown]);

  return (
    <AsyncSelect<SelectOption, boolean>
      {...SELECT_DEFAULTS}
      // A new key when the dependencies change: the first page and the cache start again.
      key={depKey}
      isMulti={isMulti}
      cacheOptions
      defaultOptions
      loadOptions={loadOptions}
      filterOption={null}
      noOptionsMessage={() => (failed ? SEARCH_SELECT_TEXT.failed : SEARCH_SELECT_TEXT.empty)}
      inputId={props.id}
      ref={(instance) => props.controlHandle(instance ? { focus: () => instance.focus() } : null)}
      name={setting.field}
      value={isMulti ? chosen : (chosen[0] ?? null)}
      placeholder={setting.placeholder ?? SELECT_DEFAULTS.placeholder}
      isDisabled={props.disabled}
      isClearable={false}
      styles={selectStyles(props.invalid)}
      aria-invalid={props.invalid || undefined}
      aria-errormessage={props.invalid ? props.errorId : undefined}
      onChange={(picked) => {
        const list = asList(picked) as SelectOption[];
        remember(list);
        onChange(isMulti ? list.map((o) => o.value) : (list[0]?.value ?? null));
      }}
      onBlur={props.onBlur}
    />
  );
}
