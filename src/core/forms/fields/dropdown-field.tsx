import { useEffect } from 'react';
import Select from 'react-select';
import { EMPTY_OPTION_VALUE } from '../validation';
import type { DropdownItem } from '../types';
import type { FieldComponentProps } from './field-props';
import { SearchSelect } from './search-select';
import { SELECT_DEFAULTS, sameValue, selectStyles, type SelectOption } from './select-config';

/** The label of the empty option (value -1) of a non-mandatory dropdown. */
export const EMPTY_OPTION_LABEL = '—';

export function SingleSelect(
  props: FieldComponentProps & { items: readonly DropdownItem[]; withEmptyOption: boolean },
) {
  const { setting } = props;
  const options: SelectOption[] = [
    ...(props.withEmptyOption ? [{ value: EMPTY_OPTION_VALUE, label: EMPTY_OPTION_LABEL }] : []),
    ...props.items.map((i) => ({ value: i.id, label: i.label })),
  ];
  const selected = options.find((o) => sameValue(o.value, props.value)) ?? null;
  const shown = selected && !sameValue(selected.value, EMPTY_OPTION_VALUE) ? selected.label : '';
  const { setShownText } = props;
  useEffect(() => setShownText?.(shown), [setShownText, shown]);
  return (
    <Select<SelectOption, false>
      {...SELECT_DEFAULTS}
      inputId={props.id}
      ref={(instance) => props.controlHandle(instance ? { focus: () => instance.focus() } : null)}
      name={setting.field}
      options={options}
      value={selected}
      placeholder={setting.placeholder ?? SELECT_DEFAULTS.placeholder}
      isDisabled={props.disabled}
      isClearable={false}
      styles={selectStyles(props.invalid)}
      aria-invalid={props.invalid || undefined}
      aria-errormessage={props.invalid ? props.errorId : undefined}
      onChange={(option) => props.onChange(option ? option.value : null)}
      onBlur={props.onBlur}
    />
  );
}

/**
 * A single choice among dropdownData (react-select), or among options the server searches
 * (searchOptions). Non-mandatory adds an empty option (-1).
 */
export function DropdownField(props: FieldComponentProps) {
  if (props.setting.searchOptions) return <SearchSelect {...props} isMulti={false} />;
  return (
    <SingleSelect
      {...props}
      items={props.setting.dropdownData ?? []}
      withEmptyOption={!props.setting.isMandatory}
    />
  );
}
