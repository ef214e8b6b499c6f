import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { bearer, createTestApp, tokenFor } from '../test/harness';
import { startAuthorization } from '../test/oidc';

/**
 * The services' JSON answers of 1 KB or more go compressed to a client that accepts it (issue
 * 16: a phone's link), and the same JSON comes out. Small answers, NDJSON streams (exports, bulk
 * progress: each frame goes out as it is made) and the identity service's pages go as they are;
 * request bodies are never inflated.
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
    const res = await app.inject({
      method: 'POST',
      url: LIST,
      headers: { ...owner, 'accept-encoding': 'br, gzip' },
      payload: { take: 1 },
    });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data.results).toHaveLength(1);
  });

  it("the identity service's sign-in page goes as it is (its secrets beside what a visitor typed)", async () => {
    const { jar, interaction } = await startAuthorization(app);
    const res = await app.inject({
      url: interaction,
      headers: { host: 'localhost:4000', cookie: jar.header(), 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.rawPayload.length).toBeGreaterThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('a compressed request body is not inflated: refused as before', async () => {
    const res = await app.inject({
      method: 'POST',
      url: LIST,
      headers: { ...owner, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ take: 1 })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
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
