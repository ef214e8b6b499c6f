import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { routeTable, type RouteInfo } from '../http/routes';
import { MAX_TAG_LENGTH, maxLengthMessage } from '@/contract/limits';
import { bearer, createTestApp, tokenFor } from '../test/harness';
import { form, startAuthorization } from '../test/oidc';
import {
  PATH_VALUES,
  jsonSchemaOf,
  resolve,
  sampleRequest,
  stringsOf,
  urlOf,
  withString,
} from './samples';

/**
 * Issue 17 ('Names and limits'): a text longer than its maximum in the contract is refused with
 * a 400 field error keyed by the field (errorCode 'maxLength'), never cut and stored. Generated
 * from the route table: every string of every write's body, one over its maximum.
 */
let app: App;
let routes: RouteInfo[];
let auth: Record<string, string>;
beforeAll(async () => {
  app = await createTestApp();
  routes = routeTable();
  auth = bearer(await tokenFor(app, 'sysadmin'));
});
afterAll(async () => {
  await app.close();
});

type Schema = ReturnType<typeof jsonSchemaOf>;

/** The string schema at keys (through nullable/optional variants, objects and arrays). */
function stringAt(s0: Schema, defs: Record<string, Schema>, keys: string[]): Schema | undefined {
  const s = resolve(s0, defs);
  const variants = s.anyOf ?? s.oneOf ?? s.allOf;
  if (variants) {
    for (const v of variants) {
      const found = stringAt(v, defs, keys);
      if (found) return found;
    }
    return undefined;
  }
  const [head, ...rest] = keys;
  if (head === undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    return types.includes('string') ? s : undefined;
  }
  if (s.items && /^\d+$/.test(head)) return stringAt(s.items, defs, rest);
  const prop = s.properties?.[head];
  return prop ? stringAt(prop, defs, rest) : undefined;
}

/** A text one character over max, in the shape its format asks for. */
function overLong(s: Schema, max: number): string {
  if (s.format === 'email') return `${'x'.repeat(max + 1 - '@example.com'.length)}@example.com`;
  return 'x'.repeat(max + 1);
}

/** The write routes (a list's POST reads), without the error sink (it parses its own body). */
const isWrite = (r: RouteInfo) =>
  r.method !== 'GET' && !!r.body && !r.list && !r.url.startsWith('/errors/');
/** Files are bounded by their size (limits.test.ts), not here. */
const MAX_GENERATED = 100_000;

describe('over-long texts of every write (issue 17)', () => {
  it('answers one character over any text’s maximum with a 400 maxLength error on that field', async () => {
    const cases: string[] = [];
    const problems: string[] = [];
    for (const r of routes.filter(isWrite)) {
      const sample = sampleRequest(r, PATH_VALUES);
      if (sample.body === undefined) continue;
      const js = jsonSchemaOf(r.body as never);
      for (const [keys] of stringsOf(sample.body)) {
        const s = stringAt(js, js.$defs ?? {}, keys);
        if (!s?.maxLength || s.maxLength > MAX_GENERATED || s.enum) continue;
        const field = keys.join('.');
        cases.push(`${r.method} ${r.url} ${field}`);
        const res = await app.inject({
          method: r.method,
          url: urlOf(r, sample),
          headers: auth,
          payload: withString(sample.body, keys, overLong(s, s.maxLength)) as object,
        });
        const error = res.statusCode === 400 ? res.json().errors?.[field] : undefined;
        if (
          error?.errorCode !== 'maxLength' ||
          (error.message as string).startsWith('Too big') ||
          !/\d/.test(error.message as string)
        )
          problems.push(
            `${r.method} ${r.url} ${field}: ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
      }
    }
    expect(cases.length).toBeGreaterThan(30);
    expect(problems).toEqual([]);
  });

  it('refuses a 1,500-character offering name and stores nothing', async () => {
    const name = 'N'.repeat(1500);
    const res = await app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/2/offerings',
      headers: auth,
      payload: { type: 'product', name },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toEqual({
      message: maxLengthMessage(200),
      errorCode: 'maxLength',
    });
    const rows = await app.services.db.query('select id from offerings where name like $1', [
      'NNNN%',
    ]);
    expect(rows).toEqual([]);
  });

  it(`refuses a tag over ${MAX_TAG_LENGTH} characters instead of cutting it`, async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/2/offerings',
      headers: auth,
      payload: { type: 'product', name: 'Tagged too long', tags: ['t'.repeat(MAX_TAG_LENGTH + 1)] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['tags.0']).toEqual({
      message: maxLengthMessage(MAX_TAG_LENGTH),
      errorCode: 'maxLength',
    });
  });

  it('the identity service’s registration page refuses a 101-character first name with the forms’ message, keeping it', async () => {
    const { jar, interaction } = await startAuthorization(app);
    const firstName = 'F'.repeat(101);
    const fields = {
      firstName,
      lastName: 'Long',
      email: 'long-name@example.com',
      password: 'long enough',
      confirmPassword: 'long enough',
    };
    const res = await app.inject({
      method: 'POST',
      url: `${interaction}/register`,
      headers: { ...form(fields).headers, host: 'localhost:4000', cookie: jar.header() },
      payload: form(fields).payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(maxLengthMessage(100));
    expect(res.body).toContain(`value="${firstName}"`);
  });
});
