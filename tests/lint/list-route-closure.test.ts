// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 16, first rows on a phone: a list screen evaluates only what its first rows need. Forms
 * in modals, confirm and bulk-action dialogs load when the user opens one (core/lazy), so
 * no list route reaches them through static imports (what the bundler puts before the route).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const src = join(root, 'src');

/** Modules only a user action needs: none is statically reachable from a list route. */
const ACTION_ONLY = [
  'node_modules/react-hook-form',
  'src/core/forms/form-engine.tsx',
  'src/core/forms/form-modal.tsx',
  'src/core/ui/modal.tsx',
  'src/core/ui/confirm-modal.tsx',
  'src/core/data-table/bulk-dialog.tsx',
];
const DATA_TABLE = 'src/core/data-table/data-table.tsx';
/**
 * Not list screens: a record's details page (its Edit and Delete forms still load with it: not
 * done yet) and Edit Organization, whose form is the page itself.
 */
const NOT_LIST_SCREENS = [
  'src/org/features/customer-subs/details-route.tsx',
  'src/org/features/edit-org/route.tsx',
  'src/org/features/offerings/product-route.tsx',
  'src/org/features/offerings/service-route.tsx',
  'src/site/features/blasts/details-route.tsx',
  'src/site/features/node-libraries/details-route.tsx',
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** The value imports of a file: `import type` and `export type` erase, `import()` is lazy. */
function staticSpecifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(
    /^(?:import|export)\s+(?!type\s)([^'";]*?from\s+)?['"]([^'"]+)['"]/gm,
  )) {
    if (m[2]) found.push(m[2]);
  }
  return found;
}

function resolveFile(base: string): string | null {
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The route's static closure as repository paths, with the chain that reached each module. */
function closure(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>([[entry, [entry]]]);
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    const chain = reached.get(file) ?? [];
    if (!/\.tsx?$/.test(file)) continue;
    for (const spec of staticSpecifiers(readFileSync(join(root, file), 'utf8'))) {
      let target: string | null;
      if (spec.startsWith('@/')) target = resolveFile(join(src, spec.slice(2)));
      else if (spec.startsWith('.')) target = resolveFile(resolve(root, dirname(file), spec));
      else
        target = join(
          root,
          'node_modules',
          spec.startsWith('@')
            ? spec.split('/').slice(0, 2).join('/')
            : (spec.split('/')[0] ?? spec),
        );
      if (!target) continue;
      const rel = relative(root, target);
      if (reached.has(rel)) continue;
      reached.set(rel, [...chain, rel]);
      if (!rel.startsWith('node_modules')) stack.push(rel);
    }
  }
  return reached;
}

const routes = ['org', 'site'].flatMap((portal) =>
  files(join(src, portal, 'features'))
    .map((path) => relative(root, path))
    .filter((path) => /(^|[/-])route\.tsx$/.test(path)),
);

describe('list routes load their dialogs on demand (issue 16)', () => {
  const listRoutes = routes.filter(
    (route) => !NOT_LIST_SCREENS.includes(route) && closure(route).has(DATA_TABLE),
  );

  it('finds the list routes of both portals', () => {
    expect(listRoutes).toContain('src/org/features/issued-licences/route.tsx');
    expect(listRoutes).toContain('src/site/features/sites/admin-route.tsx');
    expect(listRoutes.length).toBeGreaterThan(15);
  });

  it.each(listRoutes)('%s reaches no form, modal or dialog statically', (route) => {
    const reached = closure(route);
    const eager = ACTION_ONLY.flatMap((module) => {
      const chain = reached.get(module);
      return chain ? [chain.join(' → ')] : [];
    });
    expect(eager).toEqual([]);
  });
});
