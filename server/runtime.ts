import { readFileSync } from 'node:fs';

/**
 * The Node the project runs on (docs/toolchain.md). package.json's `engines.node` (">=24") is
 * the one place that names it; npm scripts get that Node from the optional `node-linux-*`
 * dependency, whose `node` bin npm puts first on their PATH. A process started another way (the
 * machine's own `node` on a server/ file) may be older: the stack says so at start instead of
 * failing later in a way nobody connects to the version.
 */
const packageJson = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { engines?: { node?: string } };

/** The oldest supported major, from `engines.node` (">=24" -> 24). */
export function requiredNodeMajor(): number {
  const range = packageJson.engines?.node ?? '';
  const match = /^>=\s*(\d+)(?:\.\d+){0,2}$/.exec(range.trim());
  if (!match) throw new Error(`package.json engines.node is not of the form ">=N": "${range}"`);
  return Number(match[1]);
}

/** The major of a `process.version`-like string ("v24.21.0" -> 24). */
export function nodeMajor(version: string): number {
  return Number(/^v?(\d+)\./.exec(version)?.[1] ?? NaN);
}

/** A warning when `version` is older than the engines field, else null. */
export function runtimeWarning(version = process.version): string | null {
  const required = requiredNodeMajor();
  if (nodeMajor(version) >= required) return null;
  return (
    `Node ${version} is older than the project's Node ${required} (package.json engines). ` +
    `Start it through npm (npm start, npm run server), which puts Node ${required} first on ` +
    `the PATH, or use the Node named in .nvmrc.`
  );
}

/**
 * The line the stack prints when it answers (issue 19: one readable line per service of
 * `npm start`): where, on which Node, how to sign in (an empty database is seeded with the demo
 * accounts) and how to see the request logs.
 */
export function readyLine(
  config: { publicUrl: string; logLevel: string },
  startedInMs: number,
  version = process.version,
): string {
  return [
    `Local stack ready in ${startedInMs} ms at ${config.publicUrl} on Node ${version}.`,
    'Demo accounts (README) sign in with the password demo.',
    ...(config.logLevel === 'warn' ? ['Request logs: LOG_LEVEL=info.'] : []),
  ].join(' ');
}
