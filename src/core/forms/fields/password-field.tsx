import { useState } from 'react';
import { asText, controlAria, controlClass, type FieldComponentProps } from './field-props';

/** Password input with a show/hide toggle (SPEC §5). */
export function PasswordField({ controlHandle, ...props }: FieldComponentProps) {
  const { setting } = props;
  const [shown, setShown] = useState(false);
  return (
    <div className="input-group has-validation">
      <input
        {...controlAria(props)}
        ref={controlHandle}
        type={shown ? 'text' : 'password'}
        className={controlClass('form-control', props.invalid)}
        name={setting.field}
        value={asText(props.value)}
        placeholder={setting.placeholder}
        autoComplete="new-password"
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-pressed={shown}
        aria-label={shown ? 'Hide password' : 'Show password'}
        aria-controls={props.id}
        disabled={props.disabled}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
