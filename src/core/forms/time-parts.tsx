import { useCallback, useId } from 'react';
import { useHoldRepeat } from './use-hold-repeat';

/** SPEC §9: hours 0-23, minutes and seconds 0-59, milliseconds 0-999. */
export const TIME_PART_LIMITS = {
  hours: { max: 23, label: 'Hours' },
  minutes: { max: 59, label: 'Minutes' },
  seconds: { max: 59, label: 'Seconds' },
  milliseconds: { max: 999, label: 'Milliseconds' },
} as const;

export type TimePart = keyof typeof TIME_PART_LIMITS;
export type TimePartsValue = Record<TimePart, number>;

export const ALL_TIME_PARTS: readonly TimePart[] = ['hours', 'minutes', 'seconds', 'milliseconds'];

export function clampPart(part: TimePart, value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(TIME_PART_LIMITS[part].max, Math.max(0, Math.trunc(value)));
}

export function msToParts(ms: number): TimePartsValue {
  const total = Math.max(0, Math.trunc(Number.isFinite(ms) ? ms : 0));
  return {
    hours: Math.min(23, Math.floor(total / 3_600_000)),
    minutes: Math.floor(total / 60_000) % 60,
    seconds: Math.floor(total / 1000) % 60,
    milliseconds: total % 1000,
  };
}

export function partsToMs(p: TimePartsValue): number {
  return ((p.hours * 60 + p.minutes) * 60 + p.seconds) * 1000 + p.milliseconds;
}

function Counter(props: {
  part: TimePart;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
  describedBy: string | undefined;
  inputId: string;
}) {
  const { part, value, onChange } = props;
  const { label } = TIME_PART_LIMITS[part];
  const down = useHoldRepeat(
    useCallback(() => onChange(clampPart(part, value - 1)), [onChange, part, value]),
  );
  const up = useHoldRepeat(
    useCallback(() => onChange(clampPart(part, value + 1)), [onChange, part, value]),
  );
  return (
    <div className="d-flex flex-column align-items-center">
      <label className="form-label small mb-1" htmlFor={props.inputId}>
        {label}
      </label>
      <div
        className="input-group input-group-sm"
        style={{ width: part === 'milliseconds' ? '9rem' : '7.5rem' }}
      >
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label={`Decrease ${label}`}
          disabled={props.disabled || value <= 0}
          {...down}
        >
          −
        </button>
        <input
          id={props.inputId}
          type="number"
          className="form-control text-center"
          min={0}
          max={TIME_PART_LIMITS[part].max}
          value={value}
          disabled={props.disabled}
          aria-describedby={props.describedBy}
          onChange={(e) => onChange(clampPart(part, Number(e.target.value)))}
        />
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label={`Increase ${label}`}
          disabled={props.disabled || value >= TIME_PART_LIMITS[part].max}
          {...up}
        >
          +
        </button>
      </div>
    </div>
  );
}

export interface TimePartsProps {
  value: TimePartsValue;
  onChange: (value: TimePartsValue) => void;
  parts?: readonly TimePart[];
  disabled?: boolean;
  /** id of the first counter's input (for an outer label). */
  id?: string;
  describedBy?: string;
}

/** Counters for hours, minutes, seconds and milliseconds, each with hold-to-repeat buttons. */
export function TimeParts({
  value,
  onChange,
  parts = ALL_TIME_PARTS,
  disabled = false,
  id,
  describedBy,
}: TimePartsProps) {
  const fallbackId = useId();
  const baseId = id ?? fallbackId;
  return (
    <div className="d-flex flex-wrap gap-2">
      {parts.map((part, i) => (
        <Counter
          key={part}
          part={part}
          inputId={i === 0 ? baseId : `${baseId}-${part}`}
          value={value[part]}
          disabled={disabled}
          describedBy={describedBy}
          onChange={(v) => onChange({ ...value, [part]: v })}
        />
      ))}
    </div>
  );
}
