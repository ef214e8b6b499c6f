/**
 * The filter row (SPEC §2, §5; issue 16): one control per column by its kind, producing a typed
 * FilterValue. Each control keeps its own text (typing re-renders only itself) and starts from
 * the table's value (the URL); the table remounts the row when the URL changes under it.
 * A value of the wrong type shows the field's error and sends nothing.
 */
import { useId, useState } from 'react';
import { MAX_FILTER_TEXT } from '@/contract/lists';
import {
  filterKindOf,
  inputFromYmd,
  optionLabel,
  optionValue,
  parseNumberInput,
  rangeOf,
  ymdFromInput,
  type FilterOption,
  type FilterValue,
} from './filter-values';
import { TABLE_TEXT } from './texts';
import type { ColumnSetting, RowRecord } from './types';

export type FilterChange = (id: string, value: FilterValue | null, immediate?: boolean) => void;

interface FilterProps<T extends RowRecord> {
  setting: ColumnSetting<T>;
  value: FilterValue | undefined;
  onChange: FilterChange;
}

/** A bound's text input, with its error under it (SPEC §8: small red text under the field). */
function BoundInput({
  label,
  placeholder,
  value,
  error,
  onChange,
  onSettle,
  numeric = false,
}: {
  numeric?: boolean;
  label: string;
  placeholder: string;
  value: string;
  error: string | null;
  onChange: (text: string) => void;
  onSettle?: () => void;
}) {
  const errorId = useId();
  return (
    <>
      <input
        type="text"
        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
        placeholder={placeholder}
        inputMode={numeric ? 'decimal' : undefined}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onSettle}
        onKeyDown={(event) => event.key === 'Enter' && onSettle?.()}
      />
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </>
  );
}

/** YYYY/MM/DD text typed to the end (two-digit day) that is no real day: worth an error. */
const looksLikeDate = (text: string) => /^\s*\d{4}\/\d{1,2}\/\d{2}\s*$/.test(text);

/**
 * SPEC §5 date range filter: YYYY/MM/DD, placeholders 'Y/M/D From' and 'Y/M/D To'; a start after
 * the end swaps them; invalid text clears that bound (the filter ignores it while typing, and the
 * text is cleared when the field is left).
 */
export function DateRangeFilter<T extends RowRecord>({ setting, value, onChange }: FilterProps<T>) {
  const range = value?.kind === 'date' ? value : undefined;
  const [fromText, setFromText] = useState(inputFromYmd(range?.from));
  const [toText, setToText] = useState(inputFromYmd(range?.to));

  const apply = (nextFrom: string, nextTo: string) => {
    const from = ymdFromInput(nextFrom) ?? undefined;
    const to = ymdFromInput(nextTo) ?? undefined;
    onChange(setting.id, rangeOf('date', from, to));
  };

  const settle = () => {
    let nextFrom = ymdFromInput(fromText) ? fromText.trim() : '';
    let nextTo = ymdFromInput(toText) ? toText.trim() : '';
    const from = ymdFromInput(nextFrom);
    const to = ymdFromInput(nextTo);
    if (from && to && from > to) [nextFrom, nextTo] = [nextTo, nextFrom];
    if (nextFrom !== fromText) setFromText(nextFrom);
    if (nextTo !== toText) setToText(nextTo);
  };
  const errorOf = (text: string) =>
    looksLikeDate(text) && !ymdFromInput(text) ? TABLE_TEXT.dateError : null;

  return (
    <div className="dt-date-range">
      <BoundInput
        label={`${setting.title} from (YYYY/MM/DD)`}
        placeholder="Y/M/D From"
        value={fromText}
        error={errorOf(fromText)}
        onChange={(text) => {
          setFromText(text);
          apply(text, toText);
        }}
        onSettle={settle}
      />
      <BoundInput
        label={`${setting.title} to (YYYY/MM/DD)`}
        placeholder="Y/M/D To"
        value={toText}
        error={errorOf(toText)}
        onChange={(text) => {
          setToText(text);
          apply(fromText, text);
        }}
        onSettle={settle}
      />
    </div>
  );
}

const numberText = (n: number | undefined) => (n === undefined ? '' : String(n));

/**
 * Number range filter: 'Min' and 'Max', either may be empty; a minimum above the maximum swaps
 * them. Text that is not a number shows 'Value must be a number' and sends nothing: the rows
 * stay as the last valid bounds left them.
 */
export function NumberRangeFilter<T extends RowRecord>({
  setting,
  value,
  onChange,
}: FilterProps<T>) {
  const range = value?.kind === 'number' ? value : undefined;
  const [minText, setMinText] = useState(numberText(range?.min));
  const [maxText, setMaxText] = useState(numberText(range?.max));
  const min = parseNumberInput(minText);
  const max = parseNumberInput(maxText);

  const apply = (nextMin: string, nextMax: string) => {
    const low = parseNumberInput(nextMin);
    const high = parseNumberInput(nextMax);
    if (low === 'invalid' || high === 'invalid') return;
    onChange(setting.id, rangeOf('number', low ?? undefined, high ?? undefined));
  };
  const settle = () => {
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      setMinText(maxText.trim());
      setMaxText(minText.trim());
    }
  };
  return (
    <div className="dt-number-range">
      <BoundInput
        label={`${setting.title} minimum`}
        placeholder="Min"
        numeric
        value={minText}
        error={min === 'invalid' ? TABLE_TEXT.numberError : null}
        onChange={(text) => {
          setMinText(text);
          apply(text, maxText);
        }}
        onSettle={settle}
      />
      <BoundInput
        label={`${setting.title} maximum`}
        placeholder="Max"
        numeric
        value={maxText}
        error={max === 'invalid' ? TABLE_TEXT.numberError : null}
        onChange={(text) => {
          setMaxText(text);
          apply(minText, text);
        }}
        onSettle={settle}
      />
    </div>
  );
}

function TextFilter<T extends RowRecord>({ setting, value, onChange }: FilterProps<T>) {
  const [text, setText] = useState(value?.kind === 'text' ? value.text : '');
  return (
    <input
      type="search"
      className="form-control form-control-sm"
      aria-label={`Filter ${setting.title}`}
      maxLength={MAX_FILTER_TEXT}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          setting.id,
          event.target.value ? { kind: 'text', text: event.target.value } : null,
        );
      }}
    />
  );
}

const TOGGLE_OPTIONS = [
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
];

/** A select of choices with 'All' first; a choice applies at once. */
function ChoiceFilter({
  title,
  options,
  chosen,
  onChoose,
}: {
  title: string;
  options: ReadonlyArray<FilterOption>;
  chosen: string;
  onChoose: (value: string) => void;
}) {
  // Wide enough for its longest choice (a 'ch' is a digit's width: one more for wider letters),
  // its padding and the arrow ('Suspended' read 'Suspenc'): a narrow column grows to fit it, up
  // to 8.5 rem (longer choices, the Audit log's, would widen the table past its screen).
  const longest = Math.max(3, ...options.map((option) => optionLabel(option).length));
  return (
    <select
      className="form-select form-select-sm"
      style={{ minWidth: `min(${String(longest + 1)}ch + 2.75rem, 8.5rem)` }}
      aria-label={`Filter ${title}`}
      value={chosen}
      onChange={(event) => onChoose(event.target.value)}
    >
      <option value="">All</option>
      {options.map((option) => (
        <option key={optionValue(option)} value={optionValue(option)}>
          {optionLabel(option)}
        </option>
      ))}
    </select>
  );
}

/** The filter-row control of a column, by its kind (SPEC §2, §5). */
export function ColumnFilter<T extends RowRecord>(props: FilterProps<T>) {
  const { setting, value, onChange } = props;
  switch (filterKindOf(setting as ColumnSetting<never>)) {
    case 'date':
      return <DateRangeFilter {...props} />;
    case 'number':
      return <NumberRangeFilter {...props} />;
    case 'text':
      return <TextFilter {...props} />;
    case 'boolean':
      return (
        <ChoiceFilter
          title={setting.title}
          options={TOGGLE_OPTIONS}
          chosen={value?.kind === 'boolean' ? (value.value ? 'on' : 'off') : ''}
          onChoose={(chosen) =>
            onChange(setting.id, chosen ? { kind: 'boolean', value: chosen === 'on' } : null, true)
          }
        />
      );
    case 'select':
      return (
        <ChoiceFilter
          title={setting.title}
          options={setting.filterOptions ?? []}
          chosen={value?.kind === 'select' ? value.value : ''}
          onChoose={(chosen) =>
            onChange(setting.id, chosen ? { kind: 'select', value: chosen } : null, true)
          }
        />
      );
    default:
      return null;
  }
}
