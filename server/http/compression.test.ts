import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { bearer, createTestApp, tokenFor } from '../test/harness';

/**
 * JSON answers of 1 KB or more go compressed to a client that accepts it (issue 16: a phone's
 * link); the same bytes come out; small answers and NDJSON streams (exports, bulk progress,
 * whose frames must go out as they are made) are sent as they are.
 */
let app: App;
let owner: Record<string, string>;
const LIST = '/crm/v1/orgs/1/issued-licences/list';

beforeAll(async () => {
  app = await createTestApp();
  owner = bearer(await tokenFor(app, 'owner'));
});
afterAll(async () => {
  await app.close();
});

const list = (encoding?: string) =>
  app.inject({
    method: 'POST',
    url: LIST,
    headers: { ...owner, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    payload: { take: 200 },
  });

describe('compressed answers', () => {
  it('a list page goes compressed by brotli or gzip, as the client accepts, with the same JSON', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const br = await list('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('a small answer goes as it is', async () => {
    const health = await app.inject({ url: '/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('an export streams its NDJSON frames uncompressed, each as it is made', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/1/issued-licences/export',
      headers: { ...owner, 'accept-encoding': 'br, gzip' },
      payload: { all: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.split('\n')[0] ?? '')).toMatchObject({ kind: 'start' });
  });
});
