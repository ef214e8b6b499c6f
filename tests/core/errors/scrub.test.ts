import { describe, expect, it } from 'vitest';
import { FILTERED, scrubString, scrubValue } from '@/core/errors';
import { createBeforeSend } from '@/core/errors/sentry-options';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJlLXN0dWZm';

describe('scrubValue: key names', () => {
  it('filters secret keys in any case and with any separator', () => {
    const keys = [
      'access_token',
      'accessToken',
      'X-Access-Token',
      'access-token',
      'refresh_token',
      'id_token',
      'id_token_hint',
      'Authorization',
      'code',
      'authCode',
      'state',
      'session_state',
      'sessionState',
      'customData',
      'custom_data',
      'password',
      'client_secret',
      'Cookie',
    ];
    const out = scrubValue(Object.fromEntries(keys.map((k) => [k, 'SECRET-VALUE'])));
    expect(out).toEqual(Object.fromEntries(keys.map((k) => [k, FILTERED])));
  });

  it('keeps ordinary keys', () => {
    const value = { errorCode: 'Required', status: 400, name: 'Acme', url: '/users?page=2' };
    expect(scrubValue(value)).toEqual(value);
  });
});

describe('scrubString: JSON text', () => {
  it('parses, scrubs and re-serialises a string holding a JSON object or array', () => {
    const token = '{"access_token":"OPAQUE","refresh_token":"OPAQUE","expires_in":3600}';
    expect(JSON.parse(scrubString(token))).toEqual({
      access_token: FILTERED,
      refresh_token: FILTERED,
      expires_in: 3600,
    });
    const org = '[{"org":{"name":"Acme","customData":{"keys":{"apiKey":"v"}}}}]';
    expect(JSON.parse(scrubString(org))).toEqual([{ org: { name: 'Acme', customData: FILTERED } }]);
  });

  it('filters secret keys in JSON embedded in longer text, nested or escaped', () => {
    const text = scrubString(
      'Response 400: {"org":{"customData":{"keys":{"apiKey":"v"}},"name":"Acme"},"access_token":"OPAQUE"}',
    );
    expect(text).not.toContain('apiKey');
    expect(text).not.toContain('OPAQUE');
    expect(text).toContain('"name":"Acme"');
    const escaped = scrubString('body: "{\\"refresh_token\\":\\"OPAQUE\\",\\"keep\\":1}"');
    expect(escaped).not.toContain('OPAQUE');
    expect(escaped).toContain('keep');
  });

  it('leaves text that only looks like JSON alone and does not parse huge strings', () => {
    expect(scrubString('{not json}')).toBe('{not json}');
    const huge = `[${'1,'.repeat(60_000)}1]`;
    expect(scrubString(huge)).toBe(huge);
  });
});

describe('scrubString: URLs', () => {
  it('filters code and state URL-encoded inside another URL, once or twice', () => {
    const inner = '/signin-oidc?code=SECRETCODE&state=SECRETSTATE';
    const once = `http://localhost:5173/login?returnUrl=${encodeURIComponent(inner)}`;
    const twice = `http://localhost:4000/Account/Login?ReturnUrl=${encodeURIComponent(
      `http://localhost:5173/x?returnUrl=${encodeURIComponent(inner)}&tab=2`,
    )}`;
    for (const url of [once, twice]) {
      const out = scrubString(url);
      expect(out).not.toContain('SECRETCODE');
      expect(out).not.toContain('SECRETSTATE');
      expect(out).toContain('returnUrl');
    }
    expect(scrubString(once)).toBe(
      `http://localhost:5173/login?returnUrl=%2Fsignin-oidc%3Fcode%3D${FILTERED}%26state%3D${FILTERED}`,
    );
  });

  it('filters parameters with camelCase and dashed names and id_token_hint', () => {
    const out = scrubString(
      `https://id/connect/endsession?id_token_hint=OPAQUE1&sessionState=OPAQUE2&x-access-token=OPAQUE3&page=2`,
    );
    expect(out).toBe(
      `https://id/connect/endsession?id_token_hint=${FILTERED}&sessionState=${FILTERED}&x-access-token=${FILTERED}&page=2`,
    );
  });

  it('replaces bearer tokens and JWTs anywhere in text', () => {
    expect(scrubString(`auth Bearer OPAQUE.token-1 failed`)).toBe(`auth Bearer ${FILTERED} failed`);
    expect(scrubString(`x${JWT}y`)).not.toContain(JWT);
    expect(scrubString(`Authorization%3A%20Bearer%20${JWT}`)).not.toContain(JWT);
  });
});

describe('scrubValue: Error objects', () => {
  it('scrubs message, stack and own properties (an axios-like error) and keeps the class', () => {
    class HttpError extends Error {}
    const error = Object.assign(new HttpError(`Request failed: Bearer ${JWT}`), {
      config: { url: '/x?code=SECRETCODE', headers: { Authorization: `Bearer ${JWT}` } },
      status: 401,
    });
    const out = scrubValue({ error }).error;
    expect(out).toBeInstanceOf(HttpError);
    expect(out).not.toBe(error);
    expect(out.message).toBe(`Request failed: Bearer ${FILTERED}`);
    expect(out.stack ?? '').not.toContain(JWT);
    expect(out.config).toEqual({
      url: `/x?code=${FILTERED}`,
      headers: { Authorization: FILTERED },
    });
    expect(out.status).toBe(401);
    expect(error.message).toContain(JWT); // the original is untouched
  });

  it('scrubs an Error inside a Sentry event through beforeSend', () => {
    const error = new Error('boom', { cause: { access_token: 'OPAQUE' } });
    const out = createBeforeSend()({
      type: undefined,
      exception: { values: [{ type: 'Error', value: 'boom' }] },
      extra: { error },
    });
    expect(JSON.stringify((out?.extra?.['error'] as Error).cause)).not.toContain('OPAQUE');
  });
});

describe('scrubValue: bounds', () => {
  it('survives cycles and very deep nesting', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic['self'] = cyclic;
    const error = new Error('x') as Error & { self?: unknown };
    error.self = error;
    expect(() => scrubValue({ cyclic, error })).not.toThrow();
    let deep: Record<string, unknown> = { token: 'OPAQUE' };
    for (let i = 0; i < 10_000; i++) deep = { next: deep };
    expect(JSON.stringify(scrubValue(deep))).not.toContain('OPAQUE');
    let deepJson = '"OPAQUE"';
    for (let i = 0; i < 5_000; i++) deepJson = `{"next":${deepJson}}`;
    expect(() => scrubString(deepJson)).not.toThrow();
  });

  it('scrubs pathological text in linear time (no regex backtracking blow-up)', () => {
    const started = performance.now();
    for (const text of ['ey'.repeat(100_000), '\\'.repeat(200_000), '"code":"'.repeat(30_000)]) {
      scrubString(text);
    }
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
