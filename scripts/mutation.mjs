// Runs Stryker over each module group of stryker.config.mjs, one after the other (docs/testing.md).
// `MUTATION_GROUP=auth npm run test:mutation` runs one group; `npm run test:mutation -- storage org`
// runs the groups named; MUTATION_IGNORE_STATIC=1 leaves static mutants out (docs/testing.md);
// `npm run test:mutation -- auth --concurrency 1 --mutate src/core/auth/settings.ts` passes
// the options after the groups to Stryker.
import { spawnSync } from 'node:child_process';

const all = [
  'storage',
  'lazy',
  'permissions',
  'org',
  'auth',
  'api',
  'data-table',
  'forms',
  'custom-data',
  'server',
];
// Group names first; from the first option on (`--concurrency 1`), everything goes to Stryker.
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('--'));
const asked = firstOption === -1 ? args : args.slice(0, firstOption);
const strykerOptions = firstOption === -1 ? [] : args.slice(firstOption);
const groups =
  asked.length > 0 ? asked : process.env.MUTATION_GROUP ? [process.env.MUTATION_GROUP] : all;
let failed = 0;
for (const group of groups) {
  console.log(`\n== mutation testing: ${group} ==`);
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/@stryker-mutator/core/bin/stryker.js',
      'run',
      'stryker.config.mjs',
      // Static mutants (a value built once at module load) run every test of the group each:
      // MUTATION_IGNORE_STATIC=1 leaves them out when a run must fit the time at hand.
      ...(process.env.MUTATION_IGNORE_STATIC ? ['--ignoreStatic'] : []),
      ...strykerOptions,
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, MUTATION_GROUP: group },
    },
  );
  if (run.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
