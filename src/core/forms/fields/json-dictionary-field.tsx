import { useState } from 'react';
import { MAX_DICTIONARY_ENTRY_LENGTH, maxLengthMessage } from '@/contract/limits';
import type { FieldComponentProps } from './field-props';

/**
 * SPEC §5 / §9: dictionary keys and values are at most 100 characters each: a longer one is kept
 * as typed and marked, with the message under it (issue 17: maxlength cut pastes silently).
 */
export const DICTIONARY_MAX_LENGTH = MAX_DICTIONARY_ENTRY_LENGTH;

type Entry = readonly [string, string];

function toEntries(value: unknown, initial: Record<string, string> | undefined): Entry[] {
  const source =
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0
      ? (value as Record<string, unknown>)
      : (initial ?? {});
  return Object.entries(source).map(
    ([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as const,
  );
}

function toRecord(entries: readonly Entry[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of entries) out[k] = v;
  return out;
}

/**
 * A dictionary of text (e.g. language code → text). Starts from setting.initialData when empty
 * (SPEC §4). Rows are kept locally so that a half-typed or duplicate key is not lost.
 */
export function JsonDictionaryField(props: FieldComponentProps) {
  const { setting, disabled } = props;
  const [entries, setEntries] = useState<Entry[]>(() =>
    toEntries(props.value, setting.initialData),
  );
  const update = (next: Entry[]) => {
    setEntries(next);
    props.onChange(toRecord(next));
  };
  const label = setting.title ?? setting.field;
  const tooLong = (text: string) => text.length > DICTIONARY_MAX_LENGTH;
  const overId = `${props.id}-too-long`;
  const over = entries.some(([k, v]) => tooLong(k) || tooLong(v));
  return (
    <div role="group" aria-labelledby={`${props.id}-legend`} aria-describedby={props.describedBy}>
      {entries.map(([key, value], i) => (
        <div className="input-group mb-1" key={i}>
          <input
            id={i === 0 ? props.id : `${props.id}-key-${i}`}
            ref={i === 0 ? props.controlHandle : undefined}
            className={props.invalid || tooLong(key) ? 'form-control is-invalid' : 'form-control'}
            style={{ maxWidth: '8rem' }}
            aria-invalid={tooLong(key) || undefined}
            aria-label={`${label} key ${i + 1}`}
            value={key}
            disabled={disabled}
            onChange={(e) =>
              update(entries.map((en, j) => (j === i ? [e.target.value, en[1]] : en)))
            }
            onBlur={props.onBlur}
          />
          <input
            className={props.invalid || tooLong(value) ? 'form-control is-invalid' : 'form-control'}
            aria-invalid={tooLong(value) || undefined}
            aria-label={`${label} value ${i + 1}`}
            value={value}
            disabled={disabled}
            onChange={(e) =>
              update(entries.map((en, j) => (j === i ? [en[0], e.target.value] : en)))
            }
            onBlur={props.onBlur}
          />
          <button
            type="button"
            className="btn btn-outline-danger"
            aria-label={`Remove ${label} entry ${i + 1}`}
            disabled={disabled}
            onClick={() => update(entries.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      {over && !props.invalid && (
        <div id={overId} className="text-danger small">
          {maxLengthMessage(DICTIONARY_MAX_LENGTH)}
        </div>
      )}
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={disabled}
        aria-label={`Add entry to ${label}`}
        onClick={() => setEntries([...entries, ['', '']])}
      >
        Add entry
      </button>
    </div>
  );
}
