import { useState } from 'react';
import { parseYmd } from '@/core/format';
import { filterKindOf, type DateRange } from './row-index';
import type { ColumnSetting, RowRecord } from './types';

interface FilterProps<T extends RowRecord> {
  setting: ColumnSetting<T>;
  onChange: (id: string, value: unknown) => void;
}

const endOfDay = (date: Date) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 999).getTime();

/**
 * SPEC §5 date range filter: YYYY/MM/DD, placeholders 'Y/M/D From' and 'Y/M/D To'; a start after
 * the end swaps them; invalid text clears that bound (the filter ignores it while typing, and the
 * text is cleared when the field is left).
 */
export function DateRangeFilter<T extends RowRecord>({ setting, onChange }: FilterProps<T>) {
  const [fromText, setFromText] = useState('');
  const [toText, setToText] = useState('');

  const apply = (nextFrom: string, nextTo: string) => {
    let from = parseYmd(nextFrom);
    let to = parseYmd(nextTo);
    if (from && to && from > to) [from, to] = [to, from];
    const range: DateRange = {
      from: from ? from.getTime() : undefined,
      to: to ? endOfDay(to) : undefined,
    };
    onChange(setting.id, range.from === undefined && range.to === undefined ? undefined : range);
  };

  const settle = () => {
    let nextFrom = parseYmd(fromText) ? fromText.trim() : '';
    let nextTo = parseYmd(toText) ? toText.trim() : '';
    const from = parseYmd(nextFrom);
    const to = parseYmd(nextTo);
    if (from && to && from > to) [nextFrom, nextTo] = [nextTo, nextFrom];
    if (nextFrom !== fromText) setFromText(nextFrom);
    if (nextTo !== toText) setToText(nextTo);
  };

  return (
    <div className="dt-date-range">
      <input
        type="text"
        className="form-control form-control-sm"
        placeholder="Y/M/D From"
        aria-label={`${setting.title} from (YYYY/MM/DD)`}
        value={fromText}
        onChange={(event) => {
          setFromText(event.target.value);
          apply(event.target.value, toText);
        }}
        onBlur={settle}
        onKeyDown={(event) => event.key === 'Enter' && settle()}
      />
      <input
        type="text"
        className="form-control form-control-sm"
        placeholder="Y/M/D To"
        aria-label={`${setting.title} to (YYYY/MM/DD)`}
        value={toText}
        onChange={(event) => {
          setToText(event.target.value);
          apply(fromText, event.target.value);
        }}
        onBlur={settle}
        onKeyDown={(event) => event.key === 'Enter' && settle()}
      />
    </div>
  );
}

/** The filter-row control of a column, by its type (SPEC §2, §5). */
export function ColumnFilter<T extends RowRecord>({ setting, onChange }: FilterProps<T>) {
  switch (filterKindOf(setting as ColumnSetting<never>)) {
    case 'date':
      return <DateRangeFilter setting={setting} onChange={onChange} />;
    case 'toggle':
      return (
        <select
          className="form-select form-select-sm"
          aria-label={`Filter ${setting.title}`}
          defaultValue=""
          onChange={(event) => onChange(setting.id, event.target.value || undefined)}
        >
          <option value="">All</option>
          <option value="on">On</option>
          <option value="off">Off</option>
        </select>
      );
    case 'text':
      return (
        <input
          type="search"
          className="form-control form-control-sm"
          aria-label={`Filter ${setting.title}`}
          onChange={(event) => onChange(setting.id, event.target.value || undefined)}
        />
      );
    default:
      return null;
  }
}
