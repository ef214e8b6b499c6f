import type { DropdownItem, SearchOptions, UserItem } from './types';

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

/**
 * searchOptions that remember the label of every option they returned, so that the chosen id
 * can be named again (in a confirmation, a toast).
 */
export function withLabels(search: SearchOptions): {
  searchOptions: SearchOptions;
  labelOf: (id: unknown) => string | undefined;
} {
  const labels = new Map<string, string>();
  return {
    searchOptions: async (query) => {
      const page = await search(query);
      for (const item of page.items) labels.set(String(item.id), item.label);
      return page;
    },
    labelOf: (id) => labels.get(String(id)),
  };
}
