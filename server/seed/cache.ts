import { createHash, randomUUID, type Hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Fresh starts (first start, RESET=1, npm run server:reset) load a cached, already seeded PGlite
 * tarball from .data/cache/ when one matches the migrations, the seed code, DEMO_SCALE and the
 * day (seed dates are relative to today): initialising a PGlite folder and seeding costs seconds,
 * loading the tarball well under one. The cache is written after a fresh seed.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Feeds a hash with what the seeded data is made of: the migrations and the seed's code (every
 * module of server/seed/, the .blst writer and reader, the blasts' facts), so that a changed
 * seeder never reuses old data.
 */
export async function hashSeedSources(h: Hash): Promise<void> {
  const migrations = path.join(root, 'db', 'migrations');
  for (const f of (await readdir(migrations)).sort())
    h.update(f).update(await readFile(path.join(migrations, f)));
  const seedDir = path.join(root, 'seed');
  const sources = (await readdir(seedDir))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.join(seedDir, f));
  for (const f of [
    ...sources,
    path.join(root, 'data', 'blst.ts'),
    path.join(root, 'data', 'facts.ts'),
  ])
    h.update(path.basename(f)).update(await readFile(f));
}

export async function seedCacheFile(
  scale: number,
  cacheDir = path.join('.data', 'cache'),
): Promise<string> {
  const h = createHash('sha256');
  await hashSeedSources(h);
  h.update(String(scale)).update(new Date().toISOString().slice(0, 10));
  return path.join(cacheDir, `seeded-s${scale}-${h.digest('hex').slice(0, 16)}.tar`);
}

export const isFreshPgliteDir = (dataDir: string) => !existsSync(path.join(dataDir, 'PG_VERSION'));

export async function readSeedCache(file: string): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(file)]);
  } catch {
    return undefined;
  }
}

export async function writeSeedCache(file: string, blob: Blob) {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  await writeFile(tmp, Buffer.from(await blob.arrayBuffer()));
  await rename(tmp, file);
  // Keep one tarball per scale: older ones (other day, other seed code) are dropped.
  const prefix = path.basename(file).replace(/[0-9a-f]{16}\.tar$/, '');
  for (const other of await readdir(path.dirname(file))) {
    if (other.startsWith(prefix) && other !== path.basename(file) && other.endsWith('.tar')) {
      await rm(path.join(path.dirname(file), other), { force: true });
    }
  }
}
