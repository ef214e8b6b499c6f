import type { FieldComponentProps } from './field-props';

/** A checkbox whose value is 1 (checked) or 0; mandatory means it must equal 1 (SPEC §5). */
export function CheckboxField({
  controlHandle,
  ...props
}: FieldComponentProps & { label: string; labelHidden: boolean }) {
  const checked = props.value === 1 || props.value === true || props.value === '1';
  return (
    <div className="form-check">
      <input
        id={props.id}
        ref={controlHandle}
        type="checkbox"
        className={props.invalid ? 'form-check-input is-invalid' : 'form-check-input'}
        name={props.setting.field}
        checked={checked}
        disabled={props.disabled}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        aria-required={props.setting.isMandatory || undefined}
        onChange={(e) => props.onChange(e.target.checked ? 1 : 0)}
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
