import { controlAria, controlClass, type FieldComponentProps } from './field-props';

/** Numeric input; an empty box is null, otherwise a number. */
export function NumberField({ controlHandle, ...props }: FieldComponentProps) {
  const { setting } = props;
  const value = typeof props.value === 'number' && !Number.isNaN(props.value) ? props.value : '';
  return (
    <input
      {...controlAria(props)}
      ref={controlHandle}
      type="number"
      className={controlClass('form-control', props.invalid)}
      name={setting.field}
      value={typeof props.value === 'string' ? props.value : value}
      placeholder={setting.placeholder}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.value === '' ? null : Number(e.target.value))}
      onBlur={props.onBlur}
    />
  );
}
