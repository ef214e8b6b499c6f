import { asText, controlAria, controlClass, type FieldComponentProps } from './field-props';

export function TextAreaField({ controlHandle, ...props }: FieldComponentProps) {
  const { setting } = props;
  return (
    <textarea
      {...controlAria(props)}
      ref={controlHandle}
      className={controlClass('form-control', props.invalid)}
      name={setting.field}
      rows={setting.rows ?? 3}
      value={asText(props.value)}
      placeholder={setting.placeholder}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.value)}
      onBlur={props.onBlur}
    />
  );
}
