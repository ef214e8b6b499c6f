import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const dirs = ['src/core/forms', 'src/core/custom-data'];

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/** A static (non-type) import of a module, as opposed to import type or import(). */
const staticImport = (name: string) =>
  new RegExp(`^import (?!type )[^;]*from '${name}(/[^']*)?';`, 'm');

describe('heavy libraries stay in the lazily loaded fields', () => {
  const files = dirs.flatMap(sources);

  it.each([
    [
      'react-select',
      [
        'src/core/forms/fields/dropdown-field.tsx',
        'src/core/forms/fields/multi-dropdown-field.tsx',
        'src/core/forms/fields/search-select.tsx',
      ],
    ],
    ['react-datepicker', ['src/core/forms/fields/date-field.tsx']],
  ])('only the expected fields import %s', (library, allowed) => {
    const importers = files.filter((f) =>
      staticImport(library).test(readFileSync(join(root, f), 'utf8')),
    );
    expect(importers.map((f) => relative('.', f)).sort()).toEqual(allowed);
  });

  it('the registry loads those fields with import(), never statically', () => {
    const registry = readFileSync(join(root, 'src/core/forms/field-registry.tsx'), 'utf8');
    for (const lazyField of [
      'dropdown-field',
      'multi-dropdown-field',
      'user-field',
      'date-field',
    ]) {
      expect(registry).toContain(`import('./fields/${lazyField}')`);
      expect(registry).not.toMatch(new RegExp(`from './fields/${lazyField}'`));
    }
    // Nothing else in the engine imports a lazy field statically.
    for (const file of files.filter((f) => !f.includes('/fields/'))) {
      expect(readFileSync(join(root, file), 'utf8')).not.toMatch(
        /from '\.\/fields\/(dropdown|multi-dropdown|user|date)-field'/,
      );
    }
  });
});
