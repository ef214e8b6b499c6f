import { asText, controlAria, controlClass, type FieldComponentProps } from './field-props';

/** Text input; the value is reported on every change (SPEC §5 'Text field'). */
export function StringField({
  controlHandle,
  ...props
}: FieldComponentProps & { inputType?: 'text' | 'email' | 'url' }) {
  const { setting } = props;
  return (
    <input
      {...controlAria(props)}
      ref={controlHandle}
      type={props.inputType ?? 'text'}
      className={controlClass('form-control', props.invalid)}
      name={setting.field}
      value={asText(props.value)}
      placeholder={setting.placeholder}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.value)}
      onBlur={props.onBlur}
    />
  );
}
