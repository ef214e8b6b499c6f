import type * as SentryNamespace from '@sentry/react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorEvent as SentryEvent } from '@sentry/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '@/core/config';
import { FILTERED, initErrorReporting, reportError, scrubString } from '@/core/errors';
import { pendingReports, resetErrorReportingForTests } from '@/core/errors/reporting';
import { createBeforeSend } from '@/core/errors/sentry-options';

type SentryModule = typeof SentryNamespace;

function fakeSentry() {
  const init = vi.fn();
  const captureException = vi.fn();
  const module = {
    init,
    captureException,
    defaultStackParser: () => [],
  } as unknown as SentryModule;
  return { module, init, captureException, load: vi.fn(() => Promise.resolve(module)) };
}

afterEach(() => resetErrorReportingForTests());

describe('lazy error reporting', () => {
  it('buffers errors reported before the SDK loads and sends them once it is up', async () => {
    const sentry = fakeSentry();
    const early = new Error('before init');
    reportError(early, { endpoint: 'x' });
    expect(pendingReports()).toHaveLength(1);
    await initErrorReporting('org', { load: sentry.load, immediate: true });
    expect(sentry.init).toHaveBeenCalledTimes(1);
    expect(sentry.captureException).toHaveBeenCalledWith(early, { extra: { endpoint: 'x' } });
    expect(pendingReports()).toHaveLength(0);
    const later = new Error('after init');
    reportError(later);
    expect(sentry.captureException).toHaveBeenLastCalledWith(later, undefined);
  });

  it('keeps uncaught errors and unhandled rejections that happen while the SDK loads', async () => {
    const sentry = fakeSentry();
    let release: (m: SentryModule) => void = () => undefined;
    const load = vi.fn(() => new Promise<SentryModule>((resolve) => (release = resolve)));
    const done = initErrorReporting('site', { load, immediate: true });
    const boom = new Error('uncaught');
    window.dispatchEvent(new ErrorEvent('error', { error: boom, message: 'uncaught' }));
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: 'rejected!' });
    window.dispatchEvent(rejection);
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    expect(sentry.captureException).not.toHaveBeenCalled();
    release(sentry.module);
    await done;
    expect(sentry.captureException).toHaveBeenCalledWith(boom, {
      extra: { source: 'window.onerror' },
    });
    expect(sentry.captureException).toHaveBeenCalledWith('rejected!', {
      extra: { source: 'unhandledrejection' },
    });
    // Sentry's own handlers take over: ours are gone.
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'later' }));
    expect(pendingReports()).toHaveLength(0);
    expect(sentry.captureException).toHaveBeenCalledTimes(2);
  });

  it('loads the SDK only after the page is idle, not at start', async () => {
    vi.useFakeTimers();
    try {
      const sentry = fakeSentry();
      const done = initErrorReporting('org', { load: sentry.load });
      expect(sentry.load).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      await done;
      expect(sentry.load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('initialises Sentry with the options of SPEC §9', async () => {
    const sentry = fakeSentry();
    await initErrorReporting('org', { load: sentry.load, immediate: true });
    const options = sentry.init.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(options).toMatchObject({
      dsn: config.sentryDsn,
      environment: config.environment,
      maxBreadcrumbs: 100,
      transportOptions: { bufferSize: 64 },
      initialScope: { tags: { portal: 'org' } },
    });
    expect(typeof options['beforeSend']).toBe('function');
    expect(options['stackParser']).toBe(sentry.module.defaultStackParser);
    expect(Error.stackTraceLimit).toBeGreaterThanOrEqual(50);
  });

  it('@sentry/react is never imported statically from src (it stays out of the first-load bundle)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx)$/.test(name)) files.push(path);
      }
    };
    walk(join(process.cwd(), 'src'));
    const offenders = files.filter((file) =>
      /^\s*import\s+(?!type\b)[^;]*from\s+['"]@sentry\/react['"]/m.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});

function event(overrides: Partial<SentryEvent> = {}): SentryEvent {
  return {
    type: undefined,
    exception: { values: [{ type: 'Error', value: 'Boom' }] },
    ...overrides,
  } as SentryEvent;
}

describe('beforeSend', () => {
  it('strips tokens, authorization codes, state and customData', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJlLXN0dWZm';
    const beforeSend = createBeforeSend();
    const scrubbed = beforeSend(
      event({
        message: `Request failed with Bearer ${jwt}`,
        request: {
          url: 'http://localhost:5173/signin-oidc?code=SECRETCODE&state=SECRETSTATE&tab=2#access_token=AT&id_token=IT',
          query_string: 'code=SECRETCODE&state=SECRETSTATE',
          headers: { Authorization: `Bearer ${jwt}`, Accept: 'application/json' },
        },
        extra: {
          endpoint: 'https://crm/v1/Orgs/Update',
          payload: {
            name: 'Acme',
            customData: '{"apiKey":"k"}',
            nested: { refresh_token: 'RT', keep: 1 },
          },
          raw: '{"id":1,"customData":{"apiKey":"k"},"name":"x"}',
        },
        breadcrumbs: [
          { category: 'navigation', data: { from: '/x', to: '/signin-oidc?code=C2&state=S2' } },
          { category: 'xhr', data: { url: `https://crm/v1/x?access_token=${jwt}` } },
        ],
      }),
    );
    const text = JSON.stringify(scrubbed);
    for (const secret of [
      'SECRETCODE',
      'SECRETSTATE',
      jwt,
      '"AT"',
      'IT&',
      'C2',
      'S2',
      '"RT"',
      'apiKey',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain(FILTERED);
    expect(scrubbed?.request?.url).toBe(
      `http://localhost:5173/signin-oidc?code=${FILTERED}&state=${FILTERED}&tab=2#access_token=${FILTERED}&id_token=${FILTERED}`,
    );
    expect(scrubbed?.request?.headers?.['Accept']).toBe('application/json');
    expect((scrubbed?.extra?.['payload'] as Record<string, unknown>)['name']).toBe('Acme');
  });

  it('scrubString leaves ordinary text alone', () => {
    expect(scrubString('Offering 42 saved; errorCode: Required')).toBe(
      'Offering 42 saved; errorCode: Required',
    );
    expect(scrubString('/users?page=2&sort=name')).toBe('/users?page=2&sort=name');
  });

  it('drops an identical event within 60 s and lets it through afterwards', () => {
    let now = 1_000_000;
    const beforeSend = createBeforeSend(() => now);
    expect(beforeSend(event())).not.toBeNull();
    now += 59_000;
    expect(beforeSend(event())).toBeNull();
    expect(
      beforeSend(event({ exception: { values: [{ type: 'Error', value: 'Other' }] } })),
    ).not.toBeNull();
    now += 2_000;
    expect(beforeSend(event())).not.toBeNull();
  });

  it('reports the same failure from another endpoint or with another status within 60 s', () => {
    let now = 1_000_000;
    const beforeSend = createBeforeSend(() => now);
    const failure = (endpoint: string, status: number) =>
      event({ extra: { endpoint, status, method: 'GET', payload: undefined } });
    expect(beforeSend(failure('https://crm/v1/Orgs', 500))).not.toBeNull();
    now += 1_000;
    expect(beforeSend(failure('https://crm/v1/Orgs', 500))).toBeNull();
    expect(beforeSend(failure('https://crm/v1/Users', 500))).not.toBeNull();
    expect(beforeSend(failure('https://crm/v1/Orgs', 400))).not.toBeNull();
  });
});
