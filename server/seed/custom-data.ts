import { d, insertMany, type SeedContext } from './context';

/** The organisations' custom data records, one of each SPEC §3 type. */
export async function seedOrgCustomData({ tx }: SeedContext) {
  // Org custom data (SPEC §3 types).
  await insertMany(
    tx,
    'org_custom_data',
    ['org_id', 'name', 'description', 'execution_priority', 'data'],
    [
      [
        1,
        'Maintenance notice',
        'Shown in the desktop apps before the upgrade weekend.',
        10,
        JSON.stringify({
          type: 'DatedMessage',
          afterDate: d(-5),
          beforeDate: d(25),
          translatedTitle: { en: 'Planned maintenance' },
          translatedMessage: {
            en: 'Cloud sync is offline on Saturday 14 June, 02:00-06:00 UTC.',
          },
        }),
      ],
      [
        1,
        'Minimum version',
        null,
        20,
        JSON.stringify({
          type: 'EnforceMinimumVersion',
          warningMinimumVersion: '25.03.01.1a2b3c',
          criticalMinimumVersion: '24.11.15.9f8e7d',
        }),
      ],
      [
        1,
        'Feature toggles',
        'Arbitrary settings read by the apps.',
        30,
        JSON.stringify({ enableBetaViewer: true, maxUploadMb: 20 }),
      ],
      [2, 'Site defaults', null, 1, JSON.stringify({ defaultUnits: 'metric' })],
    ],
  );
}
