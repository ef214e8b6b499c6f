import type * as ErrorsModule from '@/core/errors';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  configureApiAuth,
  createApiClient,
  crmApi,
  dataApi,
  identityApi,
  isApiError,
  isUnderConfiguredBase,
  showingInPlace,
  type PagedProgress,
} from '@/core/api';
import { createSessionController } from '@/core/auth';
import { config } from '@/core/config';
import { reportError } from '@/core/errors';
import { notify } from '@/core/notify';
import { server } from '../../msw/server';
import {
  createTestUserManager,
  rotatingTokenEndpoint,
  storeSignedInUser,
} from '../auth/oidc-fixtures';
import { shimBlobStream } from '../../msw/blob-stream';

vi.mock('@/core/errors', async (importOriginal) => ({
  ...(await importOriginal<typeof ErrorsModule>()),
  reportError: vi.fn(),
}));

const crm = (path: string) => `${config.crmApiUrl}/${path}`;

/** Wires the API client to a real session controller over a real UserManager. */
function connectSession() {
  const manager = createTestUserManager();
  const navigate = vi.fn();
  const session = createSessionController(manager, {
    onSessionEnded: () => navigate('/'),
    locks: null,
    channel: null,
  });
  const disconnect = configureApiAuth({
    getUser: () => session.getUser(),
    refresh: () => session.refreshSession(),
    navigate,
  });
  return { manager, navigate, session, disconnect };
}

/** The catalogue's toasts wait for the end of the failed call's task (a screen may take one over). */
const afterTheTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let disconnect: (() => void) | undefined;
let errorToast: ReturnType<typeof vi.spyOn>;
let successToast: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.mocked(reportError).mockClear();
  errorToast = vi.spyOn(notify, 'error').mockImplementation(() => 'toast');
  successToast = vi.spyOn(notify, 'success').mockImplementation(() => 'toast');
});
afterEach(() => {
  disconnect?.();
  disconnect = undefined;
});

async function signedIn(expiresIn = 3600) {
  const ctx = connectSession();
  disconnect = ctx.disconnect;
  const user = await storeSignedInUser(ctx.manager, { expiresIn });
  return { ...ctx, user };
}

describe('GET helper', () => {
  it("returns the envelope's data field, with the bearer token", async () => {
    const { user } = await signedIn();
    let auth: string | null = null;
    server.use(
      http.get(crm('things/1'), ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ success: true, data: { id: 1 } });
      }),
    );
    await expect(crmApi.get('things/1')).resolves.toEqual({ id: 1 });
    expect(auth).toBe(`Bearer ${user.access_token}`);
  });

  it('returns a text or empty answer as it came', async () => {
    await signedIn();
    server.use(
      http.get(crm('text'), () => HttpResponse.text('plain words')),
      http.get(crm('null'), () => HttpResponse.json(null)),
    );
    await expect(crmApi.get('text')).resolves.toBe('plain words');
    await expect(crmApi.get('null')).resolves.toBeNull();
  });

  it('returns the body when there is no data field, and passes the query', async () => {
    await signedIn();
    server.use(
      http.get(crm('plain'), ({ request }) =>
        HttpResponse.json({ echo: new URL(request.url).searchParams.get('q') }),
      ),
    );
    await expect(crmApi.get('plain', { q: 'x y' })).resolves.toEqual({ echo: 'x y' });
  });

  it('uses the versioned base URL of each backend', async () => {
    await signedIn();
    server.use(
      http.get(`${config.identityApiUrl}/who`, () => HttpResponse.json({ data: 'identity' })),
      http.get(`${config.dataApiUrl}/who`, () => HttpResponse.json({ data: 'data' })),
    );
    await expect(identityApi.get('who')).resolves.toBe('identity');
    await expect(dataApi.get('/who')).resolves.toBe('data');
  });
});

describe('POST paged re-post (SPEC §7)', () => {
  /** A list of `total` rows served `pageSize` at a time; records every request body. */
  function pagedList(total: number, pageSize: number) {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(crm('rows/list'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        const skip = typeof body['skip'] === 'number' ? body['skip'] : 0;
        const results = Array.from(
          { length: Math.max(0, Math.min(pageSize, total - skip)) },
          (_, i) => skip + i,
        );
        return HttpResponse.json({
          success: true,
          data: {
            results,
            fetchedCount: results.length,
            skippedCount: skip,
            totalAvailable: total,
          },
        });
      }),
    );
    return bodies;
  }

  it.each([
    { follow: 0, total: 10, pageSize: 10, expectedRows: 10 },
    { follow: 1, total: 20, pageSize: 10, expectedRows: 20 },
    { follow: 5, total: 60, pageSize: 10, expectedRows: 60 },
    // More than 5 follow-ups needed: stops after 5 (6 requests, 60 of 100 rows).
    { follow: 5, total: 100, pageSize: 10, expectedRows: 60 },
  ])(
    'total $total by $pageSize → $follow follow-ups',
    async ({ follow, total, pageSize, expectedRows }) => {
      await signedIn();
      const bodies = pagedList(total, pageSize);
      const answer = await crmApi.post<{ results: number[]; totalAvailable: number }>('rows/list', {
        filter: 'a',
      });
      expect(bodies).toHaveLength(1 + follow);
      expect(bodies[0]).toEqual({ filter: 'a' });
      bodies
        .slice(1)
        .forEach((body, i) => expect(body).toEqual({ filter: 'a', skip: (i + 1) * pageSize }));
      expect(answer.results).toEqual(Array.from({ length: expectedRows }, (_, i) => i));
      expect(answer.totalAvailable).toBe(total);
    },
  );

  it('does not re-post an answer without the paging fields', async () => {
    await signedIn();
    let calls = 0;
    server.use(
      http.post(crm('save'), () => {
        calls += 1;
        return HttpResponse.json({ success: true, data: { results: [1], totalAvailable: 9 } });
      }),
    );
    await crmApi.post('save', { a: 1 });
    expect(calls).toBe(1);
  });
});

describe('tokens', () => {
  it("fails with 'No valid authentication token available' when signed out", async () => {
    const ctx = connectSession();
    disconnect = ctx.disconnect;
    let called = false;
    server.use(http.get(crm('x'), () => ((called = true), HttpResponse.json({}))));
    const error = await crmApi.get('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('No valid authentication token available');
    await afterTheTask();
    expect(errorToast).toHaveBeenCalledWith(
      'No valid authentication token available',
      expect.anything(),
    );
    expect(called).toBe(false);
  });

  it('sends no token for anonymous calls, and none-or-some for allowUnauthenticated', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(crm('open'), ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ data: 1 });
      }),
    );
    const ctx = connectSession();
    disconnect = ctx.disconnect;
    await crmApi.get('open', undefined, { allowUnauthenticated: true });
    const user = await storeSignedInUser(ctx.manager, { expiresIn: 3600 });
    await crmApi.get('open', undefined, { isAnonymous: true });
    await crmApi.get('open', undefined, { allowUnauthenticated: true });
    expect(seen).toEqual([null, null, `Bearer ${user.access_token}`]);
  });

  it('five parallel calls 30 s before expiry share ONE refresh, and all succeed', async () => {
    const { user } = await signedIn(30);
    const token = rotatingTokenEndpoint({
      validRefreshTokens: new Set([user.refresh_token ?? '']),
    });
    const seen: (string | null)[] = [];
    server.use(
      token.handler,
      http.get(crm('item/:id'), ({ request, params }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ success: true, data: Number(params['id']) });
      }),
    );
    const answers = await Promise.all([1, 2, 3, 4, 5].map((id) => crmApi.get(`item/${id}`)));
    expect(answers).toEqual([1, 2, 3, 4, 5]);
    expect(token.calls).toHaveLength(1);
    expect(token.calls[0]?.get('refresh_token')).toBe(user.refresh_token);
    expect(new Set(seen).size).toBe(1);
    expect(seen[0]).not.toBe(`Bearer ${user.access_token}`);
  });

  it('does not refresh a token with more than 60 s left', async () => {
    const { user } = await signedIn(61 + 5);
    const token = rotatingTokenEndpoint({
      validRefreshTokens: new Set([user.refresh_token ?? '']),
    });
    server.use(
      token.handler,
      http.get(crm('x'), () => HttpResponse.json({ data: 1 })),
    );
    await crmApi.get('x');
    expect(token.calls).toHaveLength(0);
  });

  it('SPEC §9 refresh margin 60 seconds: a token with exactly 60 s left is refreshed first, one with 61 s is used as is', async () => {
    // The clock stands still, so that "60 s left" stays 60 s on a busy machine.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T10:00:00Z') });
    try {
      for (const [left, refreshes] of [
        [60, 1],
        [61, 0],
      ] as const) {
        const { user } = await signedIn(left);
        const token = rotatingTokenEndpoint({
          validRefreshTokens: new Set([user.refresh_token ?? '']),
        });
        let sent: string | null = null;
        server.use(
          token.handler,
          http.get(crm('x'), ({ request }) => {
            sent = request.headers.get('authorization');
            return HttpResponse.json({ data: 1 });
          }),
        );
        await crmApi.get('x');
        expect({ left, refreshes: token.calls.length }).toEqual({ left, refreshes });
        if (refreshes === 0) expect(sent).toBe(`Bearer ${user.access_token}`);
        else expect(sent).not.toBe(`Bearer ${user.access_token}`);
        disconnect?.();
        disconnect = undefined;
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('a 401 refreshes once and retries once with the new token', async () => {
    const { user } = await signedIn();
    const token = rotatingTokenEndpoint({
      validRefreshTokens: new Set([user.refresh_token ?? '']),
    });
    const seen: (string | null)[] = [];
    server.use(
      token.handler,
      http.get(crm('guarded'), ({ request }) => {
        const auth = request.headers.get('authorization');
        seen.push(auth);
        return auth === `Bearer ${user.access_token}`
          ? new HttpResponse(null, { status: 401 })
          : HttpResponse.json({ data: 'ok' });
      }),
    );
    await expect(crmApi.get('guarded')).resolves.toBe('ok');
    expect(token.calls).toHaveLength(1);
    expect(seen).toHaveLength(2);
    expect(seen[1]).not.toBe(seen[0]);
  });

  it('a second 401 after the retry does not loop: toast, notAuthenticated, no more requests', async () => {
    const { user, navigate } = await signedIn();
    const token = rotatingTokenEndpoint({
      validRefreshTokens: new Set([user.refresh_token ?? '']),
    });
    let calls = 0;
    server.use(
      token.handler,
      http.get(crm('always401'), () => {
        calls += 1;
        return new HttpResponse(null, { status: 401 });
      }),
    );
    const error = await crmApi.get('always401').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(calls).toBe(2);
    expect(token.calls).toHaveLength(1);
    await afterTheTask();
    expect(errorToast).toHaveBeenCalledWith('Session expired, refreshing page.', expect.anything());
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/not-authenticated');
  });

  it('refresh failure (invalid_grant): every queued request rejects once, user removed, one redirect to /', async () => {
    const { manager, navigate } = await signedIn(20);
    const token = rotatingTokenEndpoint({ validRefreshTokens: new Set() });
    let apiCalls = 0;
    server.use(
      token.handler,
      http.get(crm('q'), () => ((apiCalls += 1), HttpResponse.json({ data: 1 }))),
    );
    const results = await Promise.allSettled([1, 2, 3].map(() => crmApi.get('q')));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(token.calls).toHaveLength(1);
    expect(apiCalls).toBe(0);
    expect(await manager.getUser()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/');
    // The session ending is not an API error to shout about.
    await afterTheTask();
    expect(errorToast).not.toHaveBeenCalled();
  });
});

describe('the bearer token never leaves the configured backends', () => {
  it('recognises only URLs under the three base URLs', () => {
    expect(isUnderConfiguredBase(`${config.crmApiUrl}/Orgs/x`)).toBe(true);
    expect(isUnderConfiguredBase(`${config.dataApiUrl}`)).toBe(true);
    expect(isUnderConfiguredBase('https://evil.example/v1/x')).toBe(false);
    expect(isUnderConfiguredBase('not a url')).toBe(false);
    expect(isUnderConfiguredBase(`${config.crmApiUrl}0/x`)).toBe(false);
    expect(isUnderConfiguredBase(`${new URL(config.crmApiUrl).origin}/other`)).toBe(false);
  });

  it('a backend configured at the root of its origin takes every path there', () => {
    const settings = config as { crmApiUrl: string };
    const saved = settings.crmApiUrl;
    settings.crmApiUrl = 'https://root.example';
    try {
      expect(isUnderConfiguredBase('https://root.example/Orgs/1')).toBe(true);
      expect(isUnderConfiguredBase('https://root.example')).toBe(true);
      expect(isUnderConfiguredBase('https://other.example/Orgs/1')).toBe(false);
    } finally {
      settings.crmApiUrl = saved;
    }
  });

  it('never sends the token to another host, whatever path the caller passes', async () => {
    await signedIn();
    const leaked: string[] = [];
    const crmSeen: string[] = [];
    server.use(
      http.all('https://evil.example/*', ({ request }) => {
        leaked.push(request.headers.get('authorization') ?? '(none)');
        return HttpResponse.json({});
      }),
      http.all(`${new URL(config.crmApiUrl).origin}/*`, ({ request }) => {
        crmSeen.push(new URL(request.url).pathname);
        return HttpResponse.json({ data: 1 });
      }),
    );
    // An absolute URL stays under the base URL (allowAbsoluteUrls: false)…
    await crmApi.get('https://evil.example/steal').catch(() => undefined);
    await crmApi.get('//evil.example/steal').catch(() => undefined);
    // …and a path that climbs out of it is refused before any request.
    const climbed = await crmApi.get('../../../elsewhere').catch((e: unknown) => e);
    expect(leaked).toEqual([]);
    expect(climbed).toBeInstanceOf(ApiError);
    expect((climbed as ApiError).kind).toBe('blocked');
    expect((climbed as ApiError).message).toBe(
      'Refused to send credentials outside the configured services: ../../../elsewhere',
    );
    expect(crmSeen.every((p) => p.startsWith(new URL(config.crmApiUrl).pathname))).toBe(true);
  });

  it('an anonymous call with an absolute URL stays under the base URL too', async () => {
    const elsewhere: string[] = [];
    const crmSeen: string[] = [];
    server.use(
      http.all('https://evil.example/*', ({ request }) => {
        elsewhere.push(request.url);
        return HttpResponse.json({ data: 'elsewhere' });
      }),
      http.all(`${new URL(config.crmApiUrl).origin}/*`, ({ request }) => {
        crmSeen.push(new URL(request.url).pathname);
        return HttpResponse.json({ data: 'crm' });
      }),
    );
    await expect(
      crmApi.get('https://evil.example/x', undefined, { isAnonymous: true }),
    ).resolves.toBe('crm');
    expect(elsewhere).toEqual([]);
    expect(crmSeen).toHaveLength(1);
    expect(crmSeen[0]?.startsWith(`${new URL(config.crmApiUrl).pathname}/`)).toBe(true);
  });

  it('a client on an unconfigured base URL sends no token at all', async () => {
    await signedIn();
    const seen: string[] = [];
    server.use(
      http.get('https://evil.example/v1/x', ({ request }) => {
        seen.push(request.headers.get('authorization') ?? '(none)');
        return HttpResponse.json({});
      }),
    );
    const rogue = createApiClient('https://evil.example/v1');
    await expect(rogue.get('x')).rejects.toMatchObject({ kind: 'blocked' });
    await rogue.get('x', undefined, { isAnonymous: true });
    expect(seen).toEqual(['(none)']);
  });
});

describe('error catalogue (SPEC §8)', () => {
  it("404 → toast 'Resource not found' that stays open", async () => {
    await signedIn();
    server.use(
      http.get(crm('missing'), () => HttpResponse.json({ success: false }, { status: 404 })),
    );
    await expect(crmApi.get('missing')).rejects.toMatchObject({ status: 404 });
    await afterTheTask();
    expect(errorToast).toHaveBeenCalledWith(
      'Resource not found',
      expect.objectContaining({ persistent: true }),
    );
    expect(reportError).not.toHaveBeenCalled();
  });

  it("403 → adds '403 Forbidden. You do not have permission to access this resource: {path}'", async () => {
    await signedIn();
    server.use(http.get(crm('Orgs/secret'), () => new HttpResponse(null, { status: 403 })));
    await expect(crmApi.get('Orgs/secret', { id: 3 })).rejects.toBeInstanceOf(ApiError);
    await afterTheTask();
    expect(errorToast).toHaveBeenCalledWith(
      '403 Forbidden. You do not have permission to access this resource: Orgs/secret',
      expect.objectContaining({ persistent: true }),
    );
  });

  it('403 with a body message keeps it and adds the 403 line', async () => {
    await signedIn();
    server.use(
      http.post(crm('Orgs/edit'), () =>
        HttpResponse.json({ success: false, message: 'Not your org' }, { status: 403 }),
      ),
    );
    await expect(crmApi.post('Orgs/edit', {})).rejects.toBeInstanceOf(ApiError);
    await afterTheTask();
    expect(errorToast).toHaveBeenCalledWith(
      'Not your org\n403 Forbidden. You do not have permission to access this resource: Orgs/edit',
      expect.anything(),
    );
  });

  it("400 with field errors → 'errorCode: message' lines, persistent, reported with endpoint, status, method, payload", async () => {
    await signedIn();
    server.use(
      http.post(crm('Offerings/create'), () =>
        HttpResponse.json(
          {
            success: false,
            errors: {
              name: { message: 'Name is required', errorCode: 'Required' },
              price: { message: 'Must be positive', errorCode: 'Range' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const error = (await crmApi
      .post('Offerings/create', { name: '' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Required: Name is required\nRange: Must be positive');
    expect(error.fieldErrors['name']).toEqual({
      message: 'Name is required',
      errorCode: 'Required',
    });
    await afterTheTask();
    expect(errorToast).toHaveBeenCalledWith(
      'Required: Name is required\nRange: Must be positive',
      expect.objectContaining({ persistent: true }),
    );
    expect(reportError).toHaveBeenCalledWith(error, {
      endpoint: `${config.crmApiUrl}/Offerings/create`,
      status: 400,
      method: 'POST',
      payload: { name: '' },
    });
  });

  it('500 with a string body shows the string as is', async () => {
    await signedIn();
    server.use(
      http.get(crm('boom'), () => HttpResponse.text('Database unavailable', { status: 500 })),
    );
    await expect(crmApi.get('boom')).rejects.toMatchObject({
      status: 500,
      message: 'Database unavailable',
    });
    await afterTheTask();
    expect(errorToast).toHaveBeenCalledWith(
      'Database unavailable',
      expect.objectContaining({ persistent: true }),
    );
    expect(reportError).toHaveBeenCalledTimes(1);
  });

  it("an empty error body gives 'Something went wrong!'; a body message overrides field lines", async () => {
    await signedIn();
    server.use(
      http.get(crm('empty'), () => new HttpResponse(null, { status: 502 })),
      http.get(crm('msg'), () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Plan limit reached',
            errors: { a: { message: 'x', errorCode: 'E' } },
          },
          { status: 409 },
        ),
      ),
    );
    await expect(crmApi.get('empty')).rejects.toMatchObject({ message: 'Something went wrong!' });
    await expect(crmApi.get('msg')).rejects.toMatchObject({
      message: 'Plan limit reached',
      status: 409,
    });
    await afterTheTask();
    expect(errorToast).toHaveBeenCalledWith(
      'Plan limit reached',
      expect.objectContaining({ persistent: true }),
    );
  });

  it('success: false with status 200 is an error', async () => {
    await signedIn();
    server.use(
      http.put(crm('x'), () =>
        HttpResponse.json({
          success: false,
          errors: { f: { message: 'Taken', errorCode: 'Duplicate' } },
        }),
      ),
    );
    await expect(crmApi.put('x', { f: 1 })).rejects.toMatchObject({
      message: 'Duplicate: Taken',
      kind: 'http',
      status: 200,
    });
    await afterTheTask();
    expect(errorToast).toHaveBeenCalledWith(
      'Duplicate: Taken',
      expect.objectContaining({ persistent: true }),
    );
  });

  it('one message, once: identical texts from two endpoints are one toast; a success closes the error its endpoint left', async () => {
    await signedIn();
    errorToast.mockImplementation((_text: string, options?: { id?: string }) => options?.id ?? '');
    const dismiss = vi.spyOn(notify, 'dismiss').mockImplementation(() => undefined);
    const down = () =>
      HttpResponse.json({ success: false, message: 'Database unavailable' }, { status: 503 });
    let sitesUp = false;
    server.use(
      http.get(crm('offerings'), down),
      http.get(crm('sites'), () =>
        sitesUp ? HttpResponse.json({ success: true, data: [] }) : down(),
      ),
    );
    await expect(crmApi.get('offerings')).rejects.toMatchObject({ status: 503 });
    await expect(crmApi.get('sites')).rejects.toMatchObject({ status: 503 });
    await afterTheTask();
    const ids = errorToast.mock.calls.map(
      ([, options]: unknown[]) => (options as { id?: string }).id,
    );
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
    expect(dismiss).not.toHaveBeenCalled();
    // Another endpoint's success closes nothing; the failing endpoint's own success closes it.
    server.use(http.get(crm('things'), () => HttpResponse.json({ success: true, data: 1 })));
    await crmApi.get('things');
    expect(dismiss).not.toHaveBeenCalled();
    sitesUp = true;
    await crmApi.get('sites', { page: 2 });
    expect(dismiss).toHaveBeenCalledWith(ids[0]);
  });

  it('a screen that shows the error itself takes it over: no toast, or the toast closed', async () => {
    await signedIn();
    errorToast.mockImplementation((_text: string, options?: { id?: string }) => options?.id ?? '');
    const dismiss = vi.spyOn(notify, 'dismiss').mockImplementation(() => undefined);
    server.use(
      http.delete(crm('offerings/1'), () =>
        HttpResponse.json({ success: false, message: 'In use' }, { status: 409 }),
      ),
    );
    // Shown in place as the rejection arrives (a dialog, a form): no toast at all.
    const early = await crmApi.delete('offerings/1').catch((e: unknown) => {
      showingInPlace(e);
      return e;
    });
    await afterTheTask();
    expect(early).toMatchObject({ message: 'In use', shownInPlace: true });
    expect(errorToast).not.toHaveBeenCalled();
    // Shown in place later: the toast already shown is closed.
    const late = await crmApi.delete('offerings/1').catch((e: unknown) => e);
    await afterTheTask();
    expect(errorToast).toHaveBeenCalledTimes(1);
    showingInPlace(late);
    expect(dismiss).toHaveBeenCalledWith('api:In use');
  });

  it('handleErrorManually resolves { inError, message } with no toast, no report, no redirect', async () => {
    const { navigate } = await signedIn();
    server.use(
      http.delete(crm('x/1'), () =>
        HttpResponse.json(
          { success: false, errors: { id: { message: 'In use', errorCode: 'Conflict' } } },
          { status: 400 },
        ),
      ),
      http.get(crm('gone'), () => new HttpResponse(null, { status: 404 })),
      http.get(crm('fine'), () => HttpResponse.json({ success: true, data: [1] })),
    );
    const failed = await crmApi.delete('x/1', undefined, { handleErrorManually: true });
    expect(failed).toMatchObject({ inError: true, message: 'Conflict: In use', status: 400 });
    expect(failed.fieldErrors?.['id']?.errorCode).toBe('Conflict');
    const missing = await crmApi.get('gone', undefined, { handleErrorManually: true });
    expect(missing.inError).toBe(true);
    const ok = await crmApi.get<number[]>('fine', undefined, { handleErrorManually: true });
    expect(ok).toEqual({ inError: false, message: '', data: [1] });
    await afterTheTask();
    expect(errorToast).not.toHaveBeenCalled();
    expect(reportError).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('successMessage shows a success toast', async () => {
    await signedIn();
    server.use(http.post(crm('save'), () => HttpResponse.json({ success: true, data: null })));
    await crmApi.post('save', { a: 1 }, { successMessage: 'Saved' });
    expect(successToast).toHaveBeenCalledWith('Saved');
  });
});

describe('isFile', () => {
  beforeAll(shimBlobStream);

  it('answers with a Blob', async () => {
    await signedIn();
    server.use(
      http.get(
        `${config.dataApiUrl}/files/7`,
        () =>
          new HttpResponse(new Uint8Array([1, 2, 3, 4]), {
            headers: { 'Content-Type': 'application/octet-stream' },
          }),
      ),
    );
    const blob = await dataApi.get<Blob>('files/7', undefined, { isFile: true });
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.size).toBe(4);
  });

  it("reads an error body's message even when a Blob was asked for", async () => {
    await signedIn();
    server.use(
      http.get(`${config.dataApiUrl}/files/8`, () =>
        HttpResponse.json({ success: false, message: 'File expired' }, { status: 410 }),
      ),
    );
    await expect(dataApi.get('files/8', undefined, { isFile: true })).rejects.toMatchObject({
      message: 'File expired',
      status: 410,
    });
  });
});

/** A registered token source that needs no UserManager: `token` and `expiresIn` as given. */
function stubAuth(
  user: { access_token: string; expires_in?: number } | null,
  refresh: () => Promise<{ access_token: string; expires_in?: number }> = () =>
    Promise.reject(new Error('no refresh expected')),
) {
  const navigate = vi.fn();
  const refreshSpy = vi.fn(refresh);
  disconnect = configureApiAuth({
    getUser: () => Promise.resolve(user),
    refresh: refreshSpy,
    navigate,
  });
  return { navigate, refresh: refreshSpy };
}

describe('requests as the backends receive them', () => {
  it('asks for JSON and sends the body as JSON', async () => {
    stubAuth({ access_token: 't' });
    let seen: { accept: string | null; type: string | null; body: unknown } | null = null;
    server.use(
      http.post(crm('echo'), async ({ request }) => {
        seen = {
          accept: request.headers.get('accept'),
          type: request.headers.get('content-type'),
          body: await request.json(),
        };
        return HttpResponse.json({ data: 'ok' });
      }),
    );
    await crmApi.post('echo', { name: 'Ada' });
    expect(seen).toEqual({
      accept: expect.stringContaining('application/json') as string,
      type: expect.stringContaining('application/json') as string,
      body: { name: 'Ada' },
    });
  });

  it('a base URL with trailing slashes and a path with leading ones are called and named with one slash', async () => {
    stubAuth({ access_token: 't' });
    server.use(
      http.get(crm('broken'), () => HttpResponse.json({ message: 'Broken' }, { status: 500 })),
    );
    const client = createApiClient(`${config.crmApiUrl}///`);
    expect(client.baseUrl).toBe(`${config.crmApiUrl}///`);
    const error = (await client.get('//broken?x=1').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({
      method: 'GET',
      endpoint: `${config.crmApiUrl}/broken`,
      status: 500,
      message: 'Broken',
    });
    await afterTheTask();
    expect(reportError).toHaveBeenCalledWith(error, {
      endpoint: `${config.crmApiUrl}/broken`,
      status: 500,
      method: 'GET',
      payload: undefined,
    });
  });

  it('a token with no expiry known is used as is', async () => {
    const { refresh } = stubAuth({ access_token: 'plain' });
    let auth: string | null = null;
    server.use(
      http.get(crm('x'), ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ data: 1 });
      }),
    );
    await expect(crmApi.get('x')).resolves.toBe(1);
    expect(auth).toBe('Bearer plain');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a registered source without a user fails with no token, and sends nothing', async () => {
    stubAuth({ access_token: '' });
    let called = false;
    server.use(http.get(crm('x'), () => ((called = true), HttpResponse.json({ data: 1 }))));
    await expect(crmApi.get('x')).rejects.toMatchObject({
      kind: 'no-token',
      status: 0,
      method: 'GET',
      message: 'No valid authentication token available',
    });
    expect(called).toBe(false);
  });

  it('with nothing registered, a call fails with no token, or goes without one when allowed', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(crm('open'), ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ data: 1 });
      }),
    );
    await expect(crmApi.get('open')).rejects.toMatchObject({ kind: 'no-token' });
    await expect(crmApi.get('open', undefined, { allowUnauthenticated: true })).resolves.toBe(1);
    expect(seen).toEqual([null]);
    await afterTheTask();
    // The no-token toast goes away by itself, and is no error report.
    expect(errorToast).toHaveBeenCalledWith(
      'No valid authentication token available',
      expect.objectContaining({ persistent: false }),
    );
    expect(reportError).not.toHaveBeenCalled();
  });

  it('an expiring token whose refresh fails ends the call as session-ended: no request, no toast', async () => {
    const { refresh, navigate } = stubAuth({ access_token: 'old', expires_in: 10 });
    let called = false;
    server.use(http.get(crm('x'), () => ((called = true), HttpResponse.json({ data: 1 }))));
    const error = (await crmApi.get('x').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({
      kind: 'session-ended',
      status: 401,
      message: 'Session expired, refreshing page.',
    });
    expect(error.cause).toBeInstanceOf(Error);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(called).toBe(false);
    await afterTheTask();
    expect(errorToast).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('an expiring token is refreshed first and the new one sent', async () => {
    const { refresh } = stubAuth({ access_token: 'old', expires_in: 5 }, () =>
      Promise.resolve({ access_token: 'new', expires_in: 3600 }),
    );
    let auth: string | null = null;
    server.use(
      http.get(crm('x'), ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ data: 1 });
      }),
    );
    await crmApi.get('x');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(auth).toBe('Bearer new');
  });

  it('a 401 to a call sent without a token is not retried: the catalogue sends the user to notAuthenticated', async () => {
    const { refresh, navigate } = stubAuth(null);
    let calls = 0;
    server.use(
      http.get(crm('open'), () => {
        calls += 1;
        return new HttpResponse(null, { status: 401 });
      }),
    );
    await expect(
      crmApi.get('open', undefined, { allowUnauthenticated: true }),
    ).rejects.toMatchObject({ status: 401, kind: 'http' });
    expect(calls).toBe(1);
    expect(refresh).not.toHaveBeenCalled();
    await afterTheTask();
    expect(errorToast).toHaveBeenCalledWith(
      'Session expired, refreshing page.',
      expect.objectContaining({ persistent: false }),
    );
    expect(navigate).toHaveBeenCalledWith('/not-authenticated');
    expect(reportError).not.toHaveBeenCalled();
  });

  it('only a 401 is retried: a 403 is not', async () => {
    const { refresh } = stubAuth({ access_token: 't' });
    let calls = 0;
    server.use(
      http.get(crm('no'), () => {
        calls += 1;
        return new HttpResponse(null, { status: 403 });
      }),
    );
    await expect(crmApi.get('no')).rejects.toMatchObject({ status: 403 });
    expect(calls).toBe(1);
    expect(refresh).not.toHaveBeenCalled();
    await afterTheTask();
  });

  it('a 401 whose refresh fails ends the session quietly', async () => {
    const { navigate } = stubAuth({ access_token: 't' });
    server.use(http.get(crm('x'), () => new HttpResponse(null, { status: 401 })));
    await expect(crmApi.get('x')).rejects.toMatchObject({ kind: 'session-ended' });
    await afterTheTask();
    expect(errorToast).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a source unregistered while a 401 is answered ends with no token', async () => {
    let unregister: () => void = () => undefined;
    unregister = configureApiAuth({
      getUser: () => Promise.resolve({ access_token: 't' }),
      refresh: () => Promise.resolve({ access_token: 'u' }),
      navigate: vi.fn(),
    });
    disconnect = unregister;
    server.use(
      http.get(crm('x'), () => {
        unregister();
        return new HttpResponse(null, { status: 401 });
      }),
    );
    await expect(crmApi.get('x')).rejects.toMatchObject({ kind: 'no-token', status: 0 });
  });

  it('a token source that fails with nothing gives "Something went wrong!"', async () => {
    for (const reason of [null, undefined]) {
      disconnect = configureApiAuth({
        getUser: () => Promise.reject(reason as unknown as Error),
        refresh: () => Promise.reject(new Error('no')),
        navigate: vi.fn(),
      });
      const error = await crmApi.get('x').catch((e: unknown) => e);
      expect(isApiError(error)).toBe(true);
      expect(error).toMatchObject({ kind: 'network', message: 'Something went wrong!' });
      disconnect();
    }
    expect(isApiError(new Error('plain'))).toBe(false);
  });

  it('a network failure is "Something went wrong!", shown and reported', async () => {
    stubAuth({ access_token: 't' });
    server.use(http.get(crm('down'), () => HttpResponse.error()));
    const error = (await crmApi.get('down').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({
      name: 'ApiError',
      kind: 'network',
      status: 0,
      message: 'Something went wrong!',
    });
    expect(error.cause).toBeDefined();
    await afterTheTask();
    expect(errorToast).toHaveBeenCalledWith(
      'Something went wrong!',
      expect.objectContaining({ persistent: true }),
    );
    expect(reportError).toHaveBeenCalledTimes(1);
  });

  it('a cancelled call rejects quietly: no toast, no report', async () => {
    stubAuth({ access_token: 't' });
    const controller = new AbortController();
    server.use(
      http.get(crm('slow'), async () => {
        controller.abort();
        await new Promise((resolve) => setTimeout(resolve, 20));
        return HttpResponse.json({ data: 1 });
      }),
    );
    await expect(crmApi.get('slow', undefined, { signal: controller.signal })).rejects.toThrow();
    await afterTheTask();
    expect(errorToast).not.toHaveBeenCalled();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('a call whose signal is aborted after a failure rejects quietly too', async () => {
    stubAuth({ access_token: 't' });
    const controller = new AbortController();
    server.use(
      http.get(crm('fails'), () => {
        controller.abort();
        return HttpResponse.json({ success: false, message: 'Nope' });
      }),
    );
    await expect(
      crmApi.get('fails', undefined, { signal: controller.signal }),
    ).rejects.toBeDefined();
    await afterTheTask();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('a call cancelled before it is sent rejects with the cancellation itself, and asks nothing', async () => {
    stubAuth({ access_token: 't' });
    let called = false;
    server.use(http.get(crm('x'), () => ((called = true), HttpResponse.json({ data: 1 }))));
    const controller = new AbortController();
    controller.abort();
    const error = await crmApi
      .get('x', undefined, { signal: controller.signal })
      .catch((e: unknown) => e);
    // What a query library recognises as a cancellation, not an error of the client's own.
    expect(error).toMatchObject({ name: 'CanceledError', code: 'ERR_CANCELED' });
    expect(called).toBe(false);
    await afterTheTask();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('a call cancelled while its token is read rejects quietly, even when no token came', async () => {
    // The screen closes as the user signs out in another tab: no 'no token' toast for it.
    const controller = new AbortController();
    disconnect = configureApiAuth({
      getUser: () => {
        controller.abort();
        return Promise.resolve(null);
      },
      refresh: () => Promise.reject(new Error('no refresh expected')),
      navigate: vi.fn(),
    });
    await expect(crmApi.get('x', undefined, { signal: controller.signal })).rejects.toMatchObject({
      kind: 'no-token',
    });
    await afterTheTask();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('a token source failing with an error that carries a response is no HTTP answer', async () => {
    // Only axios's own errors are answers: another library's 401 is no reason to leave the page.
    const navigate = vi.fn();
    const failure = Object.assign(new Error('token storage failed'), {
      response: { status: 401, data: { message: 'Not yours' } },
    });
    disconnect = configureApiAuth({
      getUser: () => Promise.reject(failure),
      refresh: () => Promise.reject(new Error('no refresh expected')),
      navigate,
    });
    const error = await crmApi.get('x').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', status: 0, message: 'Something went wrong!' });
    expect((error as ApiError).cause).toBe(failure);
    await afterTheTask();
    expect(navigate).not.toHaveBeenCalled();
    expect(errorToast).toHaveBeenCalledWith(
      'Something went wrong!',
      expect.objectContaining({ persistent: true }),
    );
  });
});

describe('handleErrorManually', () => {
  it('gives the error body as data, and no data when there was no answer', async () => {
    stubAuth({ access_token: 't' });
    server.use(
      http.post(crm('refuse'), () =>
        HttpResponse.json({ success: false, message: 'Taken', data: { id: 3 } }, { status: 409 }),
      ),
      http.get(crm('down'), () => HttpResponse.error()),
    );
    const refused = await crmApi.post('refuse', {}, { handleErrorManually: true });
    expect(refused).toEqual({
      inError: true,
      message: 'Taken',
      status: 409,
      fieldErrors: {},
      data: { success: false, message: 'Taken', data: { id: 3 } },
    });
    const down = await crmApi.get('down', undefined, { handleErrorManually: true });
    expect(down).toEqual({
      inError: true,
      message: 'Something went wrong!',
      status: 0,
      fieldErrors: {},
    });
    expect('data' in down).toBe(false);
  });

  it('shows no success toast for a failed call, and none without a successMessage', async () => {
    stubAuth({ access_token: 't' });
    server.use(
      http.post(crm('refuse'), () => HttpResponse.json({ success: false }, { status: 400 })),
      http.post(crm('fine'), () => HttpResponse.json({ success: true, data: 1 })),
    );
    await crmApi.post('refuse', {}, { handleErrorManually: true, successMessage: 'Saved' });
    await crmApi.post('fine', {});
    expect(successToast).not.toHaveBeenCalled();
  });
});

describe('more of the paged re-post (SPEC §7)', () => {
  it('answers with the first page’s other fields, every row, and the first skip', async () => {
    stubAuth({ access_token: 't' });
    const bodies: unknown[] = [];
    server.use(
      http.post(crm('rows'), async ({ request }) => {
        const body = (await request.json()) as { skip?: number };
        bodies.push(body);
        const skip = body.skip ?? 5;
        return HttpResponse.json({
          data: {
            results: [skip],
            fetchedCount: 1,
            skippedCount: skip,
            totalAvailable: 8,
            totalIsEstimate: false,
          },
        });
      }),
    );
    const progress: PagedProgress[] = [];
    const answer = await crmApi.post('rows', ['a'], { onPage: (p) => progress.push(p) });
    expect(answer).toEqual({
      results: [5, 6, 7],
      fetchedCount: 3,
      skippedCount: 5,
      totalAvailable: 8,
      totalIsEstimate: false,
    });
    // A body that is no object (here a list) is not spread into the re-post.
    expect(bodies).toEqual([['a'], { skip: 6 }, { skip: 7 }]);
    // Each report's rows are its own copy: later pages do not change what a screen kept.
    expect(progress.map((p) => p.results)).toEqual([[5], [5, 6], [5, 6, 7]]);
    expect(progress.map((p) => [p.skippedCount, p.fetchedCount, p.pages, p.done])).toEqual([
      [5, 1, 1, false],
      [5, 2, 2, false],
      [5, 3, 3, true],
    ]);
  });

  it('stops at an empty page, and at a re-post answer that is no page', async () => {
    stubAuth({ access_token: 't' });
    let emptyCalls = 0;
    let oddCalls = 0;
    server.use(
      http.post(crm('empty'), () => {
        emptyCalls += 1;
        return HttpResponse.json({
          data: { results: [], fetchedCount: 0, skippedCount: 0, totalAvailable: 50 },
        });
      }),
      http.post(crm('odd'), async ({ request }) => {
        oddCalls += 1;
        const body = (await request.json()) as { skip?: number };
        return HttpResponse.json({
          data: body.skip
            ? { message: 'no more' }
            : { results: [1, 2], fetchedCount: 2, skippedCount: 0, totalAvailable: 50 },
        });
      }),
    );
    const progress: PagedProgress[] = [];
    await expect(
      crmApi.post('empty', {}, { onPage: (p) => progress.push(p) }),
    ).resolves.toMatchObject({ results: [], totalAvailable: 50 });
    expect(emptyCalls).toBe(1);
    expect(progress).toEqual([expect.objectContaining({ pages: 1, done: true })]);
    await expect(crmApi.post('odd', {})).resolves.toMatchObject({
      results: [1, 2],
      fetchedCount: 2,
    });
    expect(oddCalls).toBe(2);
  });

  it('a page with no results list counts as none', async () => {
    stubAuth({ access_token: 't' });
    server.use(
      http.post(crm('norows'), () =>
        HttpResponse.json({ data: { fetchedCount: 0, skippedCount: 0, totalAvailable: 0 } }),
      ),
    );
    await expect(crmApi.post('norows', {})).resolves.toEqual({
      results: [],
      fetchedCount: 0,
      skippedCount: 0,
      totalAvailable: 0,
    });
  });

  it('an answer missing one count, or with one as text, is no page: it comes back as is', async () => {
    stubAuth({ access_token: 't' });
    for (const missing of ['fetchedCount', 'skippedCount', 'totalAvailable']) {
      for (const as of ['text', 'absent'] as const) {
        const full: Record<string, unknown> = {
          results: [1],
          fetchedCount: 1,
          skippedCount: 0,
          totalAvailable: 9,
        };
        const { [missing]: count, ...rest } = full;
        const page = as === 'text' ? { ...rest, [missing]: String(count) } : rest;
        let calls = 0;
        server.use(
          http.post(crm('partial'), () => ((calls += 1), HttpResponse.json({ data: page }))),
        );
        await expect(crmApi.post('partial', {})).resolves.toStrictEqual(page);
        expect({ missing, as, calls }).toEqual({ missing, as, calls: 1 });
      }
    }
  });

  it('one page only, and no paging for a download, a stream or a PUT', async () => {
    stubAuth({ access_token: 't' });
    let calls = 0;
    server.use(
      http.all(crm('big'), () => {
        calls += 1;
        return HttpResponse.json({
          data: { results: [1], fetchedCount: 1, skippedCount: 0, totalAvailable: 9 },
        });
      }),
    );
    await expect(crmApi.post('big', {}, { onePage: true })).resolves.toMatchObject({
      results: [1],
    });
    await crmApi.put('big', {});
    expect(calls).toBe(2);
    const stream = await crmApi.post<ReadableStream<Uint8Array>>('big', {}, { isStream: true });
    expect(stream).toBeInstanceOf(ReadableStream);
    expect(calls).toBe(3);
  });

  it('a value that is no object, or a list, is no page', async () => {
    stubAuth({ access_token: 't' });
    server.use(
      http.post(crm('list'), () => HttpResponse.json({ data: [1, 2] })),
      http.post(crm('none'), () => HttpResponse.json({ data: null })),
    );
    await expect(crmApi.post('list', {})).resolves.toEqual([1, 2]);
    await expect(crmApi.post('none', {})).resolves.toBeNull();
  });
});

describe('streams and downloads (issue 16)', () => {
  beforeAll(shimBlobStream);

  it('answers a stream with the body as it arrives', async () => {
    stubAuth({ access_token: 't' });
    server.use(
      http.post(crm('export'), () =>
        HttpResponse.text('{"a":1}\n', { headers: { 'Content-Type': 'application/x-ndjson' } }),
      ),
    );
    const stream = await crmApi.post<ReadableStream<Uint8Array>>('export', {}, { isStream: true });
    expect(await new Response(stream).text()).toBe('{"a":1}\n');
  });

  it("reads a stream's error body for its message; a body that is no JSON as its text", async () => {
    stubAuth({ access_token: 't' });
    server.use(
      http.post(crm('export'), () =>
        HttpResponse.json({ success: false, message: 'Too many rows' }, { status: 400 }),
      ),
      http.post(crm('export2'), () => HttpResponse.text('Gateway down', { status: 502 })),
    );
    await expect(crmApi.post('export', {}, { isStream: true })).rejects.toMatchObject({
      message: 'Too many rows',
      status: 400,
      body: { success: false, message: 'Too many rows' },
    });
    await expect(crmApi.post('export2', {}, { isStream: true })).rejects.toMatchObject({
      message: 'Gateway down',
      status: 502,
    });
  });

  it("reads a download's error body that is no JSON as its text", async () => {
    stubAuth({ access_token: 't' });
    server.use(
      http.get(`${config.dataApiUrl}/files/9`, () => HttpResponse.text('Gone', { status: 410 })),
    );
    await expect(dataApi.get('files/9', undefined, { isFile: true })).rejects.toMatchObject({
      message: 'Gone',
      status: 410,
    });
  });

  it('a download whose body says success: false is still the file', async () => {
    stubAuth({ access_token: 't' });
    server.use(
      http.get(`${config.dataApiUrl}/files/10`, () =>
        HttpResponse.json({ success: false, data: 'x' }),
      ),
    );
    const blob = await dataApi.get<Blob>('files/10', undefined, { isFile: true });
    expect(blob).toBeInstanceOf(Blob);
    expect(JSON.parse(await blob.text())).toEqual({ success: false, data: 'x' });
  });

  it("a download's error body that cannot be read gives the default text and an empty body", async () => {
    stubAuth({ access_token: 't' });
    server.use(
      http.get(`${config.dataApiUrl}/files/11`, () => HttpResponse.text('Gone', { status: 410 })),
    );
    vi.spyOn(Blob.prototype, 'text').mockRejectedValue(
      new DOMException('The file could not be read', 'NotReadableError'),
    );
    await expect(
      dataApi.get('files/11', undefined, { isFile: true, handleErrorManually: true }),
    ).resolves.toEqual({
      inError: true,
      message: 'Something went wrong!',
      status: 410,
      fieldErrors: {},
      data: '',
    });
  });

  it("a stream's error body cut off mid-way gives the default text and an empty body", async () => {
    stubAuth({ access_token: 't' });
    server.use(
      http.post(
        crm('export'),
        () =>
          new HttpResponse(
            new ReadableStream<Uint8Array>({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('{"message":"Too ma'));
                controller.error(new TypeError('network connection lost'));
              },
            }),
            { status: 500, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    await expect(
      crmApi.post('export', {}, { isStream: true, handleErrorManually: true }),
    ).resolves.toEqual({
      inError: true,
      message: 'Something went wrong!',
      status: 500,
      fieldErrors: {},
      data: '',
    });
  });
});

describe('error texts (SPEC §8)', () => {
  /** The message the user reads for an error answer with `body` and `status`. */
  async function messageOf(body: unknown, status = 400) {
    server.use(
      http.post(crm('fail'), () =>
        typeof body === 'string'
          ? HttpResponse.text(body, { status })
          : HttpResponse.json(body as Record<string, unknown>, { status }),
      ),
    );
    const error = (await crmApi.post('fail', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    return error.message;
  }

  it('a blank text body or a blank message gives the default text', async () => {
    stubAuth({ access_token: 't' });
    expect(await messageOf('   ', 500)).toBe('Something went wrong!');
    expect(await messageOf({ success: false, message: '  ' })).toBe('Something went wrong!');
    expect(await messageOf({ success: false, message: 42 })).toBe('Something went wrong!');
    expect(await messageOf(null, 500)).toBe('Something went wrong!');
    expect(await messageOf({ success: false, errors: null, data: null })).toBe(
      'Something went wrong!',
    );
  });

  it('field errors: the code only when there is one, blanks and malformed entries left out', async () => {
    stubAuth({ access_token: 't' });
    expect(
      await messageOf({
        success: false,
        message: ' ',
        errors: {
          name: { message: 'Name is required' },
          code: { message: 'Taken', errorCode: 'Duplicate' },
          blank: { message: '', errorCode: '' },
          spaces: { message: '  ', errorCode: 7 },
          odd: 'not an entry',
          list: ['not', 'an', 'entry'],
          none: null,
        },
      }),
    ).toBe('Name is required\nDuplicate: Taken');
    expect(await messageOf({ success: false, errors: { a: { message: '', errorCode: '' } } })).toBe(
      'Something went wrong!',
    );
    expect(await messageOf({ success: false, errors: [{ message: 'x', errorCode: 'E' }] })).toBe(
      'Something went wrong!',
    );
  });

  it('field errors reach the form keyed by field, with blanks for what was not text', async () => {
    stubAuth({ access_token: 't' });
    server.use(
      http.post(crm('form'), () =>
        HttpResponse.json(
          {
            success: false,
            errors: {
              name: { message: 'Required', errorCode: 5 },
              code: { message: null, errorCode: 'Duplicate' },
              odd: 'x',
            },
          },
          { status: 400 },
        ),
      ),
    );
    const error = (await crmApi.post('form', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual({
      name: { message: 'Required', errorCode: '' },
      code: { message: '', errorCode: 'Duplicate' },
    });
  });

  it('a 403 whose body has no text of its own shows the 403 line alone, with the path only', async () => {
    stubAuth({ access_token: 't' });
    server.use(
      http.get(crm('Orgs/locked'), () =>
        HttpResponse.json({ success: false, message: '', errors: {} }, { status: 403 }),
      ),
    );
    const error = (await crmApi.get('Orgs/locked?tab=2#x').catch((e: unknown) => e)) as ApiError;
    expect(error.body).toEqual({ success: false, message: '', errors: {} });
    await afterTheTask();
    expect(errorToast).toHaveBeenCalledWith(
      '403 Forbidden. You do not have permission to access this resource: Orgs/locked',
      expect.objectContaining({ persistent: true }),
    );
    expect(reportError).toHaveBeenCalledTimes(1);
  });

  it('a 404 is not reported; a 401 after the retry is not reported either', async () => {
    stubAuth({ access_token: 't' });
    server.use(http.get(crm('gone'), () => new HttpResponse(null, { status: 404 })));
    await expect(crmApi.get('gone')).rejects.toMatchObject({
      status: 404,
      message: 'Something went wrong!',
    });
    await afterTheTask();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('a success closes only the toast its own method and path left', async () => {
    stubAuth({ access_token: 't' });
    errorToast.mockImplementation((_text: string, options?: { id?: string }) => options?.id ?? '');
    const dismiss = vi.spyOn(notify, 'dismiss').mockImplementation(() => undefined);
    server.use(
      http.put(crm('items/1'), () => HttpResponse.json({ message: 'Locked' }, { status: 423 })),
      http.get(crm('items/1'), () => HttpResponse.json({ data: 1 })),
      http.put(crm('items/2'), () => HttpResponse.json({ data: 1 })),
    );
    await expect(crmApi.put('items/1', {})).rejects.toMatchObject({ status: 423 });
    await afterTheTask();
    await crmApi.get('items/1');
    await crmApi.put('items/2', {});
    expect(dismiss).not.toHaveBeenCalled();
    server.use(http.put(crm('items/1'), () => HttpResponse.json({ data: 1 })));
    await crmApi.put('items/1?again=1', {});
    expect(dismiss).toHaveBeenCalledWith('api:Locked');
    // Closed once: a second success has nothing left to close.
    await crmApi.put('items/1', {});
    expect(dismiss).toHaveBeenCalledTimes(1);
  });

  it('showingInPlace leaves anything that is no API error alone', () => {
    const dismiss = vi.spyOn(notify, 'dismiss').mockImplementation(() => undefined);
    const plain = new Error('plain') as Error & { shownInPlace?: boolean };
    showingInPlace(plain);
    showingInPlace(null);
    expect(plain.shownInPlace).toBeUndefined();
    expect(dismiss).not.toHaveBeenCalled();
  });

  it('an error shown in place before its toast closes nothing', async () => {
    stubAuth({ access_token: 't' });
    const dismiss = vi.spyOn(notify, 'dismiss').mockImplementation(() => undefined);
    server.use(http.get(crm('x'), () => HttpResponse.json({ message: 'No' }, { status: 409 })));
    const error = await crmApi.get('x').catch((e: unknown) => e);
    showingInPlace(error);
    await afterTheTask();
    expect(dismiss).not.toHaveBeenCalled();
    expect(errorToast).not.toHaveBeenCalled();
  });
});

describe('the session bridge', () => {
  it('unregistering an older source keeps the newer one', async () => {
    const first = configureApiAuth({
      getUser: () => Promise.resolve({ access_token: 'first' }),
      refresh: () => Promise.reject(new Error('no')),
      navigate: vi.fn(),
    });
    stubAuth({ access_token: 'second' });
    first();
    let auth: string | null = null;
    server.use(
      http.get(crm('x'), ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ data: 1 });
      }),
    );
    await crmApi.get('x');
    expect(auth).toBe('Bearer second');
  });

  it('with no router registered, a 401 loads the notAuthenticated page', async () => {
    const original = window.location;
    const visited: string[] = [];
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...original, assign: (to: string) => visited.push(to) },
    });
    try {
      server.use(http.get(crm('open'), () => new HttpResponse(null, { status: 401 })));
      await expect(
        crmApi.get('open', undefined, { allowUnauthenticated: true }),
      ).rejects.toMatchObject({ status: 401 });
      expect(visited).toEqual(['/not-authenticated']);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});

describe('the client loads on the first call (./lazy)', () => {
  it('each backend client names its base URL, and so does one made for another base', () => {
    expect(crmApi.baseUrl).toBe(config.crmApiUrl);
    expect(dataApi.baseUrl).toBe(config.dataApiUrl);
    expect(identityApi.baseUrl).toBe(config.identityApiUrl);
    expect(createApiClient('https://elsewhere.example/v2').baseUrl).toBe(
      'https://elsewhere.example/v2',
    );
  });

  it('each method reaches its own HTTP method', async () => {
    const seen: string[] = [];
    server.use(
      http.all(crm('verb'), ({ request }) => {
        seen.push(request.method);
        return HttpResponse.json({ data: request.method });
      }),
    );
    const client = createApiClient(config.crmApiUrl);
    const options = { isAnonymous: true };
    await expect(client.get('verb', undefined, options)).resolves.toBe('GET');
    await expect(client.post('verb', {}, options)).resolves.toBe('POST');
    await expect(client.put('verb', {}, options)).resolves.toBe('PUT');
    await expect(client.delete('verb', {}, options)).resolves.toBe('DELETE');
    expect(seen).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
  });

  /** A fresh ./lazy whose import of the client fails, as when the network drops. */
  async function lazyOffline() {
    vi.resetModules();
    vi.doMock('@/core/api/client', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    server.use(http.get(crm('again'), () => HttpResponse.json({ data: 'loaded' })));
    return import('@/core/api/lazy');
  }
  const anonymous = { isAnonymous: true } as const;

  it('a preload loads the client and the calls before any call, and the identity and data clients reach their own backends', async () => {
    vi.resetModules();
    const loads = { client: 0, calls: 0 };
    vi.doMock('@/core/api/client', async (importOriginal) => {
      loads.client += 1;
      return importOriginal();
    });
    vi.doMock('@/core/api/calls', async (importOriginal) => {
      loads.calls += 1;
      return importOriginal();
    });
    try {
      const api = await import('@/core/api');
      api.preloadApiClient();
      await vi.waitFor(() => expect(loads).toEqual({ client: 1, calls: 1 }));
      server.use(
        http.get(`${config.identityApiUrl}/who`, () => HttpResponse.json({ data: 'identity' })),
        http.get(`${config.dataApiUrl}/who`, () => HttpResponse.json({ data: 'data' })),
      );
      await expect(api.identityApi.get('who', undefined, anonymous)).resolves.toBe('identity');
      await expect(api.dataApi.get('who', undefined, anonymous)).resolves.toBe('data');
      expect(loads).toEqual({ client: 1, calls: 1 });
    } finally {
      vi.doUnmock('@/core/api/client');
      vi.doUnmock('@/core/api/calls');
    }
  });

  it('a call after a preload that failed loads the client again', async () => {
    const lazy = await lazyOffline();
    lazy.preloadClient();
    await afterTheTask();
    vi.doUnmock('@/core/api/client');
    await expect(lazy.crmApi.get('again', undefined, anonymous)).resolves.toBe('loaded');
  });

  it('a call whose client failed to load fails; the next call loads it again', async () => {
    const lazy = await lazyOffline();
    const client = lazy.createApiClient(config.crmApiUrl);
    await expect(client.get('again', undefined, anonymous)).rejects.toThrow();
    await expect(lazy.crmApi.get('again', undefined, anonymous)).rejects.toThrow();
    vi.doUnmock('@/core/api/client');
    await expect(client.get('again', undefined, anonymous)).resolves.toBe('loaded');
    await expect(lazy.crmApi.get('again', undefined, anonymous)).resolves.toBe('loaded');
  });
});
