import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './e2e/support/chromium';

/**
 * End-to-end tests: the built portals (vite preview on 5173/5174) against the real local
 * stack on 4000, started fresh (RESET=1) with small demo data, in the system Chromium.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // One retry keeps a busy machine's run green; every test that needed it is listed and counted
  // at the end (e2e/support/retry-reporter.ts) and `npm run e2e:stress` measures them: a flaky
  // test is a defect to fix, not a pass.
  retries: 1,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['./e2e/support/retry-reporter.ts'],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
  ],
  use: {
    browserName: 'chromium',
    // The dialogs open without their slide (Bootstrap drops its transitions under this media
    // query). With it, a click could be lost: for two or three frames the dialog waits at its
    // starting place, Playwright's stability check (two equal frames) passes, and by the mouse-up
    // the dialog has slid down (measured: a switch 16 px high at y 282 for three frames, then
    // 282 -> 332 in 300 ms), so the click ends outside the switch and changes nothing. A person
    // does not aim at a moving dialog; first-load-visual.spec.ts keeps the motion.
    reducedMotion: 'reduce',
    launchOptions: { executablePath: findChromium({ headlessShell: true }), args: chromiumArgs },
    // A failed test keeps its trace: actions, DOM snapshots, network and console. Not the
    // screencast: recording it cost every test about a third of its time on 2 cores (the
    // browser's compositor encoding frames), and the DOM snapshots show the same screens.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    // Each demo account signs in once through the provider's form; the specs reuse its session.
    { name: 'sessions', testMatch: /sessions\.setup\.ts$/ },
    { name: 'chromium', dependencies: ['sessions'] },
  ],
  webServer: [
    {
      command: 'node node_modules/tsx/dist/cli.mjs server/main.ts',
      url: 'http://localhost:4000/health',
      env: {
        RESET: '1',
        DATA_DIR: '.data/e2e',
        DEMO_SCALE: '0.2',
        // Zenith Licensing: more issued licences than the browser holds (e2e/lists-at-scale).
        LARGE_VENDOR_LICENCES: '7000',
        ACCESS_TOKEN_TTL: '120',
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command:
        'node node_modules/vite/bin/vite.js preview --mode development --port 5173 --strictPort',
      env: { PORTAL: 'org' },
      url: 'http://localhost:5173/index.org.html',
      reuseExistingServer: false,
    },
    {
      command:
        'node node_modules/vite/bin/vite.js preview --mode development --port 5174 --strictPort',
      env: { PORTAL: 'site' },
      url: 'http://localhost:5174/index.site.html',
      reuseExistingServer: false,
    },
  ],
});
