import type { FieldComponentProps } from './field-props';
import { StringField } from './string-field';

/** Email input; the 'Invalid email' rule lives in ../validation (trimmed local-part@domain). */
export function EmailField(props: FieldComponentProps) {
  return <StringField {...props} inputType="email" />;
}
