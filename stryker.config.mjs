// @ts-check
/**
 * Mutation testing (issue 20, docs/testing.md): `npm run test:mutation` runs every group below,
 * one Stryker run each; `MUTATION_GROUP=auth npm run test:mutation` runs one. Each group keeps
 * its own incremental file and report under bench/results/mutation/<group>/, so a run after a
 * small change re-tests only the mutants that change touched, and one group's run never drops
 * another's results.
 */
const groups = {
  storage: ['src/core/storage/**/*.ts'],
  lazy: ['src/core/lazy/**/*.ts'],
  permissions: ['src/core/permissions/**/*.ts'],
  org: ['src/core/org/**/*.ts', 'src/core/org/provider.tsx'],
  auth: ['src/core/auth/**/*.ts', 'src/core/auth/auth-provider.tsx'],
  api: ['src/core/api/**/*.ts'],
  'data-table': [
    'src/core/data-table/{selection,use-selection,row-index,values,filter-values,csv,csv-export,table-data,use-client-rows,use-table-rows,list-params}.ts',
  ],
  forms: [
    'src/core/forms/{validation,dates,calendar-date,contract-limits,initial-values,payload,server-errors,tags}.ts',
  ],
  'custom-data': [
    'src/core/custom-data/{codec,records-api}.ts',
    'src/core/custom-data/settings.tsx',
  ],
  server: [
    'server/auth/{access,passwords,secrets,tokens}.ts',
    'server/http/{envelope,errors,input,query,security,list,list-sql,bulk}.ts',
  ],
};

const group = process.env.MUTATION_GROUP ?? 'storage';
const files = groups[/** @type {keyof typeof groups} */ (group)];
if (!files) throw new Error(`MUTATION_GROUP must be one of ${Object.keys(groups).join(', ')}`);
const out = `bench/results/mutation/${group}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [
    ...files,
    // Type-only modules hold nothing a test could observe (barrels give no mutants anyway).
    '!**/types.ts',
    '!**/*.d.ts',
  ],
  // Only what the tests need goes into the sandbox: no build output, no e2e data or reports.
  ignorePatterns: [
    '.stryker-tmp',
    '.data',
    'dist',
    'test-results',
    'playwright-report',
    'blob-report',
    'coverage',
    'bench/results',
    'bench/peers',
    'e2e',
  ],
  // Only the mutated sources need their type checks disabled (declaration files do not parse).
  disableTypeChecks: '{src,server}/**/*.{ts,tsx}',
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: `${out}/stryker-incremental.json`,
  // More runners than cores: a runner of a unit group spends most of a killed mutant's time
  // waiting (a test waits up to testing-library's 10 s for what the mutant never shows), so
  // four still left the two cores half idle; eight there. The server group's runners compute
  // (PGlite): four keep the machine busy, six overloaded it and moved results (docs/testing.md).
  // Patience before calling a mutant a hang.
  concurrency: group === 'server' ? 4 : 8,
  timeoutMS: 20_000,
  timeoutFactor: 2.5,
  // A console call only logs: no user sees it, so mutating it or its text proves nothing.
  plugins: ['@stryker-mutator/vitest-runner', './scripts/stryker-console-ignorer.mjs'],
  ignorers: ['console'],
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: `${out}/index.html` },
  jsonReporter: { fileName: `${out}/mutation.json` },
  // One temp dir per group, so that two groups can run side by side.
  tempDirName: `.stryker-tmp/${group}`,
  cleanTempDir: true,
};
