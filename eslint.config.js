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

/** Feature folders of a portal, read at lint time so a new feature is covered automatically. */
function features(root, portal) {
  const dir = join(root, 'src', portal, 'features');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
}

/**
 * The import boundaries of ARCHITECTURE.md as import-x/no-restricted-paths zones:
 * contract ← core ← features ← app, a feature never imports another feature, the portals
 * never import each other, and the portals and the local stack share only src/contract.
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
  for (const portal of portals) {
    zones.push({
      target: `./src/${portal}/features`,
      from: `./src/${portal}/app`,
      message: 'Features never import the app layer; the app composes features.',
    });
    for (const feature of features(root, portal)) {
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
