import type { ErrorEvent as SentryEvent } from '@sentry/react';
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth, crmApi, dataApi, identityApi, isUnderConfiguredBase } from '@/core/api';
import { config } from '@/core/config';
import { neutraliseCell, recordsToCsvText, toCsvText } from '@/core/data-table';
import { FILTERED, scrubValue } from '@/core/errors';
import { createBeforeSend } from '@/core/errors/sentry-options';
import { server } from '../msw/server';
import { runsAsFormula } from './formula';

/**
 * What tests/core already proves is not repeated here (errors: one event with the usual
 * secrets; api: absolute and protocol-relative URLs, '../' climbs; data-table: formula starts,
 * RFC 4180 and the column count). This file adds the shapes they leave out.
 */

// ---------------------------------------------------------------------------------------------
// Error reports carry no token, authorization code, state or customData.

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJlLXN0dWZm';
const SECRETS = ['OPAQUE_RT_9f8e7d', 'SECRETCODE42', 'SECRETSTATE42', 'apiKeyValue', JWT];

const event = (extra: Record<string, unknown>, message = 'Boom'): SentryEvent =>
  ({
    type: undefined,
    message,
    exception: { values: [{ type: 'Error', value: message }] },
    extra,
  }) as SentryEvent;

const scrubbedText = (e: SentryEvent | null) => JSON.stringify(e);

describe('error reports', () => {
  it('strips secrets in key variants the reporter may meet', () => {
    const out = scrubValue({
      headers: { Authorization: `Bearer ${JWT}`, 'X-Access-Token': 'OPAQUE_RT_9f8e7d' },
      body: {
        refreshToken: 'OPAQUE_RT_9f8e7d',
        RefreshToken: 'OPAQUE_RT_9f8e7d',
        custom_data: '{"apiKey":"apiKeyValue"}',
        CustomData: { apiKey: 'apiKeyValue' },
        code: 'SECRETCODE42',
        State: 'SECRETSTATE42',
      },
    });
    const text = JSON.stringify(out);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('strips them from the exception text and from customData nested deep in the payload', () => {
    const beforeSend = createBeforeSend();
    const out = beforeSend(
      event(
        {
          payload: { a: { b: { c: { org: { customData: { apiKey: 'apiKeyValue' } } } } } },
          list: [{ customData: '{"apiKey":"apiKeyValue"}' }],
        },
        `GET https://portal.example/signin-oidc?state=SECRETSTATE42&code=SECRETCODE42 failed: Bearer ${JWT}`,
      ),
    );
    const text = scrubbedText(out);
    for (const secret of SECRETS.slice(1)) expect(text).not.toContain(secret);
  });

  it('strips secrets inside JSON text (a token response or an org body logged as a string)', () => {
    const beforeSend = createBeforeSend();
    const out = beforeSend(
      event({
        responseText:
          '{"access_token":"OPAQUE_RT_9f8e7d","refresh_token":"OPAQUE_RT_9f8e7d","token_type":"Bearer"}',
        requestBody: '{"org":{"name":"Acme","customData":{"keys":{"apiKey":"apiKeyValue"}}}}',
      }),
    );
    const text = scrubbedText(out);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('strips a code and state carried URL-encoded inside another URL (returnUrl, redirect_uri)', () => {
    const inner = '/signin-oidc?code=SECRETCODE42&state=SECRETSTATE42';
    const beforeSend = createBeforeSend();
    const out = beforeSend(
      event({
        url: `http://localhost:5173/login?returnUrl=${encodeURIComponent(inner)}`,
        twice: `http://localhost:4000/identity/Account/Login?returnUrl=${encodeURIComponent(
          `http://localhost:5173/x?returnUrl=${encodeURIComponent(inner)}`,
        )}`,
      }),
    );
    const text = scrubbedText(out);
    for (const secret of ['SECRETCODE42', 'SECRETSTATE42']) expect(text).not.toContain(secret);
  });

  it('strips secrets from Error objects attached to the report', () => {
    const beforeSend = createBeforeSend();
    const error = Object.assign(new Error(`Request failed: Bearer ${JWT}`), {
      config: { headers: { Authorization: `Bearer ${JWT}` } },
    });
    const out = beforeSend(event({ error }));
    const attached = out?.extra?.['error'] as (Error & { config?: unknown }) | undefined;
    expect(attached?.message ?? '').not.toContain(JWT);
    expect(JSON.stringify(attached?.config ?? null)).not.toContain(JWT);
  });

  it('strips every secret whatever text surrounds it (property)', () => {
    const noise = fc.string({ maxLength: 10 }).filter((s) => !/[A-Za-z0-9]/.test(s.slice(-1)));
    fc.assert(
      fc.property(
        noise,
        noise,
        fc.constantFrom(...SECRETS.slice(1, 3)),
        (before, after, secret) => {
          const url = `https://portal.example/signin-oidc?${secret === 'SECRETCODE42' ? 'code' : 'state'}=${secret}`;
          const text = JSON.stringify(scrubValue({ message: `${before}${url}${after}` }));
          expect(text).not.toContain(secret);
          const bearer = JSON.stringify(scrubValue({ message: `${before}Bearer ${JWT}${after}` }));
          expect(bearer).not.toContain(JWT);
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });

  it(`replaces them with ${FILTERED} and keeps ordinary context`, () => {
    const out = scrubValue({ endpoint: '/crm/v1/orgs/1/offerings/list', status: 400, code: 'X' });
    expect(out).toEqual({ endpoint: '/crm/v1/orgs/1/offerings/list', status: 400, code: FILTERED });
  });
});

// ---------------------------------------------------------------------------------------------
// The API client never sends the bearer token outside the three configured backends.

describe('bearer token confinement', () => {
  let disconnect: (() => void) | undefined;
  afterEach(() => {
    disconnect?.();
    disconnect = undefined;
  });

  const tricky = (base: string) => {
    const u = new URL(base);
    return [
      `${u.protocol}//${u.host}@evil.example${u.pathname}/x`,
      `${u.protocol}//evil.example@${u.host}.evil.example${u.pathname}/x`,
      `${u.protocol}//${u.hostname}.evil.example:${u.port || 80}${u.pathname}/x`,
      `${u.protocol}//${u.host}${u.pathname}/../../other`,
      `${u.protocol}//${u.host}${u.pathname}%2F..%2F..%2Fother`,
      `${u.protocol}//${u.host}${u.pathname}evil/x`,
      `${u.protocol}//${u.host}\\@evil.example${u.pathname}/x`,
      `${u.protocol === 'http:' ? 'https:' : 'http:'}//${u.host}${u.pathname}/x`,
      `${u.protocol}//${u.host.toUpperCase()}${u.pathname.toUpperCase()}/x`,
      `javascript:alert(1)//${u.host}${u.pathname}/x`,
      `${u.protocol}/\t/evil.example${u.pathname}/x`,
    ];
  };

  it('recognises none of the look-alike URLs as a configured backend', () => {
    for (const base of [config.crmApiUrl, config.dataApiUrl, config.identityApiUrl]) {
      for (const url of tricky(base)) {
        const target = (() => {
          try {
            return new URL(url);
          } catch {
            return null;
          }
        })();
        const base0 = new URL(base);
        const reallyUnder =
          target !== null &&
          target.origin === base0.origin &&
          `${target.pathname}/`.startsWith(`${base0.pathname.replace(/\/+$/, '')}/`);
        expect(isUnderConfiguredBase(url), url).toBe(reallyUnder);
      }
    }
  });

  it('sends no token for any path a caller passes that leaves the backends (property)', async () => {
    const seen: Array<{ url: string; auth: string | null }> = [];
    server.use(
      http.all('*', ({ request }) => {
        seen.push({ url: request.url, auth: request.headers.get('authorization') });
        return HttpResponse.json({ success: true, errors: null, data: null });
      }),
    );
    disconnect = configureApiAuth({
      getUser: async () =>
        ({
          access_token: 'TOKEN-UNDER-TEST',
          expires_at: Math.floor(Date.now() / 1000) + 3600,
          expired: false,
        }) as never,
      refresh: async () => null as never,
      navigate: vi.fn(),
    });
    const piece = fc.constantFrom(
      '..',
      '%2e%2e',
      '%2E%2E%2F',
      '..%2f',
      '..\\',
      '@evil.example',
      '//evil.example',
      'evil.example',
      'https:',
      '\t',
      '?',
      '#',
      'x',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(crmApi, dataApi, identityApi),
        fc.array(piece, { minLength: 1, maxLength: 5 }),
        async (client, parts) => {
          seen.length = 0;
          await client
            .get(parts.join('/'), undefined, { handleErrorManually: true })
            .catch(() => undefined);
          for (const request of seen) {
            if (request.auth) {
              expect(isUnderConfiguredBase(request.url), request.url).toBe(true);
            }
          }
        },
      ),
      { numRuns: 80, seed: 5 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// CSV export: what tests/core/data-table/csv.test.tsx leaves out.

/** A cell a spreadsheet could run (the model of ./formula.ts; csv-injection.test.ts has more). */
const DANGEROUS = { test: runsAsFormula };

/** An RFC 4180 reader. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  rows.push(row);
  return rows;
}

describe('CSV export', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc
      .tuple(
        fc.constantFrom('=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'),
        fc.string({ maxLength: 10 }),
      )
      .map(([a, b]) => a + b),
    fc.constantFrom(
      '=HYPERLINK("http://evil.example","x")',
      '@SUM(1+1)*cmd|/C calc!A0',
      '-2+3',
      '"=1"',
      ',=1',
      '\n=1',
    ),
  );

  it('no exported cell, header included, starts a formula; each is the value or the value behind a quote (property)', () => {
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 4 }),
        fc.array(fc.array(text, { minLength: 4, maxLength: 4 }), { maxLength: 5 }),
        (headers, rows) => {
          const width = headers.length;
          const body = rows.map((r) => r.slice(0, width));
          const csv = toCsvText(headers, body);
          expect(csv.startsWith('\uFEFF')).toBe(true);
          const parsed = parseCsv(csv.slice(1));
          const original = [headers, ...body];
          expect(parsed).toHaveLength(original.length);
          parsed.forEach((line, r) => {
            expect(line).toHaveLength(width);
            line.forEach((cell, c) => {
              const value = original[r]?.[c] ?? '';
              expect(DANGEROUS.test(cell), JSON.stringify(cell)).toBe(false);
              expect(cell).toBe(DANGEROUS.test(value) ? `'${value}` : value);
            });
          });
        },
      ),
      { numRuns: 300, seed: 3 },
    );
  });

  it('neutralises record keys used as headers and values of any type', () => {
    const csv = recordsToCsvText([{ '=cmd': '@x', '+a': -1, b: { toString: () => '=x' } }]);
    const [header, row] = parseCsv(csv.slice(1));
    expect(header).toEqual(["'=cmd", "'+a", 'b']);
    expect(row?.[0]).toBe("'@x");
    expect(row?.[1]).toBe('-1'); // a number holds no formula
    expect(DANGEROUS.test(row?.[2] ?? '')).toBe(false);
    expect(DANGEROUS.test(neutraliseCell(new String('=1')))).toBe(false);
  });
});
