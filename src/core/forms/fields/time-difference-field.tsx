import { msToParts, partsToMs, TimeParts } from '../time-parts';
import type { FieldComponentProps } from './field-props';

/** A duration in milliseconds, edited as hours, minutes, seconds and milliseconds. */
export function TimeDifferenceField(props: FieldComponentProps) {
  const ms = typeof props.value === 'number' ? props.value : Number(props.value ?? 0);
  return (
    <div role="group" aria-labelledby={`${props.id}-legend`} onBlur={props.onBlur}>
      <TimeParts
        id={props.id}
        value={msToParts(ms)}
        parts={props.setting.timeParts}
        disabled={props.disabled}
        describedBy={props.describedBy}
        onChange={(parts) => props.onChange(partsToMs(parts))}
      />
    </div>
  );
}
