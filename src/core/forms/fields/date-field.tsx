import { useState } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import {
  browserMonthFirst,
  CALENDAR,
  fromStoredDate,
  isExpired,
  nextMultiple,
  nextRange,
  parseTypedDate,
  sameDay,
  toStoredDate,
  yearDropdownYears,
} from '../dates';
import { MESSAGES } from '../validation';
import type { FieldComponentProps } from './field-props';

const MONTHS = Array.from({ length: 12 }, (_, m) =>
  new Intl.DateTimeFormat(undefined, { month: 'long' }).format(new Date(2000, m, 1)),
);

interface HeaderProps {
  date: Date;
  changeYear: (year: number) => void;
  changeMonth: (month: number) => void;
  decreaseMonth: () => void;
  increaseMonth: () => void;
  prevMonthButtonDisabled: boolean;
  nextMonthButtonDisabled: boolean;
}

/** Month navigation, a month select and a year select from 100 years back to this year (SPEC §9). */
function CalendarHeader(p: HeaderProps) {
  const years = yearDropdownYears();
  if (!years.includes(p.date.getFullYear())) years.push(p.date.getFullYear());
  return (
    <div className="d-flex align-items-center justify-content-between gap-1 px-2 pb-1">
      <button
        type="button"
        className="btn btn-sm btn-light"
        aria-label="Previous month"
        disabled={p.prevMonthButtonDisabled}
        onClick={p.decreaseMonth}
      >
        ‹
      </button>
      <select
        className="form-select form-select-sm"
        aria-label="Month"
        value={p.date.getMonth()}
        onChange={(e) => p.changeMonth(Number(e.target.value))}
      >
        {MONTHS.map((name, m) => (
          <option key={name} value={m}>
            {name}
          </option>
        ))}
      </select>
      <select
        className="form-select form-select-sm"
        aria-label="Year"
        value={p.date.getFullYear()}
        onChange={(e) => p.changeYear(Number(e.target.value))}
      >
        {years
          .sort((a, b) => b - a)
          .map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
      </select>
      <button
        type="button"
        className="btn btn-sm btn-light"
        aria-label="Next month"
        disabled={p.nextMonthButtonDisabled}
        onClick={p.increaseMonth}
      >
        ›
      </button>
    </div>
  );
}

function isClearButton(target: EventTarget | undefined): boolean {
  return target instanceof Element && target.closest('.react-datepicker__close-icon') !== null;
}

function toDates(value: unknown): Date[] {
  return Array.isArray(value) ? value.map(fromStoredDate).filter((d): d is Date => d !== null) : [];
}

/**
 * The date field (SPEC §5): typed day/month/year text (month first in the US region) or a
 * calendar pick, stored as local midnight in a timestamp string; a clear button when enabled.
 * Typed text that is no date sets nothing, and stays as typed with the format to use as the
 * field's error; the form is not submitted meanwhile.
 * dateMode 'range' and 'multiple' apply the calendar rules of ../dates.
 */
export function DateField(props: FieldComponentProps & { expired?: boolean }) {
  const { setting, disabled, setProblem } = props;
  const monthFirst = browserMonthFirst();
  // Typed text that is no date (yet): kept in the input, never replaced by the stored value.
  const [typed, setTyped] = useState<string | null>(null);
  const format = setting.pickYear ? 'YYYY' : monthFirst ? 'MM/DD/YYYY' : 'DD/MM/YYYY';
  const isDisabledDay = setting.filterDate ? (d: Date) => !setting.filterDate?.(d) : undefined;
  const className = [
    'form-control',
    props.invalid ? 'is-invalid' : '',
    props.expired && isExpired(props.value) ? 'text-danger' : '',
  ]
    .filter(Boolean)
    .join(' ');

  const common = {
    id: props.id,
    name: setting.field,
    className,
    // react-datepicker's wrapper is inline-block: the input would sit beside its label, not
    // under it like every other field's (issue 17).
    wrapperClassName: 'd-block',
    disabled,
    placeholderText: setting.placeholder ?? format,
    dateFormat: setting.pickYear ? 'yyyy' : monthFirst ? 'MM/dd/yyyy' : 'dd/MM/yyyy',
    showYearPicker: setting.pickYear,
    isClearable: !disabled,
    clearButtonTitle: 'Clear date',
    ariaLabelClose: 'Clear date',
    fixedHeight: true,
    yearItemNumber: CALENDAR.yearPickerItems,
    calendarStartDay: CALENDAR.weekStartsOn,
    minDate: setting.minDate,
    maxDate: setting.maxDate,
    filterDate: setting.filterDate,
    'aria-invalid': props.invalid ? 'true' : undefined,
    'aria-describedby': props.describedBy,
    'aria-required': setting.isMandatory ? 'true' : undefined,
    renderCustomHeader: setting.pickYear
      ? undefined
      : (h: HeaderProps) => <CalendarHeader {...h} />,
    onBlur: props.onBlur,
    autoComplete: 'off',
  } as const;

  if (setting.dateMode === 'range') {
    const start = Array.isArray(props.value) ? fromStoredDate(props.value[0]) : null;
    const end = Array.isArray(props.value) ? fromStoredDate(props.value[1]) : null;
    return (
      <DatePicker
        {...common}
        selectsRange
        startDate={start}
        endDate={end}
        onChange={([s, e], event) => {
          if (event?.type === 'change') return;
          if (!s && !e) {
            props.onChange(null);
            return;
          }
          const clicked = e ?? s;
          if (!clicked) return;
          const [ns, ne] = nextRange([start, end], clicked, {
            minDays: setting.minDays,
            maxDays: setting.maxDays,
            excludeDisabled: setting.excludeDisabled,
            isDisabled: isDisabledDay,
          });
          props.onChange([toStoredDate(ns), ne ? toStoredDate(ne) : null]);
        }}
      />
    );
  }

  if (setting.dateMode === 'multiple') {
    const current = toDates(props.value);
    return (
      <DatePicker
        {...common}
        selectsMultiple
        selectedDates={current}
        openToDate={current[0]}
        shouldCloseOnSelect={false}
        onChange={(dates, event) => {
          if (event?.type === 'change') return;
          if (isClearButton(event?.target)) {
            props.onChange(null);
            return;
          }
          const next = dates ?? [];
          const clicked =
            next.find((d) => !current.some((c) => sameDay(c, d))) ??
            current.find((c) => !next.some((d) => sameDay(c, d)));
          if (!clicked) return;
          const result = nextMultiple(current, clicked, {
            min: setting.minSelections,
            max: setting.maxSelections,
            required: setting.isMandatory,
          });
          props.onChange(result.length ? result.map(toStoredDate) : null);
        }}
      />
    );
  }

  const settle = (text: string | null) => {
    setTyped(text);
    setProblem(text === null ? null : MESSAGES.notADate(format));
  };
  return (
    <DatePicker
      {...common}
      selected={fromStoredDate(props.value)}
      value={typed ?? undefined}
      onChangeRaw={(event) => {
        // SPEC §5: typed text is day/month/year (month first in the US), else nothing is set.
        const target = event?.target;
        if (event?.type !== 'change' || !(target instanceof HTMLInputElement)) return;
        const text = target.value;
        const year = /^\s*(\d{4})\s*$/.exec(text)?.[1];
        const parsed = setting.pickYear
          ? year
            ? new Date(Number(year), 0, 1)
            : null
          : parseTypedDate(text, monthFirst);
        if (parsed) {
          settle(null);
          props.onChange(toStoredDate(parsed));
        } else if (text.trim() === '') {
          // Text erased: the stored date (or none) shows again, as before any typing.
          settle(null);
        } else {
          // Said when the user leaves the field or presses Enter, not at every key of a date
          // being typed.
          setTyped(text);
        }
      }}
      onBlur={() => {
        if (typed !== null) settle(typed);
        props.onBlur();
      }}
      onKeyDown={(event) => {
        // Enter submits the form: the text must count before it does (a click on Submit
        // leaves the field first).
        if (event.key === 'Enter' && typed !== null) settle(typed);
      }}
      onChange={(date: Date | null, event?: { type: string }) => {
        // Typed text is handled by onChangeRaw with our parser; picks and the clear button land here.
        if (event?.type === 'change') return;
        settle(null);
        props.onChange(date ? toStoredDate(date) : null);
      }}
    />
  );
}

/** A date shown in red once it is past or equal to now (SPEC §4). */
export function ExpiredDateField(props: FieldComponentProps) {
  return <DateField {...props} expired />;
}
