import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  hasPostgres,
  mintTokens,
  PG_BIN,
  startStack,
  startTempPostgres,
  type RunningStack,
  type TempPostgres,
} from './stack';

/**
 * Durability under a crash (issue 11, "Faults and load"; docs/resilience.md): a bounded burst of
 * concurrent writes against the real server process, SIGKILL in the middle, restart on the same
 * database: every write that was acknowledged (2xx received) is there, exactly once and intact,
 * and the database opens cleanly and takes new writes.
 *
 * Variants: PGlite in DATA_DIR (the default storage) and, when the PostgreSQL binaries exist,
 * DATABASE_URL with a throw-away cluster that is crashed too (pg_ctl stop -m immediate).
 */
const ROUNDS = Number(process.env.RESILIENCE_KILL_ROUNDS ?? 1);
const WRITERS = 12;
/** The kill comes once this many writes were acknowledged (or after KILL_AFTER_MS). */
const KILL_AFTER_ACKS = 150;
const KILL_AFTER_MS = 4000;
const MAX_WRITES_PER_ROUND = 2000;

const dirs: string[] = [];
const stacks: RunningStack[] = [];
let postgres: TempPostgres | undefined;
afterAll(async () => {
  for (const s of stacks) await s.kill().catch(() => undefined);
  await postgres?.destroy();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

interface Written {
  name: string;
  data: string;
  id: number;
}

interface BurstResult {
  acknowledged: Written[];
  attempted: Set<string>;
  failed: number;
}

/** WRITERS concurrent loops of POST /crm/v1/orgs/1/custom-data; SIGKILL once enough are acked. */
async function burstAndKill(stack: RunningStack, token: string, round: number) {
  const acknowledged: Written[] = [];
  const attempted = new Set<string>();
  let failed = 0;
  let killed = false;
  let sent = 0;
  const started = Date.now();
  const kill = async () => {
    if (killed) return;
    killed = true;
    await stack.kill();
  };
  const timer = setTimeout(() => void kill(), KILL_AFTER_MS);
  const writer = async (w: number) => {
    for (let i = 0; sent < MAX_WRITES_PER_ROUND; i++) {
      sent++;
      const name = `burst-${round}-${w}-${i}`;
      const data = JSON.stringify({ round, writer: w, seq: i, pad: 'x'.repeat(200) });
      attempted.add(name);
      try {
        const res = await fetch(`${stack.url}/crm/v1/orgs/1/custom-data`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name, description: `writer ${w}`, executionPriority: i, data }),
        });
        if (res.status >= 200 && res.status < 300) {
          const body = (await res.json()) as { data: { id: number } };
          acknowledged.push({ name, data, id: body.data.id });
          if (acknowledged.length >= KILL_AFTER_ACKS) await kill();
        } else {
          failed++;
          throw new Error(`unexpected ${res.status} before the kill: ${await res.text()}`);
        }
      } catch (error) {
        if (!killed) throw error;
        failed++;
        return; // the server is gone: this writer stops
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  clearTimeout(timer);
  await kill();
  console.log(
    `[durability] round ${round}: ${acknowledged.length} acknowledged, ${failed} cut off, ` +
      `${attempted.size} attempted, killed after ${Date.now() - started} ms`,
  );
  return { acknowledged, attempted, failed } satisfies BurstResult;
}

async function checkAllThere(stack: RunningStack, token: string, results: BurstResult[]) {
  const res = await fetch(`${stack.url}/crm/v1/orgs/1/custom-data`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const rows = ((await res.json()) as { data: Array<{ id: number; name: string; data: string }> })
    .data;
  const byName = new Map<string, Array<{ id: number; data: string }>>();
  for (const r of rows)
    byName.set(r.name, [...(byName.get(r.name) ?? []), { id: r.id, data: r.data }]);
  for (const { acknowledged } of results) {
    const missing = acknowledged.filter((w) => !byName.has(w.name));
    expect(missing, 'acknowledged writes lost after SIGKILL').toEqual([]);
    for (const w of acknowledged) {
      expect(byName.get(w.name), `${w.name} intact, exactly once`).toEqual([
        { id: w.id, data: w.data },
      ]);
    }
  }
  // Nothing appears that was never sent; an unacknowledged write may or may not be there.
  const allAttempted = new Set(results.flatMap((r) => [...r.attempted]));
  const phantoms = rows.filter((r) => r.name.startsWith('burst-') && !allAttempted.has(r.name));
  expect(phantoms).toEqual([]);
  const duplicates = [...byName].filter(
    ([name, list]) => name.startsWith('burst-') && list.length > 1,
  );
  expect(duplicates).toEqual([]);
}

async function opensCleanly(stack: RunningStack, token: string) {
  // A new write after recovery is accepted and read back.
  const res = await fetch(`${stack.url}/crm/v1/orgs/1/custom-data`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'after-recovery', executionPriority: 0, data: '{}' }),
  });
  expect(res.status).toBe(200);
  const meta = await fetch(`${stack.url}/crm/v1/Orgs/GetUserMetadata`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(meta.status).toBe(200);
  expect(stack.output()).not.toMatch(/PANIC|could not read block|invalid page|corrupt/i);
}

async function scenario(db: { dataDir: string; databaseUrl?: string }, crashDb?: () => void) {
  const port = await freePort();
  // 1. First start: a fresh, seeded database; then a clean stop so the keys can be read.
  const first = await startStack({ port, ...db, reset: true, demoScale: 0.2 });
  stacks.push(first);
  await first.stop();
  const { owner } = await mintTokens(db, port, ['owner'] as const);

  const results: BurstResult[] = [];
  let stack = await startStack({ port, ...db, demoScale: 0.2 });
  stacks.push(stack);
  for (let round = 0; round < ROUNDS; round++) {
    const result = await burstAndKill(stack, owner, round);
    expect(result.acknowledged.length).toBeGreaterThan(0);
    results.push(result);
    crashDb?.();
    // 2. Restart on the same database: crash recovery, then every acknowledged write is there.
    stack = await startStack({ port, ...db, demoScale: 0.2 });
    stacks.push(stack);
    await checkAllThere(stack, owner, results);
  }
  await opensCleanly(stack, owner);
  await stack.stop();
}

describe('durability: SIGKILL during a burst of acknowledged writes', () => {
  it('PGlite (DATA_DIR): every acknowledged write survives and the folder reopens', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'resilience-pglite-'));
    dirs.push(dir);
    await scenario({ dataDir: path.join(dir, 'db') });
  }, 240_000);

  if (hasPostgres()) {
    it('PostgreSQL (DATABASE_URL): the same, with the database server crashed too', async () => {
      postgres = await startTempPostgres();
      const pg = postgres;
      await scenario({ dataDir: 'unused', databaseUrl: pg.databaseUrl }, () => {
        pg.crash(); // pg_ctl stop -m immediate: no checkpoint, WAL replay on start
        pg.start();
      });
    }, 240_000);
  } else {
    console.log(
      `[durability] PostgreSQL variant not generated: no initdb/pg_ctl in ${PG_BIN} ` +
        '(apt-get install -y postgresql, or set PG_BIN).',
    );
  }
});
