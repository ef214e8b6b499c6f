// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** A tiny dist/ whose org entry eagerly imports a shared chunk and lazily a route chunk. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'budget-'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  const noise = (n: number) => Array.from({ length: n }, (_, i) => `v${i * 7919}`).join(';');
  writeFileSync(join(dir, 'assets/org.js'), noise(2000));
  writeFileSync(join(dir, 'assets/shared.js'), noise(4000));
  writeFileSync(join(dir, 'assets/route.js'), noise(50000));
  writeFileSync(join(dir, 'assets/site.js'), 'x');
  writeFileSync(join(dir, 'assets/app.css'), 'body{}');
  writeFileSync(
    join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'index.org.html': {
        file: 'assets/org.js',
        imports: ['_shared'],
        dynamicImports: ['route'],
        css: ['assets/app.css'],
      },
      'index.site.html': { file: 'assets/site.js' },
      _shared: { file: 'assets/shared.js' },
      route: { file: 'assets/route.js', isDynamicEntry: true },
    }),
  );
  return dir;
}

function runBudget(dist: string, jsLimit: number): { code: number; out: string } {
  const budget = join(dist, 'budget.json');
  const limits = { firstLoadJsGzipBytes: jsLimit, firstLoadCssGzipBytes: 1000 };
  writeFileSync(budget, JSON.stringify({ org: limits, site: limits }));
  try {
    const out = execFileSync('node', ['scripts/check-budget.mjs', dist, budget], {
      encoding: 'utf8',
    });
    return { code: 0, out };
  } catch (error) {
    const e = error as { status: number; stdout: string };
    return { code: e.status, out: e.stdout };
  }
}

describe('bundle budget check', () => {
  it('passes within the budget, counting eager imports but not lazy routes', () => {
    const result = runBudget(fakeDist(), 40_000);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^ok {3}org first-load JS/m);
  });

  it('fails when a portal exceeds its budget', () => {
    const result = runBudget(fakeDist(), 500);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^OVER org first-load JS/m);
  });
});
