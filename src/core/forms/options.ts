import type { DropdownItem, UserItem } from './types';

/** SPEC §3: items with id and label, or id and name, become dropdown items. */
export function toDropdownItems(
  items: readonly ({ id: string | number } & ({ label: string } | { name: string }))[],
): DropdownItem[] {
  return items.map((item) => ({ id: item.id, label: 'label' in item ? item.label : item.name }));
}

/** SPEC §3: a user item uses its email as option value and label. */
export function userToItem(user: UserItem): DropdownItem {
  return { id: user.email, label: user.email };
}
