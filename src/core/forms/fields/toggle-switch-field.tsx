import type { FieldComponentProps } from './field-props';

/** A Bootstrap switch; the value is a boolean. */
export function ToggleSwitchField({
  controlHandle,
  ...props
}: FieldComponentProps & { label: string; labelHidden: boolean }) {
  return (
    <div className="form-check form-switch">
      <input
        id={props.id}
        ref={controlHandle}
        type="checkbox"
        role="switch"
        className={props.invalid ? 'form-check-input is-invalid' : 'form-check-input'}
        name={props.setting.field}
        checked={props.value === true || props.value === 1}
        disabled={props.disabled}
        aria-checked={props.value === true || props.value === 1}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.checked)}
        onBlur={props.onBlur}
      />
      <label
        className={props.labelHidden ? 'visually-hidden' : 'form-check-label'}
        htmlFor={props.id}
      >
        {props.label}
      </label>
    </div>
  );
}
