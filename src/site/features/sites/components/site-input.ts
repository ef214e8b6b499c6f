import type { SiteInput } from '@/contract/data/sites';
import type { FormValues } from '@/core/forms';

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Form values → the contract's input (-1, the empty option, means no subscription). */
export function toSiteInput(values: FormValues): SiteInput {
  const sub = Number(values.subscriptionId);
  return {
    name: text(values.name) ?? '',
    description: text(values.description),
    location: text(values.location),
    subscriptionId: Number.isInteger(sub) && sub > 0 ? sub : null,
  };
}
