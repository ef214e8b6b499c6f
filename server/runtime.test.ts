import { readFileSync } from 'node:fs';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot, startStack, type RunningStack } from './resilience/stack';
import { nodeMajor, readyLine, requiredNodeMajor, runtimeWarning } from './runtime';

// Issue 19: the project runs and is tested on Node 24 LTS, also on a machine whose own Node is
// older (npm scripts take it from the optional node-linux-* dependency: docs/toolchain.md).

describe('the Node the project runs on', () => {
  it('engines.node and .nvmrc name the same major', () => {
    const nvmrc = readFileSync(`${repoRoot}/.nvmrc`, 'utf8').trim();
    expect(requiredNodeMajor()).toBe(24);
    expect(nvmrc).toBe(String(requiredNodeMajor()));
  });

  it('the tests run on a Node at least as new as the engines field', () => {
    // Fails when `npm test` (or vitest alone) runs on the machine's older Node.
    expect(nodeMajor(process.version)).toBeGreaterThanOrEqual(requiredNodeMajor());
    expect(runtimeWarning()).toBeNull();
  });

  it('an older Node gets a warning that says how to get the right one', () => {
    expect(runtimeWarning('v20.20.2')).toBe(
      "Node v20.20.2 is older than the project's Node 24 (package.json engines). " +
        'Start it through npm (npm start, npm run server), which puts Node 24 first on the ' +
        'PATH, or use the Node named in .nvmrc.',
    );
    expect(runtimeWarning('v24.0.0')).toBeNull();
    expect(runtimeWarning('v26.12.1')).toBeNull();
  });
});

describe('npm ci on the oldest Node npm may run on', () => {
  // npm checks each package's engines against its own Node (devEngines: >= 20.19), not the
  // Node 24 the scripts run on; a package that refuses it prints an EBADENGINE warning at every
  // `npm ci` (docs/toolchain.md, "Dependencies held for npm on Node 20").
  it('every package in the lockfile accepts it', () => {
    const read = (file: string) => JSON.parse(readFileSync(`${repoRoot}/${file}`, 'utf8'));
    const oldest = semver.minVersion(read('package.json').devEngines.runtime.version);
    expect(oldest?.version).toBe('20.19.0');
    const packages: Record<string, { engines?: { node?: string } }> =
      read('package-lock.json').packages;
    const refusing = Object.entries(packages).flatMap(([path, { engines }]) =>
      path !== '' && engines?.node && oldest && !semver.satisfies(oldest, engines.node)
        ? [`${path.replace(/^.*node_modules\//, '')} (${engines.node})`]
        : [],
    );
    expect(refusing).toEqual([]);
  });
});

describe('the local stack at start', () => {
  let stack: RunningStack | undefined;
  afterAll(async () => {
    await stack?.stop();
  });

  it('prints one readable line: where, on which Node, the demo password; no request logs', async () => {
    const port = await freePort();
    // No LOG_LEVEL: the stack's default, as `npm start` runs it.
    stack = await startStack({ port, dataDir: 'memory', demoScale: 0.1 });
    const running = stack;
    // Requests have been served (startStack waited for /health); one more, signed out.
    expect((await fetch(`http://127.0.0.1:${port}/crm/v1/Orgs/GetUserMetadata`)).status).toBe(401);
    await expect
      .poll(() => running.output(), { timeout: 5000 })
      .toContain(`on Node ${process.version}`);
    const lines = running.output().trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(
        /^Local stack ready in \d+ ms at http:\/\/localhost:\d+ on Node v2[4-9]\.\S+\. Demo accounts \(README\) sign in with the password demo\. Request logs: LOG_LEVEL=info\.$/,
      ),
    ]);
    // oidc-provider's own check warns on a Node it no longer supports: nothing of it, nor of
    // an older Node, nor a deprecation of Node or Fastify.
    expect(running.output()).not.toMatch(/Unsupported runtime|is older than the project|warning/i);
  }, 120_000);

  it('the ready line has no log hint where the request logs are on', () => {
    expect(
      readyLine({ publicUrl: 'https://stack.example', logLevel: 'info' }, 812, 'v24.21.0'),
    ).toBe(
      'Local stack ready in 812 ms at https://stack.example on Node v24.21.0. ' +
        'Demo accounts (README) sign in with the password demo.',
    );
  });
});
