import type { DropdownItem } from '@/core/forms';
import { useOrgContext } from '@/core/org';
import { isSellable } from '@/org/entities/offerings/api';

export const OFFERING_TYPES = [
  { id: 'product', label: 'Product' },
  { id: 'service', label: 'Service' },
] as const satisfies readonly DropdownItem[];

/** The offering types the selected organisation may sell (SPEC §3 organisation flags). */
export function useSellableTypes(): readonly DropdownItem[] {
  const { org } = useOrgContext();
  const sellable = isSellable(org.permissions);
  return OFFERING_TYPES.filter((t) => sellable({ type: t.id }));
}
