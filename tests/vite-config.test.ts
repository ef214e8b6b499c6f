// @vitest-environment node
import { spawn } from 'node:child_process';
import { existsSync, globSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
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

describe('npm start', () => {
  // Issue 19: one readable line per service when it is ready, not Vite's banner.
  it.each([
    ['dev:org', 'Organization Portal'],
    ['dev:site', 'Site Portal'],
  ])(
    '%s says where its portal opens, in one line',
    async (script, title) => {
      const command: string = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')).scripts[
        script
      ];
      const [assignment, bin, ...args] = command.split(' ');
      const [name = '', value = ''] = (assignment ?? '').split('=');
      expect(bin).toBe('vite');
      // Port 0: the kernel picks a free one, and the line says which.
      const child = spawn(
        process.execPath,
        ['node_modules/vite/bin/vite.js', ...args.map((arg) => (/^517\d$/.test(arg) ? '0' : arg))],
        { cwd: root, env: { ...process.env, [name]: value }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        await expect.poll(() => output, { timeout: 30_000 }).toContain(title);
        const port = Number(/localhost:(\d+)/.exec(output)?.[1]);
        // It answers (a plain connection: msw stands in for HTTP in this project), and what the
        // CLI prints after the line (Vite's banner, unless silenced) has had the time to arrive.
        await connected(port);
        expect(output.trim().split('\n')).toEqual([`${title}: http://localhost:${port}`]);
      } finally {
        child.kill();
      }
    },
    60_000,
  );
});

function connected(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, 'localhost', () => {
      socket.end();
      resolve();
    });
    socket.once('error', reject);
  });
}
