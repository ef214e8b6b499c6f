import type { SqlParam } from '../db/types';
import { d, insertMany, type SeedContext } from './context';
import { ACME_PRODUCTS, ACME_SERVICES, COBALT_SERVICES, type OfferingSeed } from './names';

export interface SeededOfferings {
  /** [id, org, kind, name, description, tags] */
  offerings: SqlParam[][];
  /** Offering id → its feature ids. */
  offeringFeatures: Map<number, number[]>;
}

/** Acme's products (1-8) and services (9-12), Cobalt's services (13-15), with features. */
export async function seedOfferings({ tx }: SeedContext): Promise<SeededOfferings> {
  // Offerings of Acme (1) and Cobalt (3).
  const offerings: SqlParam[][] = [];
  const features: SqlParam[][] = [];
  const offeringFeatures = new Map<number, number[]>();
  let offeringId = 0;
  let featureId = 0;
  const addOffering = (
    orgId: number,
    kind: 'product' | 'service',
    [name, desc, tags, feats]: OfferingSeed,
  ) => {
    offeringId += 1;
    offerings.push([offeringId, orgId, kind, name, desc, tags]);
    const ids: number[] = [];
    feats.forEach((f, i) => {
      featureId += 1;
      features.push([featureId, offeringId, f, i === 0]);
      ids.push(featureId);
    });
    offeringFeatures.set(offeringId, ids);
    return offeringId;
  };
  ACME_PRODUCTS.forEach((p) => addOffering(1, 'product', p)); // ids 1-8
  ACME_SERVICES.forEach((s) => addOffering(1, 'service', s)); // ids 9-12
  COBALT_SERVICES.forEach((s) => addOffering(3, 'service', s)); // ids 13-15
  await insertMany(
    tx,
    'offerings',
    ['id', 'org_id', 'kind', 'name', 'description', 'tags'],
    offerings,
  );
  await insertMany(
    tx,
    'offering_features',
    ['id', 'offering_id', 'name', 'default_value'],
    features,
  );
  await insertMany(
    tx,
    'offering_custom_data',
    ['offering_id', 'name', 'description', 'execution_priority', 'data'],
    [
      [
        1,
        'Release notes link',
        null,
        1,
        JSON.stringify({ url: 'https://example.com/blast-designer/notes' }),
      ],
      [
        1,
        'New version button',
        'Shown in the app header.',
        5,
        JSON.stringify({
          type: 'DatedButton',
          startDate: d(-30),
          endDate: d(60),
          iconBase64: '',
          caption: { en: "What's new" },
          message: { en: 'See what changed in 25.05' },
        }),
      ],
    ],
  );
  return { offerings, offeringFeatures };
}
