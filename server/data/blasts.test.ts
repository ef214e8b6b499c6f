import { describe, expect, it } from 'vitest';
import { insertMany } from '../seed/seed';
import type { SqlParam } from '../db/types';
import { MAX_ATTACHMENT_BYTES } from '@/contract/common';
import { LINK_GONE_MESSAGE } from '@/contract/data/links';
import { b64, dataTestApp, makeBlst } from './test-support';
import { blastFileName } from './common';
import { decodeBase64 } from '../http/files';

const data = dataTestApp();
const { call } = data;

describe('blasts', () => {
  it('lists a site’s blasts for every role that may read them', async () => {
    for (const who of ['siteadmin', 'siteuser', 'submanager', 'owner', 'sysadmin'] as const) {
      const r = await call(who, 'POST', '/orgs/2/sites/1/blasts/list', { take: 10 });
      expect(r.status, who).toBe(200);
      expect(r.data).toMatchObject({ fetchedCount: 10, skippedCount: 0, totalAvailable: 25 });
    }
    const r = await call('siteuser', 'POST', '/orgs/2/sites/1/blasts/list', {
      skip: 20,
      take: 10,
      sortBy: 'name',
    });
    expect(r.data.fetchedCount).toBe(5);
    const row = r.data.results[0];
    expect(row).toMatchObject({
      name: 'North Pit 0021',
      status: 'fired',
      fileName: 'North_Pit_0021.blst',
    });
    expect(row.holeCount).toBeGreaterThanOrEqual(12);
    expect(row.totalCharge).toBeGreaterThan(0);
    expect(row.fileSize).toBeGreaterThan(100);
    expect(typeof row.firedAt).toBe('string');
    const found = await call('siteuser', 'POST', '/orgs/2/sites/1/blasts/list', { search: '0007' });
    expect(found.data.results.map((b: { name: string }) => b.name)).toEqual(['North Pit 0007']);
  });

  it('hides blasts of sites the caller cannot see (404)', async () => {
    expect((await call('siteuser', 'POST', '/orgs/2/sites/2/blasts/list', {})).status).toBe(404);
    expect((await call('siteadmin', 'POST', '/orgs/2/sites/3/blasts/list', {})).status).toBe(404);
    expect((await call('developer', 'POST', '/orgs/1/sites/5/blasts/list', {})).status).toBe(404);
    expect((await call('siteadmin', 'POST', '/orgs/1/sites/5/blasts/list', {})).status).toBe(404);
    // a blast of site 2 through site 1's path, and another org's blast
    expect((await call('siteadmin', 'GET', '/orgs/2/sites/1/blasts/26')).status).toBe(404);
    expect((await call('siteadmin', 'GET', '/orgs/2/sites/1/blasts/101')).status).toBe(404);
    expect((await call('siteadmin', 'GET', '/orgs/2/sites/1/blasts/999999')).status).toBe(404);
    expect((await call('owner', 'GET', '/orgs/1/sites/5/blasts/1')).status).toBe(404);
  });

  it('answers details and the plan of a demo blast consistent with its file', async () => {
    const d = await call('siteuser', 'GET', '/orgs/2/sites/1/blasts/1');
    expect(d.status).toBe(200);
    expect(d.data).toMatchObject({
      id: 1,
      orgId: 2,
      siteId: 1,
      siteName: 'North Pit',
      status: 'fired',
    });
    const p = await call('siteuser', 'GET', '/orgs/2/sites/1/blasts/1/plan');
    expect(p.status).toBe(200);
    expect(p.data.holes).toHaveLength(d.data.holeCount);
    const xs = p.data.holes.map((h: { x: number }) => h.x);
    expect(p.data.bounds.minX).toBe(Math.min(...xs));
    expect(p.data.bounds.maxX).toBe(Math.max(...xs));
    const charge = p.data.holes.reduce((s: number, h: { charge: number }) => s + h.charge, 0);
    expect(d.data.totalCharge).toBeCloseTo(charge, 0);
  });

  it('refuses a name from the file over 200 characters with a maxLength error on name, not cut (issue 17)', async () => {
    const { text } = makeBlst(2, 2, 100, 200, 'L'.repeat(250));
    const file = { fileName: 'long.blst', base64: b64(text) };
    const up = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts', {
      status: 'planned',
      plannedAt: '2026-12-01',
      file,
    });
    expect(up.status).toBe(400);
    expect(up.body.errors?.name).toMatchObject({ errorCode: 'maxLength' });
    expect(up.body.errors?.name?.message).toMatch(/at most 200 characters/);
    const named = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts', {
      name: 'Long header, short name',
      status: 'planned',
      plannedAt: '2026-12-01',
      file,
    });
    expect(named.status).toBe(200);
    expect(named.data.name).toBe('Long header, short name');
    expect(
      (await call('siteadmin', 'DELETE', `/orgs/2/sites/1/blasts/${named.data.id}`)).status,
    ).toBe(200);
  });

  it('uploads a .blst file, plans it, downloads it, edits it and deletes it', async () => {
    const { text, holes } = makeBlst(6, 8, 100, 200, 'Round Trip');
    const up = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts', {
      status: 'planned',
      plannedAt: '2026-12-01',
      description: 'Bench 4',
      file: {
        fileName: '../../etc/Round trip; "v1".blst',
        base64: `data:application/octet-stream;base64,${b64(text)}`,
      },
      siteId: 2,
      orgId: 1,
    });
    expect(up.status).toBe(200);
    const blast = up.data;
    expect(blast).toMatchObject({
      name: 'Round Trip',
      siteId: 1,
      orgId: 2,
      status: 'planned',
      firedAt: null,
      plannedAt: '2026-12-01T00:00:00.000Z',
      holeCount: 48,
      totalCharge: holes.reduce((s, h) => s + h.charge, 0),
      fileName: 'Round_trip_v1.blst',
      fileSize: Buffer.byteLength(text),
      createdBy: expect.objectContaining({ email: 'siteadmin@example.com' }),
    });

    const plan = await call('siteuser', 'GET', `/orgs/2/sites/1/blasts/${blast.id}/plan`);
    expect(plan.data.holes).toHaveLength(48);
    expect(plan.data.bounds).toEqual({ minX: 100, minY: 200, maxX: 135, maxY: 220 });
    expect(plan.data.holes[0]).toEqual({ id: 'T1', x: 100, y: 200, depth: 10, charge: 50 });

    const file = await call('siteuser', 'GET', `/orgs/2/sites/1/blasts/${blast.id}/file`);
    expect(file.status).toBe(200);
    expect(file.res.headers['content-type']).toBe('application/octet-stream');
    expect(file.res.headers['content-disposition']).toBe(
      `attachment; filename="Round_trip_v1.blst"; filename*=UTF-8''Round_trip_v1.blst`,
    );
    expect(file.res.headers['x-content-type-options']).toBe('nosniff');
    expect(file.res.body).toBe(text);

    const edited = await call('submanager', 'PUT', `/orgs/2/sites/1/blasts/${blast.id}`, {
      name: 'Round Trip (fired)',
      status: 'fired',
      firedAt: '2026-12-02T08:30:00Z',
    });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({
      name: 'Round Trip (fired)',
      status: 'fired',
      firedAt: '2026-12-02T08:30:00.000Z',
      plannedAt: '2026-12-01T00:00:00.000Z',
      description: 'Bench 4',
    });
    const list = await call('siteuser', 'POST', '/orgs/2/sites/1/blasts/list', {
      search: 'round trip',
    });
    expect(list.data.results).toHaveLength(1);

    expect((await call('siteuser', 'DELETE', `/orgs/2/sites/1/blasts/${blast.id}`)).status).toBe(
      403,
    );
    const del = await call('siteadmin', 'DELETE', `/orgs/2/sites/1/blasts/${blast.id}`);
    expect(del.status).toBe(200);
    expect(del.data).toEqual({ id: blast.id });
    expect((await call('siteadmin', 'GET', `/orgs/2/sites/1/blasts/${blast.id}`)).status).toBe(404);
    expect((await call('siteadmin', 'DELETE', `/orgs/2/sites/1/blasts/${blast.id}`)).status).toBe(
      404,
    );
  });

  it('serves non-ASCII file names safely in both filename forms', async () => {
    const { text } = makeBlst(2, 2);
    const up = await call('siteadmin', 'POST', '/orgs/2/sites/2/blasts', {
      file: { fileName: 'Bjørn (2).blst', base64: b64(text) },
    });
    expect(up.data.fileName).toBe('Bjørn_(2).blst');
    const file = await call('siteadmin', 'GET', `/orgs/2/sites/2/blasts/${up.data.id}/file`);
    expect(file.res.headers['content-disposition']).toBe(
      `attachment; filename="Bj_rn_(2).blst"; filename*=UTF-8''Bj%C3%B8rn_%282%29.blst`,
    );
  });

  it('refuses writes to site users and outsiders', async () => {
    const { text } = makeBlst(2, 2);
    const body = { file: { fileName: 'a.blst', base64: b64(text) } };
    expect((await call('siteuser', 'POST', '/orgs/2/sites/1/blasts', body)).status).toBe(403);
    expect((await call('siteuser', 'PUT', '/orgs/2/sites/1/blasts/1', { name: 'x' })).status).toBe(
      403,
    );
    expect((await call('developer', 'POST', '/orgs/2/sites/1/blasts', body)).status).toBe(404);
    expect((await call('siteadmin', 'POST', '/orgs/2/sites/3/blasts', body)).status).toBe(404);
    expect((await call(null, 'POST', '/orgs/2/sites/1/blasts', body)).status).toBe(401);
  });

  it('refuses bad uploads with a field error, never a 500', async () => {
    const { text } = makeBlst(2, 2);
    const up = (file: unknown, extra: object = {}) =>
      call('siteadmin', 'POST', '/orgs/2/sites/1/blasts', { file, ...extra });
    const cases: [unknown, string, string][] = [
      [{ fileName: 'a.blst', base64: 'not base64!!' }, 'file', 'invalidBase64'],
      [{ fileName: 'a.blst', base64: 'QUJD=' }, 'file', 'invalidBase64'],
      [{ fileName: 'a.blst', base64: b64('hello world') }, 'file', 'invalidFile'],
      [
        { fileName: 'a.blst', base64: b64(Buffer.from([0x42, 0x4c, 0xff, 0xfe])) },
        'file',
        'invalidFile',
      ],
      [{ fileName: 'a.blst', base64: b64(`${text}# \u0000\n`) }, 'file', 'invalidFile'],
      [{ fileName: 'a.blst', base64: b64(text.replace('T1,', 'T1,abc,')) }, 'file', 'invalidFile'],
      [{ fileName: 'a.exe', base64: b64(text) }, 'file', 'fileType'],
      [{ fileName: '', base64: b64(text) }, 'file.fileName', 'invalid'],
      [{ fileName: 'a.blst' }, 'file.base64', 'required'],
      [undefined, 'file', 'required'],
    ];
    for (const [file, field, code] of cases) {
      const r = await up(file);
      expect(r.status, JSON.stringify(file)).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.errors?.[field]?.errorCode, JSON.stringify(r.body.errors)).toBe(code);
    }
    // One message that says it once.
    const notBlst = await up({ fileName: 'a.blst', base64: b64('hello world') });
    expect(notBlst.body.errors?.file?.message).toBe(
      'Not a valid .blst file: the first line must be "BLST 1"',
    );
    const planned = await up(
      { fileName: 'a.blst', base64: b64(text) },
      { status: 'planned', firedAt: '2025-01-01' },
    );
    expect(planned.body.errors?.firedAt).toBeDefined();
    const status = await up({ fileName: 'a.blst', base64: b64(text) }, { status: 'exploded' });
    expect(status.body.errors?.status).toBeDefined();
    const date = await up({ fileName: 'a.blst', base64: b64(text) }, { firedAt: '31/12/2025' });
    expect(date.body.errors?.firedAt).toBeDefined();
    const count = await data.app.services.db.query<{ n: number }>(
      'select count(*)::int as n from blasts where site_id = 1',
    );
    expect(count[0]?.n).toBe(25);
  });

  it('accepts 20 MiB decoded and refuses one byte more (body limit raised on that route only)', async () => {
    const { text } = makeBlst(2, 2);
    const pad = (size: number) => {
      const head = `${text}#`;
      return `${head}${'x'.repeat(size - Buffer.byteLength(head) - 1)}\n`;
    };
    const exact = pad(MAX_ATTACHMENT_BYTES);
    expect(Buffer.byteLength(exact)).toBe(MAX_ATTACHMENT_BYTES);
    // Named: the file's own name (Test Blast) is taken on this site by an earlier upload.
    const ok2 = await call('siteadmin', 'POST', '/orgs/2/sites/2/blasts', {
      name: 'Big blast',
      file: { fileName: 'big.blst', base64: b64(exact) },
    });
    expect(ok2.status).toBe(200);
    expect(ok2.data.fileSize).toBe(MAX_ATTACHMENT_BYTES);
    const tooBig = await call('siteadmin', 'POST', '/orgs/2/sites/2/blasts', {
      file: { fileName: 'big.blst', base64: b64(pad(MAX_ATTACHMENT_BYTES + 1)) },
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors?.file).toEqual({
      message: 'File size is too large',
      errorCode: 'maxSize',
    });
    // Other routes keep the data.app's 1 MiB limit.
    const huge = await call('siteadmin', 'PUT', '/orgs/2/sites/2/blasts/26', {
      name: 'x'.repeat(2_000_000),
    });
    expect(huge.status).toBe(413);
  });
});

describe('paging across the maximum page size', () => {
  it('answers at most 1000 rows with the true total, and the rest on the next page', async () => {
    const { text } = makeBlst(3, 3);
    const rows: SqlParam[][] = [];
    for (let i = 0; i < 1100; i++)
      rows.push([3, `Bulk ${String(i).padStart(4, '0')}`, 'bulk.blst', text, 9]);
    await data.app.services.db.transaction((tx) =>
      insertMany(
        tx,
        'blasts',
        ['site_id', 'name', 'file_name', 'file_content', 'hole_count'],
        rows,
      ),
    );
    const first = await call('submanager', 'POST', '/orgs/2/sites/3/blasts/list', { take: 5000 });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ fetchedCount: 1000, skippedCount: 0, totalAvailable: 1125 });
    expect(first.data.results).toHaveLength(1000);
    const next = await call('submanager', 'POST', '/orgs/2/sites/3/blasts/list', { skip: 1000 });
    expect(next.data).toMatchObject({
      fetchedCount: 125,
      skippedCount: 1000,
      totalAvailable: 1125,
    });
    const ids = new Set(
      [...first.data.results, ...next.data.results].map((b: { id: number }) => b.id),
    );
    expect(ids.size).toBe(1125);
  });
});

describe('blast redirect (locate)', () => {
  it('answers the organisation and site of a blast the caller can see, else 404', async () => {
    expect((await call('siteuser', 'GET', '/blasts/5/locate')).data).toEqual({
      orgId: 2,
      siteId: 1,
    });
    expect((await call('owner', 'GET', '/blasts/30/locate')).data).toEqual({ orgId: 2, siteId: 2 });
    expect((await call('owner', 'GET', '/blasts/101/locate')).data).toEqual({
      orgId: 1,
      siteId: 5,
    });
    expect((await call('sysadmin', 'GET', '/blasts/60/locate')).data).toEqual({
      orgId: 2,
      siteId: 3,
    });
    expect((await call('siteuser', 'GET', '/blasts/30/locate')).status).toBe(404);
    expect((await call('siteadmin', 'GET', '/blasts/101/locate')).status).toBe(404);
    expect((await call('developer', 'GET', '/blasts/101/locate')).status).toBe(404);
    expect((await call('siteuser', 'GET', '/blasts/99999999/locate')).status).toBe(404);
    expect((await call('siteuser', 'GET', '/blasts/abc/locate')).status).toBe(400);
    expect((await call(null, 'GET', '/blasts/5/locate')).status).toBe(401);
  });
});

describe('blast links', () => {
  it('creates an anonymous link that works without signing in and stops once revoked', async () => {
    const created = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/4/links', {
      isAnonymous: true,
    });
    expect(created.status).toBe(200);
    const link = created.data;
    expect(link).toMatchObject({
      blastId: 4,
      isAnonymous: true,
      isRevoked: false,
      revokedAt: null,
    });
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const anon = await call(null, 'GET', `/blast-links/anon/${link.id}`);
    expect(anon.status).toBe(200);
    expect(anon.data.blast.name).toBe('North Pit 0004');
    expect(anon.data.blast).not.toHaveProperty('orgId');
    expect(anon.data.blast).not.toHaveProperty('siteId');
    expect(anon.data.blast).not.toHaveProperty('createdBy');
    expect(anon.data.plan.holes.length).toBe(anon.data.blast.holeCount);
    expect(anon.data.downloadPath).toBe(`blast-links/anon/${link.id}/file`);
    const file = await call(null, 'GET', `/${anon.data.downloadPath}`);
    expect(file.status).toBe(200);
    expect(file.res.headers['content-disposition']).toContain(
      'attachment; filename="North_Pit_0004.blst"',
    );

    // a signed-in user of another organisation can open it too
    const signed = await call('developer', 'GET', `/blast-links/${link.id}`);
    expect(signed.status).toBe(200);
    expect(signed.data).toMatchObject({
      orgId: 2,
      siteId: 1,
      canOpenSite: false,
      isAnonymous: true,
    });
    expect((await call('siteuser', 'GET', `/blast-links/${link.id}`)).data.canOpenSite).toBe(true);

    const listed = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/4/links/list', {});
    expect(listed.data.results.map((l: { id: string }) => l.id)).toContain(link.id);
    expect(
      (await call('siteuser', 'DELETE', `/orgs/2/sites/1/blasts/4/links/${link.id}`)).status,
    ).toBe(403);
    const revoked = await call('submanager', 'DELETE', `/orgs/2/sites/1/blasts/4/links/${link.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.data.isRevoked).toBe(true);

    for (const path of [`/blast-links/anon/${link.id}`, `/blast-links/anon/${link.id}/file`]) {
      const gone = await call(null, 'GET', path);
      expect(gone.status).toBe(404);
      expect(gone.body).toMatchObject({ success: false, message: LINK_GONE_MESSAGE });
    }
    expect((await call('siteuser', 'GET', `/blast-links/${link.id}`)).status).toBe(404);
  });

  it('keeps authenticated-only links from anonymous callers', async () => {
    const created = await call('siteadmin', 'POST', '/orgs/2/sites/2/blasts/27/links', {
      isAnonymous: false,
    });
    expect(created.data.isAnonymous).toBe(false);
    const anon = await call(null, 'GET', `/blast-links/anon/${created.data.id}`);
    expect(anon.status).toBe(404);
    expect(anon.body.message).toBe(LINK_GONE_MESSAGE);
    expect((await call(null, 'GET', `/blast-links/${created.data.id}`)).status).toBe(401);
    const signed = await call('owner', 'GET', `/blast-links/${created.data.id}`);
    expect(signed.status).toBe(200);
    expect(signed.data.blast.id).toBe(27);
    const file = await call('owner', 'GET', `/${signed.data.downloadPath}`);
    expect(file.status).toBe(200);
    expect(file.res.headers['content-type']).toBe('application/octet-stream');
  });

  it('answers the demo links, unknown and malformed ids with the link message', async () => {
    expect((await call(null, 'GET', '/blast-links/anon/demo-anon-link')).status).toBe(200);
    for (const id of [
      'demo-revoked-link',
      'demo-auth-link',
      'nope-nope-nope',
      '%27%20or%201=1--',
      'x',
    ]) {
      const r = await call(null, 'GET', `/blast-links/anon/${id}`);
      expect(r.status, id).toBe(404);
      expect(r.body.message).toBe(LINK_GONE_MESSAGE);
    }
  });

  it('refuses link management to readers and outsiders, and bad input', async () => {
    expect(
      (await call('siteuser', 'POST', '/orgs/2/sites/1/blasts/1/links', { isAnonymous: true }))
        .status,
    ).toBe(403);
    expect((await call('siteuser', 'POST', '/orgs/2/sites/1/blasts/1/links/list', {})).status).toBe(
      403,
    );
    expect(
      (await call('developer', 'POST', '/orgs/2/sites/1/blasts/1/links', { isAnonymous: true }))
        .status,
    ).toBe(404);
    expect(
      (await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/26/links', { isAnonymous: true }))
        .status,
    ).toBe(404);
    const bad = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/1/links', {
      isAnonymous: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.isAnonymous).toBeDefined();
    // the demo link of blast 1 cannot be revoked through blast 2's path
    expect(
      (await call('siteadmin', 'DELETE', '/orgs/2/sites/2/blasts/26/links/demo-anon-link')).status,
    ).toBe(404);
    expect((await call(null, 'GET', '/blast-links/anon/demo-anon-link')).status).toBe(200);
  });
});

describe('helpers', () => {
  it('normalises file names for downloads', () => {
    expect(blastFileName('C:\\Users\\me\\North Pit.blst')).toBe('North_Pit.blst');
    expect(blastFileName('../../../etc/passwd')).toBe('passwd.blst');
    expect(blastFileName('"evil";\r\nX-Header: 1.blst')).toBe('evil_X-Header_1.blst');
    expect(blastFileName('...')).toBe('blast.blst');
    expect(blastFileName('Bjørn (2).blst')).toBe('Bjørn_(2).blst');
    expect(blastFileName(`${'a'.repeat(300)}.BLST`)).toHaveLength(120);
  });

  it('decodes only strict base64', () => {
    expect(decodeBase64('QUJD')?.toString()).toBe('ABC');
    expect(decodeBase64('QUI=')?.toString()).toBe('AB');
    expect(decodeBase64('QUI')?.toString()).toBe('AB');
    expect(decodeBase64('data:text/plain;base64,QUJD')?.toString()).toBe('ABC');
    expect(decodeBase64('Q')).toBeNull();
    expect(decodeBase64('QU=I')).toBeNull();
    expect(decodeBase64('')).toBeNull();
    expect(decodeBase64('QUJD!')).toBeNull();
  });
});
