import { addDays, BASE, insertMany, type SeedContext } from './context';

/** Node libraries: organisation-wide and site-scoped. */
export async function seedNodeLibraries({ tx, r }: SeedContext) {
  // A jsonb column takes the value itself (insertMany sends the rows as JSON).
  const nodes = (names: string[]) =>
    names.map((name, i) => ({ id: i + 1, name, type: r.pick(['input', 'calc', 'output']) }));
  await insertMany(
    tx,
    'node_libraries',
    ['org_id', 'site_id', 'name', 'version', 'description', 'nodes', 'updated_at'],
    [
      [
        2,
        null,
        'Borealis Standard Nodes',
        '2.3.0',
        'Shared calculation nodes for every Borealis site.',
        nodes(['Powder factor', 'Burden check', 'Stemming length', 'Vibration PPV']),
        addDays(BASE, -20),
      ],
      [
        2,
        1,
        'North Pit Nodes',
        '1.1.0',
        'Local nodes for the granite benches.',
        nodes(['Granite density', 'Face angle']),
        addDays(BASE, -5),
      ],
      [2, 2, 'South Pit Nodes', '0.9.2', null, nodes(['Limestone density']), addDays(BASE, -8)],
      [
        1,
        null,
        'Acme Reference Library',
        '5.0.1',
        'Reference nodes shipped with Blast Designer.',
        nodes(['Kuz-Ram', 'Swebrec', 'Timing spread', 'Air overpressure', 'Flyrock range']),
        addDays(BASE, -30),
      ],
      [
        1,
        5,
        'Test Range Experiments',
        '0.1.0',
        'Experimental nodes.',
        nodes(['Prototype decking']),
        addDays(BASE, -1),
      ],
    ],
  );
}
