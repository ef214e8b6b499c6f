import { mkdir } from 'node:fs/promises';
import { openPg } from './pg';
import { openPglite } from './pglite';
import type { Db } from './types';

export interface OpenDbOptions {
  /** postgres://... switches to a PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** PGlite folder; 'memory' keeps it in memory. */
  dataDir?: string | undefined;
  loadDataDir?: Blob | undefined;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPg(options.databaseUrl);
  if (!options.dataDir || options.dataDir === 'memory') {
    return openPglite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  await mkdir(options.dataDir, { recursive: true });
  return openPglite({
    dataDir: options.dataDir,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
}
