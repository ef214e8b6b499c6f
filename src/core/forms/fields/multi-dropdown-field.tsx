import { useState } from 'react';
import Select from 'react-select';
import { addTag, normaliseTag, removedTags, tagLengthMessage, TAGS_REMOVED_WARNING } from '../tags';
import type { FieldComponentProps } from './field-props';
import { SearchSelect } from './search-select';
import { SELECT_DEFAULTS, sameValue, selectStyles, type SelectOption } from './select-config';

function asList(value: unknown): (string | number)[] {
  return Array.isArray(value)
    ? value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    : [];
}

/**
 * Several choices among dropdownData; the value is the array of chosen ids. With allowAdd, typed
 * text is a tag (SPEC §5): lowercased, semicolons removed, trimmed; Enter or Space adds it unless
 * present. A tag over 30 characters is kept in the input with an error under it, never cut. Tags removed from the initial value are listed in a warning.
 */
export function MultiDropdownField(props: FieldComponentProps) {
  if (props.setting.searchOptions && !props.setting.allowAdd)
    return <SearchSelect {...props} isMulti />;
  return <ChoicesField {...props} />;
}

function ChoicesField(props: FieldComponentProps) {
  const { setting } = props;
  const selected = asList(props.value);
  const [initial] = useState(() => selected.map(String));
  const [input, setInput] = useState('');
  const items = setting.dropdownData ?? [];
  const options: SelectOption[] = items.map((i) => ({ value: i.id, label: i.label }));
  // Typed tags are not among dropdownData: they are their own label.
  const extra = selected
    .filter((v) => !options.some((o) => sameValue(o.value, v)))
    .map((v) => ({ value: v, label: String(v) }));
  const allOptions = [...options, ...extra];
  const value = selected.map(
    (v) => allOptions.find((o) => sameValue(o.value, v)) ?? { value: v, label: String(v) },
  );
  const removed =
    (setting.warnOnRemove ?? setting.allowAdd) ? removedTags(initial, selected.map(String)) : [];
  const warningId = `${props.id}-removed`;
  const tooLong = setting.allowAdd ? tagLengthMessage(input) : undefined;
  const tooLongId = `${props.id}-tag-length`;

  return (
    <>
      <Select<SelectOption, true>
        {...SELECT_DEFAULTS}
        isMulti
        inputId={props.id}
        ref={(instance) => props.controlHandle(instance ? { focus: () => instance.focus() } : null)}
        name={setting.field}
        options={allOptions}
        value={value}
        placeholder={setting.placeholder ?? SELECT_DEFAULTS.placeholder}
        isDisabled={props.disabled}
        styles={selectStyles(props.invalid)}
        aria-invalid={props.invalid || Boolean(tooLong) || undefined}
        aria-errormessage={tooLong ? tooLongId : props.invalid ? props.errorId : undefined}
        inputValue={setting.allowAdd ? input : undefined}
        onInputChange={(text, meta) => {
          if (!setting.allowAdd) return text;
          if (meta.action === 'input-change') {
            const next = normaliseTag(text);
            setInput(next);
            return next;
          }
          if (meta.action === 'menu-close' || meta.action === 'input-blur') return input;
          setInput('');
          return '';
        }}
        onKeyDown={(e) => {
          if (!setting.allowAdd || (e.key !== 'Enter' && e.key !== ' ')) return;
          if (input === '') return;
          e.preventDefault();
          if (tooLong) return;
          const next = addTag(selected.map(String), input);
          if (next.length !== selected.length)
            props.onChange([...selected, ...next.slice(selected.length)]);
          setInput('');
        }}
        onChange={(options) => props.onChange(options.map((o) => o.value))}
        onBlur={props.onBlur}
      />
      {tooLong && (
        <div id={tooLongId} className="text-danger small">
          {tooLong}
        </div>
      )}
      {removed.length > 0 && (
        <div id={warningId} className="alert alert-warning py-1 px-2 mt-1 mb-0 small" role="status">
          {TAGS_REMOVED_WARNING} {removed.join(', ')}
        </div>
      )}
    </>
  );
}
