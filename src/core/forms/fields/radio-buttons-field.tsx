import type { FieldComponentProps } from './field-props';
import { sameValue } from './select-config';

/** One radio per dropdownData item; the value is the chosen item's id. */
export function RadioButtonsField(props: FieldComponentProps) {
  const items = props.setting.dropdownData ?? [];
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${props.id}-legend`}
      aria-describedby={props.describedBy}
    >
      {items.map((item, i) => {
        const optionId = `${props.id}-${i}`;
        return (
          <div className="form-check" key={String(item.id)}>
            <input
              id={optionId}
              ref={i === 0 ? props.controlHandle : undefined}
              type="radio"
              className={props.invalid ? 'form-check-input is-invalid' : 'form-check-input'}
              name={props.setting.field}
              value={String(item.id)}
              checked={sameValue(props.value, item.id)}
              disabled={props.disabled}
              onChange={() => props.onChange(item.id)}
              onBlur={props.onBlur}
            />
            <label className="form-check-label" htmlFor={optionId}>
              {item.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
