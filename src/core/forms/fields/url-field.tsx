import type { FieldComponentProps } from './field-props';
import { StringField } from './string-field';

/** URL input (http or https). */
export function UrlField(props: FieldComponentProps) {
  return <StringField {...props} inputType="url" />;
}
