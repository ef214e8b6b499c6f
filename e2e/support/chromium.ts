import { existsSync } from 'node:fs';

/**
 * Test tools cannot download browsers on our machines: use the system Chromium
 * (Debian package `chromium`). CHROMIUM_PATH overrides the search.
 */
const candidates = ['/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser'];

export function findChromium(): string {
  const override = process.env.CHROMIUM_PATH;
  if (override) {
    if (!existsSync(override)) throw new Error(`CHROMIUM_PATH=${override} does not exist.`);
    return override;
  }
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      "No Chromium found for the end-to-end tests. Install Debian's package " +
        '(apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.',
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
