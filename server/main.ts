import { rm } from 'node:fs/promises';
import { buildApp } from './app';
import { loadConfig } from './config';
import { readyLine, runtimeWarning } from './runtime';

const config = loadConfig();
if (process.env.RESET === '1' && !config.databaseUrl && config.dataDir !== 'memory') {
  // RESET=1: start from a fresh database (e2e runs use DATA_DIR=.data/e2e).
  await rm(config.dataDir, { recursive: true, force: true });
}
const started = Date.now();
const app = await buildApp({ logger: true });
await app.listen({ port: config.port, host: config.host });
// One readable line, whatever LOG_LEVEL (issue 19): where it answers, the Node it really runs on
// (npm scripts put the project's Node first on PATH), how to sign in and see request logs.
console.log(readyLine(config, Date.now() - started));
const olderNode = runtimeWarning();
if (olderNode) console.warn(olderNode);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: closing (database flushed before exit)`);
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error(error);
    process.exit(1);
  }
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
