// Runs Stryker over each module group of stryker.config.mjs, one after the other (docs/testing.md).
// `MUTATION_GROUP=auth npm run test:mutation` runs one group; `npm run test:mutation -- storage org`
// runs the groups named.
import { spawnSync } from 'node:child_process';

const all = [
  'storage',
  'permissions',
  'org',
  'auth',
  'api',
  'data-table',
  'forms',
  'custom-data',
  'server',
];
const asked = process.argv.slice(2);
const groups =
  asked.length > 0 ? asked : process.env.MUTATION_GROUP ? [process.env.MUTATION_GROUP] : all;
let failed = 0;
for (const group of groups) {
  console.log(`\n== mutation testing: ${group} ==`);
  const run = spawnSync(
    process.execPath,
    ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', 'stryker.config.mjs'],
    {
      stdio: 'inherit',
      env: { ...process.env, MUTATION_GROUP: group },
    },
  );
  if (run.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
