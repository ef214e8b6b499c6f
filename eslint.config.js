// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const portals = ['org', 'site'];

/** Sub-folders of a folder, read at lint time so a new feature or entity is covered automatically. */
function folders(root, ...path) {
  const dir = join(root, ...path);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
}

/**
 * The core modules and the core modules each may import (docs/architecture.md). The table is a
 * layering: what is not listed is refused, so no two core modules can import each other
 * (tests/lint/module-graph.test.ts checks the table and the sources for cycles). A module that
 * is not listed here may import no other core module.
 */
export const coreDependencies = {
  config: [],
  storage: [],
  format: [],
  // lazy: the toasts' code loads in idle time.
  notify: ['lazy'],
  files: [],
  lazy: [],
  routes: ['config'],
  errors: ['config', 'lazy'],
  api: ['config', 'errors', 'notify'],
  auth: ['api', 'config', 'errors', 'lazy', 'storage'],
  query: ['api'],
  // The basic components: nothing above them (the app's frame is core/shell).
  ui: ['api', 'config', 'errors', 'files', 'format', 'lazy', 'notify', 'routes', 'storage'],
  org: ['api', 'auth', 'query', 'storage', 'ui'],
  permissions: ['config', 'org', 'storage'],
  forms: ['api', 'format', 'ui'],
  'custom-data': ['api', 'data-table', 'forms', 'notify', 'query', 'ui'],
  // forms: a bulk action's input (a new expiry) is a FormEngine in the bulk dialog.
  'data-table': [
    'api',
    'files',
    'format',
    'forms',
    'lazy',
    'org',
    'permissions',
    'query',
    'storage',
    'ui',
  ],
  members: ['data-table', 'forms'],
  // A record's attachments as a data table with Download (issue 17).
  attachments: ['data-table', 'format'],
  // The audit trail's table and History (issue 18).
  audit: ['api', 'data-table', 'format', 'permissions', 'ui'],
  shell: [
    'api',
    'auth',
    'config',
    'errors',
    'format',
    'lazy',
    'notify',
    'org',
    'permissions',
    'query',
    'routes',
    'storage',
    'ui',
  ],
};

/** One zone per core module: every other core module it may not import. */
function coreZones(root) {
  const modules = folders(root, 'src', 'core');
  return modules.map((module) => {
    const allowed = new Set([module, ...(coreDependencies[module] ?? [])]);
    return {
      target: `./src/core/${module}`,
      from: modules.filter((other) => !allowed.has(other)).map((other) => `./src/core/${other}`),
      message: `core/${module} may import only ${[...allowed].filter((m) => m !== module).join(', ') || 'no other core module'} (coreDependencies in eslint.config.js).`,
    };
  });
}

/**
 * The import boundaries of ARCHITECTURE.md as import-x/no-restricted-paths zones:
 * contract ← core ← entities ← features ← app, a feature never imports another feature, an
 * entity never imports another entity, the portals never import each other, the core modules
 * keep their layers, and the portals and the local stack share only src/contract.
 */
export function boundaryZones(root) {
  const zones = [
    {
      target: './src/contract',
      from: ['./src/core', './src/org', './src/site', './server'],
      message: 'src/contract imports nothing of ours.',
    },
    {
      target: './src/core',
      from: ['./src/org', './src/site'],
      message: 'src/core knows nothing of a portal.',
    },
    {
      target: './src/org',
      from: './src/site',
      message: 'The two portals never import each other.',
    },
    {
      target: './src/site',
      from: './src/org',
      message: 'The two portals never import each other.',
    },
    { target: './src', from: './server', message: 'The portals never import the local stack.' },
    {
      target: './server',
      from: ['./src/core', './src/org', './src/site'],
      message: 'The local stack shares only src/contract with the portals.',
    },
  ];
  zones.push(...coreZones(root).filter((zone) => zone.from.length > 0));
  for (const portal of portals) {
    zones.push({
      target: `./src/${portal}/features`,
      from: `./src/${portal}/app`,
      message: 'Features never import the app layer; the app composes features.',
    });
    zones.push({
      target: `./src/${portal}/entities`,
      from: [`./src/${portal}/features`, `./src/${portal}/app`],
      message: 'Entities never import features or the app: features build on entities.',
    });
    for (const entity of folders(root, 'src', portal, 'entities')) {
      zones.push({
        target: `./src/${portal}/entities/${entity}`,
        from: `./src/${portal}/entities`,
        except: [`./${entity}`],
        message: 'An entity never imports another entity: compose them in a feature.',
      });
    }
    for (const feature of folders(root, 'src', portal, 'features')) {
      zones.push({
        target: `./src/${portal}/features/${feature}`,
        from: `./src/${portal}/features`,
        except: [`./${feature}`],
        message: 'A feature never imports another feature: compose them in the app layer.',
      });
    }
  }
  return zones;
}

export function createConfig(root) {
  return tseslint.config(
    {
      ignores: [
        'dist/**',
        'node_modules/**',
        '.data/**',
        'coverage/**',
        'test-results/**',
        'playwright-report/**',
        'bench/peers/**',
        'bench/results/**',
        '.stryker-tmp/**',
        'bench/**/dist/**',
        'bench/.build/**',
        'bench/.data/**',
        'tests/lint/fixtures/**',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.strict,
    {
      languageOptions: {
        ecmaVersion: 2023,
        globals: { ...globals.browser, ...globals.node },
        parserOptions: { projectService: true, tsconfigRootDir: root },
      },
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [
          createTypeScriptImportResolver({ project: join(root, 'tsconfig.json') }),
        ],
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones(root) }],
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        '@typescript-eslint/consistent-type-imports': 'error',
        '@typescript-eslint/no-floating-promises': 'error',
        '@typescript-eslint/no-misused-promises': [
          'error',
          { checksVoidReturn: { attributes: false } },
        ],
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      },
    },
    {
      files: ['src/**/*.tsx', 'tests/**/*.tsx'],
      plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
      rules: {
        ...reactHooks.configs.recommended.rules,
        ...jsxA11y.flatConfigs.recommended.rules,
      },
    },
    {
      // Issue 17: a navigation by code asks before unsaved changes are lost. Only the guard
      // itself, the auth provider (a session that has ended cannot wait for an answer) and the
      // organisation switch (which asks before it changes anything) hold react-router's own.
      files: ['src/**/*.ts', 'src/**/*.tsx'],
      ignores: [
        'src/core/ui/leave-guard.tsx',
        'src/core/auth/auth-provider.tsx',
        'src/core/org/use-org-selection.ts',
      ],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [
              {
                name: 'react-router-dom',
                importNames: ['useNavigate'],
                message:
                  'Use useGuardedNavigate (core/ui/leave-guard): it asks before unsaved changes are lost.',
              },
            ],
          },
        ],
      },
    },
    {
      files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
      ...tseslint.configs.disableTypeChecked,
    },
    {
      files: ['scripts/**', 'e2e/**', 'bench/**', 'server/**'],
      rules: { 'no-console': 'off' },
    },
  );
}

export default createConfig(import.meta.dirname);
