import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(process.cwd(), 'src');

/** The source files a module reaches through static (not type-only, not import()) imports. */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const imports = readFileSync(file, 'utf8').matchAll(
      /^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+['"]([^'"]+)['"]/gm,
    );
    for (const [, spec = ''] of imports) {
      const base = spec.startsWith('@/')
        ? join(src, spec.slice(2))
        : spec.startsWith('.')
          ? join(dirname(file), spec)
          : null;
      if (!base) continue; // a package
      const found = ['.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((ext) => base + ext)
        .find((path) => existsSync(path));
      if (found) visit(found);
    }
  };
  visit(entry);
  return seen;
}

describe("the site portal's signed-out landing (issue 17, first load on a phone)", () => {
  it('loads no site entity, data contract (schemas) or data table code: the list of sites comes with import() once signed in', () => {
    const reached = [...staticGraph(join(src, 'site/features/sites/route.tsx'))].map((file) =>
      relative(src, file),
    );
    expect(reached).toContain('core/ui/page.tsx');
    expect(
      reached.filter((file) => /^(site\/entities|contract\/data|core\/data-table)\//.test(file)),
    ).toEqual([]);
    expect(reached).not.toContain('site/features/sites/components/site-cards.tsx');
  });
});
