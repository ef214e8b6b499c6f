import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { App } from '../app';
import type { RouteInfo } from '../http/routes';
import { createTestApp } from '../test/harness';
import {
  PATH_VALUES,
  type RouteSample,
  sampleRequest,
  stringsOf,
  urlOf,
  withString,
} from './samples';
import {
  VOLATILE_TABLES,
  isErrorEnvelope,
  paramNames,
  rowCounts,
  tableNames,
  tokens,
} from './support';
import { routeTable } from '../http/routes';

/**
 * A bounded, seeded fuzz of every route of the route table (server/data/sites.test.ts fuzzes the
 * data routes; this covers identity, CRM, errors and data alike): random and malformed bodies,
 * queries and path parameters, sent with a token of an account authorised for the route (the
 * sysadmin holds every flag). Never a 500, always the envelope, nothing stored when refused.
 */
const RUNS = 20;
const SEED = 20_261_121;

let app: App;
let routes: RouteInfo[];
let auth: Record<string, string>;
let tables: string[];

beforeAll(async () => {
  app = await createTestApp();
  routes = routeTable();
  auth = await tokens(app)('sysadmin');
  tables = (await tableNames(app)).filter((t) => !VOLATILE_TABLES.has(t));
});
afterAll(async () => {
  await app.close();
});

const validParam: Record<string, string> = PATH_VALUES;
const weirdParam = fc.constantFrom(
  '0',
  '-1',
  '1.5',
  '1e3',
  'abc',
  '99999999999',
  '2147483648',
  '9007199254740993',
  '%00',
  '%E2%80%AE',
  '..%2F..%2Fetc%2Fpasswd',
  '%27%20or%201%3D1--',
  '__proto__',
  'constructor',
  '%20',
  'x'.repeat(300),
);
const paramValue = (name: string) =>
  fc.oneof(
    fc.constant(validParam[name] ?? '1'),
    weirdParam,
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  );

const FIELDS = [
  'name',
  'orgId',
  'email',
  'skip',
  'take',
  'search',
  'sortBy',
  'sortDesc',
  'type',
  'data',
  'file',
  'attachments',
  'base64',
  'fileName',
  'userIds',
  'isAnonymous',
  'version',
  'nodes',
  'startDate',
  'endDate',
  'seatsAllowed',
  'subscriberOrgIds',
  'offeringId',
  'customData',
  'avatar_Base64',
  'executionPriority',
  'isOrgAdmin',
  'isSysadmin',
  'features',
  'tags',
  '__proto__',
  'constructor',
];
const scalar = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '\u0000',
    '\ud800',
    '0000-01-01',
    '9999-99-99',
    2147483648,
    Number.MAX_SAFE_INTEGER,
    -1,
    '',
    ' ',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    '<script>alert(1)</script>',
  ),
);
const value = fc.oneof(scalar, fc.jsonValue({ maxDepth: 2 }), fc.array(scalar, { maxLength: 3 }));
const shapedBody = fc
  .dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 })
  .map((o) => JSON.stringify(o));
const rawBody = fc.oneof(
  shapedBody,
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '',
    '{',
    '[]]',
    'null',
    '"text"',
    '1e999',
    '{"a":1,"a":2}',
    '{"__proto__":{"isSysadmin":true}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
    '\u0000',
  ),
  fc.string({ maxLength: 40 }),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
);
const query = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'includeOrgAvatars',
          'userIds',
          'search',
          'take',
          '__proto__[x]',
          'constructor[prototype][x]',
          'months',
          'q',
        ),
        fc.string({ maxLength: 8 }),
      ),
      fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('true', 'false', '-1', '1,2', '%00', ''),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) =>
    pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
  );

const equal = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);
const isWrite = (r: RouteInfo) => r.method !== 'GET' && !r.url.endsWith('/list');

describe('fuzz: every route of the route table', () => {
  it(`answers random and malformed input with an envelope, never a 500, storing nothing when refused (${RUNS} runs per route, seeded)`, async () => {
    expect(routes.length).toBeGreaterThan(80);
    const problems = new Map<string, string>();
    for (const r of routes) {
      const names = paramNames(r.url);
      const params = fc.record(Object.fromEntries(names.map((n) => [n, paramValue(n)])));
      await fc.assert(
        fc.asyncProperty(
          params,
          query,
          rawBody,
          contentType,
          fc.boolean(),
          async (p, qs, body, type, withToken) => {
            const url =
              r.url.replace(/:(\w+)/g, (_, n: string) => (p as Record<string, string>)[n] ?? '1') +
              (qs ? `?${qs}` : '');
            const before = isWrite(r) ? await rowCounts(app, tables) : undefined;
            const res = await app.inject({
              method: r.method,
              url,
              headers: {
                ...(withToken || r.access.kind !== 'anonymous' ? auth : {}),
                ...(r.method === 'GET' ? {} : { 'content-type': type }),
              },
              ...(r.method === 'GET' ? {} : { payload: body }),
            });
            const where = `${r.method} ${url} [${type}] ${body.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
            const problem = (what: string) => {
              // One example per route and kind of problem is enough to act on.
              const key = `${r.method} ${r.url}: ${what} (${res.statusCode})`;
              if (!problems.has(key)) problems.set(key, where);
            };
            if (res.statusCode >= 500) problem('5xx');
            const json = /json/.test(String(res.headers['content-type']));
            if (res.statusCode >= 400) {
              if (!isErrorEnvelope(res)) problem('not the envelope');
              if (before && !equal(await rowCounts(app, tables), before))
                problem('stored while refused');
            } else if (json) {
              if (res.json().success !== true) problem('2xx without success true');
            } else if (!/^attachment;/.test(String(res.headers['content-disposition']))) {
              // Raw answers are file downloads only.
              problem('raw answer that is not an attachment');
            }
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    expect(Object.fromEntries(problems)).toEqual({});
    // No request, refused or not, polluted a prototype of the server process.
    expect(({} as Record<string, unknown>).isSysadmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  }, 120_000);

  it('answers boundary values of every path parameter with an envelope, never a 500', async () => {
    const problems: string[] = [];
    const boundaries = [
      '0',
      '2147483647',
      '2147483648',
      '9007199254740993',
      '1e3',
      '0x10',
      'x'.repeat(100),
    ];
    for (const r of routes) {
      for (const name of paramNames(r.url)) {
        for (const b of boundaries) {
          const url = r.url.replace(/:(\w+)/g, (_, n: string) =>
            n === name ? b : (validParam[n] ?? '1'),
          );
          const res = await app.inject({
            method: r.method,
            url,
            headers: auth,
            ...(r.method === 'GET' ? {} : { payload: {} }),
          });
          if (res.statusCode >= 500 || (res.statusCode >= 400 && !isErrorEnvelope(res))) {
            problems.push(`${r.method} ${url} → ${res.statusCode} ${res.body.slice(0, 100)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers every sort key that is not an own sortable column of a list with a 400 (issue 14)', async () => {
    // Object.prototype's keys reached through a plain object once gave a 500 on every list.
    const keys = [
      ...Object.getOwnPropertyNames(Object.prototype),
      'prototype',
      'toString',
      '',
      ' ',
      'id ',
      'ID',
      'l.id',
      'id; drop table licences',
    ];
    const listRoutes = routes.filter((r) => r.list?.kind === 'list' || r.list?.kind === 'export');
    expect(listRoutes.length).toBeGreaterThanOrEqual(32);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...listRoutes),
        fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })),
        fc.boolean(),
        async (r, sortBy, sortDesc) => {
          if (Object.hasOwn(r.list?.columns ?? {}, sortBy)) return;
          const url = r.url.replace(/:(\w+)/g, (_, n: string) => validParam[n] ?? '1');
          const body = { sortBy, sortDesc, ...(r.list?.kind === 'export' ? { all: true } : {}) };
          const res = await app.inject({ method: 'POST', url, headers: auth, payload: body });
          expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
          expect(isErrorEnvelope(res)).toBe(true);
          expect(res.json().errors.sortBy).toBeDefined();
        },
      ),
      { numRuns: 300, seed: SEED },
    );
  });
});

/**
 * The one input rule (server/http/input.ts, issue 14): a NUL character in any string of any
 * route, one string at a time, in a request otherwise valid (generated from the route's schemas,
 * samples.ts), so that without the rule the handler would carry it to the database. Body and
 * query strings: a 400 naming the field. Path values: a 400, or the guard's 404 when the
 * organisation or site id itself is broken. Never a 500, always the envelope, nothing stored.
 */
describe('fuzz: a NUL character in every string of every route', () => {
  it('answers each with a 400 envelope naming the field (path ids: 400 or 404), storing nothing', async () => {
    const problems: string[] = [];
    let cases = 0;
    for (const r of routes) {
      const sample = sampleRequest(r, validParam);
      // The sample must be valid, or the NUL would be refused for another reason.
      const queryStrings = Object.fromEntries(
        Object.entries(sample.query ?? {})
          .filter(([, v]) => v !== null)
          .map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
      );
      for (const [where, schema, value] of [
        ['body', r.body, sample.body],
        ['query', r.query, queryStrings],
      ] as const) {
        const parsed = schema?.safeParse(value);
        if (parsed && !parsed.success)
          problems.push(`${r.method} ${r.url}: no valid ${where} sample (${parsed.error.message})`);
      }
      const nul = (s: string) => `${s.slice(0, 1)}\u0000${s.slice(1)}`;
      const variants: Array<[string, RouteSample, string[]]> = [
        ...Object.entries(sample.params).map(([name, v]): [string, RouteSample, string[]] => [
          `params.${name}`,
          { ...sample, params: { ...sample.params, [name]: nul(v) } },
          [name],
        ]),
        ...stringsOf(sample.query ?? null).map(([keys, v]): [string, RouteSample, string[]] => [
          `query.${keys.join('.')}`,
          {
            ...sample,
            query: withString(sample.query ?? {}, keys, nul(v)) as RouteSample['query'],
          },
          [keys[0] ?? ''],
        ]),
        ...stringsOf(sample.body ?? null).map(([keys, v]): [string, RouteSample, string[]] => [
          `body.${keys.join('.')}`,
          { ...sample, body: withString(sample.body ?? null, keys, nul(v)) },
          [keys.join('.')],
        ]),
      ];
      for (const [where, req, fields] of variants) {
        cases += 1;
        const url = urlOf(r, req);
        const before = isWrite(r) ? await rowCounts(app, tables) : undefined;
        const res = await app.inject({
          method: r.method,
          url,
          headers: auth,
          ...(req.body !== undefined && r.method !== 'GET' ? { payload: req.body as object } : {}),
        });
        const said = `${r.method} ${r.url} ${where} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        const guardRefused =
          where.startsWith('params.') &&
          res.statusCode === 404 &&
          /^(orgId|siteId)$/.test(where.slice(7));
        if (!isErrorEnvelope(res)) problems.push(`not an error envelope: ${said}`);
        else if (!guardRefused) {
          const errors = Object.keys(res.json().errors ?? {});
          if (res.statusCode !== 400 || !fields.some((f) => errors.includes(f)))
            problems.push(`not a 400 naming ${fields.join('/')}: ${said}`);
        }
        if (before && !equal(await rowCounts(app, tables), before))
          problems.push(`stored while refused: ${said}`);
      }
    }
    expect(problems).toEqual([]);
    expect(cases).toBeGreaterThan(300);
  }, 180_000);
});
