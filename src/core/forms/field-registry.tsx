import { lazy, type ComponentType } from 'react';
import { AttachmentsField } from './fields/attachments-field';
import { AvatarField } from './fields/avatar-field';
import { ButtonDropdownField } from './fields/button-dropdown-field';
import { CheckboxField } from './fields/checkbox-field';
import { EmailField } from './fields/email-field';
import type { FieldComponentProps } from './fields/field-props';
import { JsonDictionaryField } from './fields/json-dictionary-field';
import { MultiCheckboxField } from './fields/multi-checkbox-field';
import { NumberField } from './fields/number-field';
import { OfferingFeatureField } from './fields/offering-feature-field';
import { PasswordField } from './fields/password-field';
import { PositiveIntegerField } from './fields/positive-integer-field';
import { RadioButtonsField } from './fields/radio-buttons-field';
import { StringField } from './fields/string-field';
import { TextAreaField } from './fields/text-area-field';
import { TimeDifferenceField } from './fields/time-difference-field';
import { ToggleSwitchField } from './fields/toggle-switch-field';
import { UrlField } from './fields/url-field';
import type { FieldType } from './types';

// react-select and react-datepicker are heavy: only these lazily loaded fields import them, so a
// form without a select or a date never downloads them.
const DropdownField = lazy(() =>
  import('./fields/dropdown-field').then((m) => ({ default: m.DropdownField })),
);
const MultiDropdownField = lazy(() =>
  import('./fields/multi-dropdown-field').then((m) => ({ default: m.MultiDropdownField })),
);
const UserField = lazy(() => import('./fields/user-field').then((m) => ({ default: m.UserField })));
const DateField = lazy(() => import('./fields/date-field').then((m) => ({ default: m.DateField })));
const ExpiredDateField = lazy(() =>
  import('./fields/date-field').then((m) => ({ default: m.ExpiredDateField })),
);

/** How the engine labels a kind: a <label for>, a group caption, or the field's own inline label. */
export type LabelKind = 'for' | 'group' | 'inline';

export interface FieldKind {
  component: ComponentType<FieldComponentProps & { label: string; labelHidden: boolean }>;
  label: LabelKind;
  lazy?: boolean;
}

export const FIELD_KINDS: Record<FieldType, FieldKind> = {
  attachments: { component: AttachmentsField, label: 'for' },
  avatar: { component: AvatarField, label: 'for' },
  buttonDropdown: { component: ButtonDropdownField, label: 'for' },
  checkbox: { component: CheckboxField, label: 'inline' },
  multiCheckbox: { component: MultiCheckboxField, label: 'group' },
  offeringFeatureMultiCheckbox: { component: OfferingFeatureField, label: 'group' },
  date: { component: DateField, label: 'for', lazy: true },
  expiredDate: { component: ExpiredDateField, label: 'for', lazy: true },
  dropdown: { component: DropdownField, label: 'for', lazy: true },
  email: { component: EmailField, label: 'for' },
  multiDropdown: { component: MultiDropdownField, label: 'for', lazy: true },
  number: { component: NumberField, label: 'for' },
  password: { component: PasswordField, label: 'for' },
  positiveInteger: { component: PositiveIntegerField, label: 'for' },
  radioButtons: { component: RadioButtonsField, label: 'group' },
  string: { component: StringField, label: 'for' },
  textArea: { component: TextAreaField, label: 'for' },
  jsonDictionary: { component: JsonDictionaryField, label: 'group' },
  timeDifference: { component: TimeDifferenceField, label: 'group' },
  toggleSwitch: { component: ToggleSwitchField, label: 'inline' },
  url: { component: UrlField, label: 'for' },
  user: { component: UserField, label: 'for', lazy: true },
};
