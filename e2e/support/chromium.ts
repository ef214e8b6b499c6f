import { existsSync } from 'node:fs';

/**
 * Test tools cannot download browsers on our machines: the e2e tests use the system's Chromium
 * (Debian's packages). CHROMIUM_PATH overrides the search.
 *
 * - `headlessShell`: Debian's `chromium-headless-shell` when installed, the headless-only build
 *   Playwright itself runs headless tests in (no browser UI around the page; the suite's own
 *   browser: 6 % less time for the same specs, docs/testing.md), else `chromium`.
 * - Otherwise `chromium`, the browser as users have it (e2e/session.spec.ts's back/forward cache).
 */
const candidates = ['/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser'];
const headlessShells = [
  '/usr/bin/chromium-headless-shell',
  '/usr/lib/chromium/chromium-headless-shell',
];

export function findChromium({ headlessShell = false }: { headlessShell?: boolean } = {}): string {
  const override = process.env.CHROMIUM_PATH;
  if (override) {
    if (!existsSync(override)) throw new Error(`CHROMIUM_PATH=${override} does not exist.`);
    return override;
  }
  const found = [...(headlessShell ? headlessShells : []), ...candidates].find((path) =>
    existsSync(path),
  );
  if (!found) {
    throw new Error(
      "No Chromium found for the end-to-end tests. Install Debian's packages " +
        '(apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH to a Chromium ' +
        'binary.',
    );
  }
  return found;
}

/** Flags for headless Chromium on a machine with a closed network, running as root. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
