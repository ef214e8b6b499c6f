import { userToItem } from '../options';
import type { FieldComponentProps } from './field-props';
import { SingleSelect } from './dropdown-field';

/** A user chosen by email (SPEC §3: a user item uses its email as option value and label). */
export function UserField(props: FieldComponentProps) {
  const { setting } = props;
  const items = setting.users ? setting.users.map(userToItem) : (setting.dropdownData ?? []);
  return <SingleSelect {...props} items={items} withEmptyOption={!setting.isMandatory} />;
}
