// @vitest-environment node
import { existsSync, globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLogger, loadConfigFromFile } from 'vite';
import { describe, expect, it } from 'vitest';

// Issue 19 (install hygiene): every vite command printed "(!) Your Vite config uses features
// that are unsupported by `configLoader: 'native'`" (its relative imports had no extension).
const root = fileURLToPath(new URL('..', import.meta.url));
const env = { command: 'build', mode: 'development' } as const;

describe('vite.config.ts', () => {
  it('loads without the configLoader native warning', async () => {
    const warnings: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    const loaded = await loadConfigFromFile(env, 'vite.config.ts', root, 'warn', logger);
    expect(loaded?.path).toMatch(/vite\.config\.ts$/);
    expect(warnings).toEqual([]);
  });

  it('runs every unit file that replaces modules in a registry of its own (unit-fresh)', async () => {
    const { freshModuleTests } = await import('../vite.config');
    const mocking = globSync('tests/**/*.test.{ts,tsx}', { cwd: root }).filter(
      (file) =>
        file !== 'tests/vite-config.test.ts' && // names the calls it looks for
        /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(`${root}/${file}`, 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect(freshModuleTests).toEqual(expect.arrayContaining(mocking));
    for (const file of freshModuleTests) expect(existsSync(`${root}/${file}`), file).toBe(true);
  });

  it('builds the app of every server file that mocks a module from a fresh module graph', () => {
    // The server projects share modules between files (isolate: false): a vi.mock reaches
    // only what the file imports after vi.resetModules(), never a module an earlier file loaded.
    const mocking = globSync('server/**/*.test.ts', { cwd: root }).filter((file) =>
      /\bvi\.(mock|doMock)\(/.test(readFileSync(`${root}/${file}`, 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    for (const file of mocking)
      expect(readFileSync(`${root}/${file}`, 'utf8'), file).toMatch(
        /vi\.resetModules\(\);[\s\S]*await import\(/,
      );
  });
});
