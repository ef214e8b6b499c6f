import { asText, controlAria, controlClass, type FieldComponentProps } from './field-props';

/**
 * A text box (so that '1.5' or 'abc' can be typed and answered with SPEC §5's messages); digits
 * are stored as a number, anything else as the typed text, which fails validation.
 */
export function PositiveIntegerField({ controlHandle, ...props }: FieldComponentProps) {
  const { setting } = props;
  return (
    <input
      {...controlAria(props)}
      ref={controlHandle}
      type="text"
      inputMode="numeric"
      className={controlClass('form-control', props.invalid)}
      name={setting.field}
      value={asText(props.value)}
      placeholder={setting.placeholder}
      maxLength={setting.maxLength}
      disabled={props.disabled}
      onChange={(e) => {
        const text = e.target.value;
        props.onChange(text === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : text);
      }}
      onBlur={props.onBlur}
    />
  );
}
