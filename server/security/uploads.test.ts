import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { MAX_ATTACHMENT_BYTES, MAX_AVATAR_BYTES } from '@/contract/common';
import { createTestApp } from '../test/harness';
import { makeBlst } from '../data/test-support';
import { isErrorEnvelope, tokens, fillUrl } from './support';
import { routeTable } from '../http/routes';

/**
 * Uploads are checked on the server too (SPEC §5/§9): avatars by magic bytes and size, attachments
 * by decoded size with the body limit raised on their routes only, bad base64 refused, file names
 * normalised, downloads served as attachments with nosniff. (server/data/blasts.test.ts checks the
 * exact 20 MiB .blst upload; this file covers the CRM attachments, avatars and the other routes.)
 */
let app: App;
let as: ReturnType<typeof tokens>;
beforeAll(async () => {
  app = await createTestApp();
  as = tokens(app);
});
afterAll(async () => {
  await app.close();
});

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG_MAGIC, Buffer.alloc(size - PNG_MAGIC.length, 7)]);
const jpeg = (size: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 1)]);
const dataUrl = (type: string, bytes: Buffer | string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

const putProfile = async (avatar: string) =>
  app.inject({
    method: 'PUT',
    url: '/identity/v1/profile',
    headers: await as('developer'),
    payload: { firstName: 'Dev', lastName: 'Eloper', avatar_Base64: avatar },
  });
const putOrg = async (avatar: string) =>
  app.inject({
    method: 'PUT',
    url: '/crm/v1/orgs/1',
    headers: await as('owner'),
    payload: { name: 'Acme Mining', avatar_Base64: avatar },
  });

describe('avatars (profile photo and organisation logo)', () => {
  it('accepts a PNG of exactly 131072 bytes and refuses 131073, on both routes', async () => {
    for (const put of [putProfile, putOrg]) {
      const ok = await put(dataUrl('image/png', png(MAX_AVATAR_BYTES)));
      expect(ok.statusCode).toBe(200);
      const tooBig = await put(dataUrl('image/png', png(MAX_AVATAR_BYTES + 1)));
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().errors.avatar_Base64).toEqual({
        message: 'File size is too large',
        errorCode: 'maxSize',
      });
      expect((await put(dataUrl('image/jpeg', jpeg(MAX_AVATAR_BYTES)))).statusCode).toBe(200);
    }
  });

  it('refuses SVG, HTML, GIF and script renamed as PNG or JPEG, judged by magic bytes', async () => {
    const fakes = {
      svg: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
      html: '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
      gif: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'),
      js: 'alert(1)//',
      empty: '',
      'png magic cut short': PNG_MAGIC.subarray(0, 7),
    };
    for (const put of [putProfile, putOrg]) {
      for (const [name, bytes] of Object.entries(fakes)) {
        for (const type of ['image/png', 'image/jpeg']) {
          const value = name === 'empty' ? `data:${type};base64,` : dataUrl(type, bytes);
          const res = await put(value);
          if (name === 'empty' && res.statusCode === 200) continue; // '' clears the photo
          expect(res.statusCode, `${name} as ${type}`).toBe(400);
          expect(isErrorEnvelope(res)).toBe(true);
          expect(res.json().errors.avatar_Base64.message).toBe(
            'Only JPG or PNG images are allowed',
          );
        }
      }
    }
  });

  it('stores the type the bytes prove, whatever the data URL claims', async () => {
    const res = await putProfile(dataUrl('image/svg+xml', png(64)));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.avatar_Base64).toMatch(/^data:image\/png;base64,/);
  });

  it('refuses bad base64', async () => {
    for (const bad of [
      'data:image/png;base64,iVBORw0KGgo!!!',
      'not base64 at all ✓',
      'iVBOR===w0',
    ]) {
      const res = await putProfile(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(isErrorEnvelope(res)).toBe(true);
    }
  });
});

describe('attachments on CRM routes', () => {
  const offering = async () =>
    Number(
      (
        await app.services.db.query<{ id: number }>(
          'select id from offerings where org_id = 1 order by id limit 1',
        )
      )[0]?.id,
    );
  const subscription = async (attachments: Array<{ fileName: string; base64: string }>) =>
    app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/1/issued-subscriptions',
      headers: await as('manager'),
      payload: {
        subscriberOrgIds: [4],
        offeringId: await offering(),
        name: 'Upload probe',
        startDate: '2026-01-01',
        seatsAllowed: 1,
        attachments,
      },
    });
  const support = async (attachments: Array<{ fileName: string; base64: string }>) =>
    app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/1/support-requests',
      headers: await as('owner'),
      payload: { subject: 'Upload probe', message: 'Hello', attachments },
    });
  const count = async (table: string) =>
    Number(
      (await app.services.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n,
    );

  it('accepts 20 MiB decoded and refuses one byte more, storing nothing when refused', async () => {
    const exact = Buffer.alloc(MAX_ATTACHMENT_BYTES, 0x41).toString('base64');
    const over = Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 0x41).toString('base64');
    const before = await count('subscription_attachments');
    const ok = await subscription([{ fileName: 'big.bin', base64: exact }]);
    expect(ok.statusCode).toBe(200);
    expect(await count('subscription_attachments')).toBe(before + 1);
    const beforeSupport = await count('support_requests');
    for (const send of [subscription, support]) {
      const tooBig = await send([{ fileName: 'big.bin', base64: over }]);
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().errors['attachments.0.base64']).toEqual({
        message: 'File size is too large',
        errorCode: 'maxSize',
      });
    }
    expect(await count('subscription_attachments')).toBe(before + 1);
    expect(await count('support_requests')).toBe(beforeSupport);
  }, 60_000);

  it('refuses bad base64 in attachments with a field error, storing nothing', async () => {
    const before = await count('subscription_attachments');
    for (const bad of ['@@@@', 'abc$', 'data:text/plain;base64,<script>']) {
      const res = await subscription([{ fileName: 'a.txt', base64: bad }]);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors['attachments.0.base64']).toBeDefined();
    }
    expect(await count('subscription_attachments')).toBe(before);
  });

  it('keeps the 1 MiB limit on every other route: a 2 MiB body is a 413 envelope', async () => {
    const raised = new Set([
      'POST /crm/v1/orgs/:orgId/issued-subscriptions',
      'PUT /crm/v1/orgs/:orgId/issued-subscriptions/:id',
      'POST /crm/v1/orgs/:orgId/support-requests',
      'POST /data/v1/orgs/:orgId/sites/:siteId/blasts',
    ]);
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const headers = { ...(await as('sysadmin')), 'content-type': 'application/json' };
    let checked = 0;
    for (const r of routeTable()) {
      if (r.method === 'GET' || r.method === 'DELETE') continue;
      if (raised.has(`${r.method} ${r.url}`)) continue;
      const url = fillUrl(r.url, { orgId: 2, siteId: 1 });
      const res = await app.inject({ method: r.method, url, headers, payload: big });
      // Provider-like text routes (the error sink) may parse differently, but never accept it.
      expect(res.statusCode, `${r.method} ${url}`).toBe(413);
      expect(isErrorEnvelope(res), `${r.method} ${url}`).toBe(true);
      expect(res.json().message).toBe('Request body is too large');
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('normalises attachment file names: no path separators, no control characters', async () => {
    const names = [
      '../../etc/passwd',
      '..\\..\\windows\\system32\\x.dll',
      'a\u0007b\r\nc\u202Etxt.exe',
      '/abs/path.pdf',
    ];
    const res = await subscription(
      names.map((fileName) => ({ fileName, base64: Buffer.from('hello').toString('base64') })),
    );
    expect(res.statusCode).toBe(200);
    const id = res.json().data[0].id as number;
    const rows = await app.services.db.query<{ file_name: string }>(
      'select file_name from subscription_attachments where subscription_id = $1 order by id',
      [id],
    );
    expect(rows).toHaveLength(names.length);
    for (const { file_name } of rows) {
      expect(file_name).not.toMatch(/[/\\]/);
      expect(file_name).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      expect(file_name).not.toMatch(/^\.\.?$/);
    }
  });

  it('answers a NUL character in an attachment file name with a 400 envelope, not a 500', async () => {
    const res = await subscription([
      { fileName: 'a\u0000b.pdf', base64: Buffer.from('hello').toString('base64') },
    ]);
    expect(res.statusCode).toBe(400);
    expect(isErrorEnvelope(res)).toBe(true);
  });
});

describe('blast uploads and downloads', () => {
  it('normalises the uploaded file name and serves the file as an attachment with nosniff', async () => {
    const { text } = makeBlst(2, 2);
    const headers = await as('siteadmin');
    const up = await app.inject({
      method: 'POST',
      url: '/data/v1/orgs/2/sites/1/blasts',
      headers,
      payload: {
        name: 'Upload probe',
        file: {
          fileName: '..\\..\\evil/"quoted"\r\nSet-Cookie: x=1\u0007.blst',
          base64: Buffer.from(text).toString('base64'),
        },
      },
    });
    expect(up.statusCode).toBe(200);
    const blastId = up.json().data.id as number;
    const down = await app.inject({
      url: `/data/v1/orgs/2/sites/1/blasts/${blastId}/file`,
      headers,
    });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/octet-stream');
    expect(down.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(down.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[^"/\\]+\.blst"; filename\*=UTF-8''/);
    // eslint-disable-next-line no-control-regex -- control characters are what is checked
    expect(disposition).not.toMatch(/[\r\n\u0007]|\.\.|Set-Cookie:/);
    expect(down.headers['set-cookie']).toBeUndefined();
    expect(down.body).toBe(text);
  });

  it('serves every download route as an attachment with nosniff, never inline', async () => {
    const [anon] = await app.services.db.query<{ id: string }>(
      'select id from blast_links where is_anonymous and revoked_at is null limit 1',
    );
    const [shared] = await app.services.db.query<{ blast_id: number }>(
      'select blast_id from shared_blasts where shared_with_org_id = 2 or shared_with_user_id = 8 limit 1',
    );
    const probes: Array<[string, Record<string, string>]> = [
      ['/data/v1/orgs/2/sites/1/blasts/7/file', await as('siteuser')],
    ];
    if (anon) probes.push([`/data/v1/blast-links/anon/${anon.id}/file`, {}]);
    if (shared)
      probes.push([`/data/v1/shared-blasts/${shared.blast_id}/file`, await as('siteuser')]);
    for (const [url, headers] of probes) {
      const res = await app.inject({ url, headers });
      if (res.statusCode !== 200) {
        expect(isErrorEnvelope(res), url).toBe(true);
        continue;
      }
      expect(res.headers['content-disposition'], url).toMatch(/^attachment;/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-type'], url).toBe('application/octet-stream');
    }
  });

  it('refuses an HTML or SVG file renamed .blst, and bad base64', async () => {
    const headers = await as('siteadmin');
    const bad = [
      { fileName: 'x.blst', base64: Buffer.from('<svg onload=alert(1)>').toString('base64') },
      {
        fileName: 'x.blst',
        base64: Buffer.from('<!doctype html><script>1</script>').toString('base64'),
      },
      { fileName: 'x.blst', base64: '@@@' },
      { fileName: 'x.html', base64: Buffer.from(makeBlst(1, 1).text).toString('base64') },
    ];
    for (const file of bad) {
      const res = await app.inject({
        method: 'POST',
        url: '/data/v1/orgs/2/sites/1/blasts',
        headers,
        payload: { file },
      });
      expect(res.statusCode, file.base64.slice(0, 20)).toBe(400);
      expect(res.json().errors.file).toBeDefined();
    }
  });
});
