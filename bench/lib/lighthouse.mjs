// Figure 2 with Lighthouse itself (performance category, desktop and mobile presets), from a
// bench-private install (bench/tools/lighthouse: lighthouse 12.8.2, the last major that runs on
// Node 20, with its lockfile; `npm ci` there on first use, nothing added to the project).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, round } from './util.mjs';

const dir = fileURLToPath(new URL('../tools/lighthouse', import.meta.url));
const cli = join(dir, 'node_modules/lighthouse/cli/index.js');

/** Installs Lighthouse into bench/tools/lighthouse when it is not there yet; returns its version. */
export function ensureLighthouse() {
  if (!existsSync(cli)) {
    const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`npm ci in ${dir} failed:\n${result.stderr}`);
  }
  return JSON.parse(readFileSync(join(dir, 'node_modules/lighthouse/package.json'), 'utf8'))
    .version;
}

/** One Lighthouse run of `url` with a preset ('desktop' or 'mobile', the default config). */
function runOnce(url, preset, chromePath, outFile) {
  const args = [
    cli,
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${outFile}`,
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run',
  ];
  if (preset === 'desktop') args.push('--preset=desktop');
  const result = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    env: { ...process.env, CHROME_PATH: chromePath },
    timeout: 180_000,
  });
  if (result.status !== 0) throw new Error(`lighthouse ${url} failed:\n${result.stderr}`);
  const report = JSON.parse(readFileSync(outFile, 'utf8'));
  rmSync(outFile, { force: true });
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
  const audit = (id) => report.audits[id]?.numericValue ?? null;
  return {
    score:
      report.categories.performance.score === null
        ? null
        : report.categories.performance.score * 100,
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcpMs: audit('first-contentful-paint'),
    speedIndexMs: audit('speed-index'),
  };
}

/** Medians of `runs` Lighthouse runs (after `warmups`) of a URL with a preset. */
export function lighthouse(url, preset, { runs, warmups, chromePath, tmpDir }) {
  const samples = [];
  for (let i = 0; i < warmups + runs; i++) {
    const sample = runOnce(url, preset, chromePath, join(tmpDir, `lighthouse-${process.pid}.json`));
    if (i >= warmups) samples.push(sample);
  }
  const med = (key) => median(samples.map((s) => s[key]));
  return {
    url,
    preset,
    score: round(med('score'), 0),
    lcpMs: round(med('lcpMs')),
    tbtMs: round(med('tbtMs')),
    cls: round(med('cls'), 4),
    fcpMs: round(med('fcpMs')),
    speedIndexMs: round(med('speedIndexMs')),
    runs: samples.map((s) => ({
      score: round(s.score, 0),
      lcpMs: round(s.lcpMs),
      tbtMs: round(s.tbtMs),
      cls: round(s.cls, 4),
    })),
  };
}
