import { http, HttpResponse } from 'msw';
import { InMemoryWebStorage, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { createSessionController, isExpiring, type SessionEndReason } from '@/core/auth';
import { config } from '@/core/config';
import { server } from '../../msw/server';
import {
  createTestUserManager,
  revocationEndpoint,
  rotatingTokenEndpoint,
  storeSignedInUser,
  tokenEndpoint,
} from './oidc-fixtures';

/** A tab's controller on its own: no Web Locks, no channel to other tabs. */
const alone = (manager: UserManager, onSessionEnded: (reason: SessionEndReason) => void) =>
  createSessionController(manager, { onSessionEnded, locks: null, channel: null });

/** Web Locks with the semantics the controller relies on: exclusive, FIFO, ifAvailable. */
function fakeLocks(): LockManager {
  const tails = new Map<string, Promise<unknown>>();
  const held = new Set<string>();
  const request = (name: string, a: unknown, b?: unknown): Promise<unknown> => {
    const options = (typeof a === 'function' ? {} : a) as LockOptions;
    const callback = (typeof a === 'function' ? a : b) as (lock: Lock | null) => Promise<unknown>;
    if (options.ifAvailable && held.has(name)) return Promise.resolve(callback(null));
    const previous = tails.get(name) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(async () => {
        held.add(name);
        try {
          return await callback({ name, mode: 'exclusive' } as Lock);
        } finally {
          held.delete(name);
        }
      });
    tails.set(
      name,
      run.catch(() => undefined),
    );
    // Mark as held synchronously when free, as the real API does for an immediate grant.
    if (!options.ifAvailable || !held.has(name)) held.add(name);
    return run;
  };
  return { request, query: () => Promise.resolve({}) } as unknown as LockManager;
}

/** A BroadcastChannel hub: a message reaches every other member, never the sender. */
function channelHub() {
  const members = new Set<{ listeners: Set<(e: MessageEvent) => void> }>();
  return () => {
    const self = { listeners: new Set<(e: MessageEvent) => void>() };
    members.add(self);
    return {
      postMessage(data: unknown) {
        for (const m of members) {
          if (m !== self)
            m.listeners.forEach((l) =>
              setTimeout(() => l(new MessageEvent('message', { data })), 0),
            );
        }
      },
      addEventListener: (_: 'message', l: (e: MessageEvent) => void) => self.listeners.add(l),
      removeEventListener: (_: 'message', l: (e: MessageEvent) => void) => self.listeners.delete(l),
      close: () => members.delete(self),
    };
  };
}

/** A tab: its own sessionStorage (copied from another tab when duplicated) and its own UserManager. */
function tabManager(storage: InMemoryWebStorage): UserManager {
  const store = new WebStorageStateStore({ store: storage });
  const base = createTestUserManager().settings;
  return new UserManager({
    ...base,
    client_id: base.client_id,
    authority: base.authority,
    redirect_uri: base.redirect_uri,
    userStore: store,
    stateStore: store,
    metadata: {
      issuer: config.oidcAuthority,
      token_endpoint: tokenEndpoint,
      revocation_endpoint: revocationEndpoint,
      authorization_endpoint: `${config.oidcAuthority}/auth`,
    },
  });
}

function copyStorage(from: InMemoryWebStorage): InMemoryWebStorage {
  const copy = new InMemoryWebStorage();
  for (let i = 0; i < from.length; i++) {
    const key = from.key(i);
    if (key !== null) copy.setItem(key, from.getItem(key) ?? '');
  }
  return copy;
}

describe('single refresh path', () => {
  it("the library's expiring event and API refreshes share one in-flight refresh", async () => {
    const manager = createTestUserManager();
    const user = await storeSignedInUser(manager, { expiresIn: 30 });
    const token = rotatingTokenEndpoint({
      validRefreshTokens: new Set([user.refresh_token ?? '']),
    });
    server.use(token.handler);
    const session = alone(manager, vi.fn());
    let expiring: (() => void) | undefined;
    vi.spyOn(manager.events, 'addAccessTokenExpiring').mockImplementation((cb) => {
      expiring = cb as () => void;
      return () => undefined;
    });
    const stop = session.start();
    expiring?.(); // what the library raises 60 s before expiry (automaticSilentRenew is off)
    const [a, b] = await Promise.all([session.refreshSession(), session.refreshSession()]);
    stop();
    expect(token.calls).toHaveLength(1);
    expect(a.access_token).toBe(b.access_token);
    expect((await manager.getUser())?.refresh_token).toBe('rotated-1');
  });

  it('renews a token that is not expiring too: a 401 says it was refused, whatever its expiry', async () => {
    const manager = createTestUserManager();
    const user = await storeSignedInUser(manager, { expiresIn: 3600 });
    const token = rotatingTokenEndpoint({
      validRefreshTokens: new Set([user.refresh_token ?? '']),
    });
    server.use(token.handler);
    const session = createSessionController(manager, {
      onSessionEnded: vi.fn(),
      locks: fakeLocks(),
      channel: null,
    });
    const renewed = await session.refreshSession();
    expect(token.calls).toHaveLength(1);
    expect(renewed.access_token).not.toBe(user.access_token);
    expect((await manager.getUser())?.refresh_token).toBe('rotated-1');
  });

  it('a failed renewal removes the user and ends the session once', async () => {
    const manager = createTestUserManager();
    await storeSignedInUser(manager, { expiresIn: 30 });
    server.use(rotatingTokenEndpoint({ validRefreshTokens: new Set() }).handler);
    const onSessionEnded = vi.fn();
    const session = alone(manager, onSessionEnded);
    const results = await Promise.allSettled([session.refreshSession(), session.refreshSession()]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).toHaveBeenCalledWith('refresh-failed');
    expect(await manager.getUser()).toBeNull();
  });
});

describe('across tabs', () => {
  it('two duplicated tabs refreshing at once present the refresh token once; both end up signed in', async () => {
    const storageA = new InMemoryWebStorage();
    const managerA = tabManager(storageA);
    const user = await storeSignedInUser(managerA, { expiresIn: 20 });
    const managerB = tabManager(copyStorage(storageA)); // a duplicated tab copies sessionStorage
    const token = rotatingTokenEndpoint({
      validRefreshTokens: new Set([user.refresh_token ?? '']),
    });
    server.use(token.handler);
    const locks = fakeLocks();
    const channel = channelHub();
    const endedA = vi.fn();
    const endedB = vi.fn();
    const tabA = createSessionController(managerA, {
      onSessionEnded: endedA,
      locks,
      channel: channel(),
      settleMs: 20,
    });
    const tabB = createSessionController(managerB, {
      onSessionEnded: endedB,
      locks,
      channel: channel(),
      settleMs: 20,
    });
    const stops = [tabA.start(), tabB.start()];

    const [a, b] = await Promise.all([tabA.refreshSession(), tabB.refreshSession()]);
    stops.forEach((stop) => stop());

    expect(token.calls.map((c) => c.get('refresh_token'))).toEqual([user.refresh_token]);
    expect(token.calls.every((c) => c.get('refresh_token') !== 'rotated-1')).toBe(true);
    expect(a.access_token).toBe(b.access_token);
    expect((await managerB.getUser())?.refresh_token).toBe('rotated-1');
    expect(endedA).not.toHaveBeenCalled();
    expect(endedB).not.toHaveBeenCalled();
  });

  it("a tab of another session keeps its own tokens when one tab's are rotated", async () => {
    const managerA = tabManager(new InMemoryWebStorage());
    const managerB = tabManager(new InMemoryWebStorage());
    const userA = await storeSignedInUser(managerA, { expiresIn: 20 });
    const userB = await storeSignedInUser(managerB, { expiresIn: 3600 });
    server.use(
      rotatingTokenEndpoint({ validRefreshTokens: new Set([userA.refresh_token ?? '']) }).handler,
    );
    const channel = channelHub();
    const tabA = createSessionController(managerA, {
      onSessionEnded: vi.fn(),
      locks: fakeLocks(),
      channel: channel(),
    });
    const tabB = createSessionController(managerB, {
      onSessionEnded: vi.fn(),
      locks: fakeLocks(),
      channel: channel(),
    });
    const stops = [tabA.start(), tabB.start()];
    const stored = vi.spyOn(managerB, 'storeUser');
    const read = vi.spyOn(managerB, 'getUser');
    await tabA.refreshSession();
    // Tab B reads its user when the rotation's message arrives; then it would store A's.
    await vi.waitFor(() => expect(read).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    stops.forEach((stop) => stop());
    expect(stored).not.toHaveBeenCalled();
    const kept = await managerB.getUser();
    expect(kept?.refresh_token).toBe(userB.refresh_token);
    expect(kept?.access_token).toBe(userB.access_token);
  });

  it('without the hand-over the second tab would revoke the grant (the test can fail)', async () => {
    const storageA = new InMemoryWebStorage();
    const managerA = tabManager(storageA);
    const user = await storeSignedInUser(managerA, { expiresIn: 20 });
    const managerB = tabManager(copyStorage(storageA));
    const token = rotatingTokenEndpoint({
      validRefreshTokens: new Set([user.refresh_token ?? '']),
    });
    server.use(token.handler);
    const endedB = vi.fn();
    const tabA = alone(managerA, vi.fn());
    const tabB = alone(managerB, endedB);
    await tabA.refreshSession();
    await expect(tabB.refreshSession()).rejects.toBeTruthy();
    expect(endedB).toHaveBeenCalledWith('refresh-failed');
  });

  it('signing out in one tab revokes the refresh token and ends the session in the others', async () => {
    const storageA = new InMemoryWebStorage();
    const managerA = tabManager(storageA);
    await storeSignedInUser(managerA, { expiresIn: 3600 });
    const managerB = tabManager(copyStorage(storageA));
    const revoked: string[] = [];
    server.use(
      http.post(revocationEndpoint, async ({ request }) => {
        const form = new URLSearchParams(await request.text());
        revoked.push(form.get('token_type_hint') ?? '');
        return new HttpResponse(null, { status: 200 });
      }),
    );
    const channel = channelHub();
    const endedB = vi.fn();
    const tabA = createSessionController(managerA, {
      onSessionEnded: vi.fn(),
      locks: null,
      channel: channel(),
    });
    const tabB = createSessionController(managerB, {
      onSessionEnded: endedB,
      locks: null,
      channel: channel(),
    });
    const stops = [tabA.start(), tabB.start()];
    tabA.announceSignOut();
    await vi.waitFor(() => expect(endedB).toHaveBeenCalledWith('signed-out-elsewhere'));
    stops.forEach((stop) => stop());
    expect(await managerB.getUser()).toBeNull();
    expect(revoked).toEqual(['refresh_token']);
  });
});

describe('default cross-tab channel', () => {
  it('uses a BroadcastChannel per client id when none is injected', async () => {
    const storageA = new InMemoryWebStorage();
    const managerA = tabManager(storageA);
    await storeSignedInUser(managerA, { expiresIn: 3600, refreshToken: '' });
    const managerB = tabManager(copyStorage(storageA));
    const endedB = vi.fn();
    const tabA = createSessionController(managerA, { onSessionEnded: vi.fn(), locks: null });
    const tabB = createSessionController(managerB, { onSessionEnded: endedB, locks: null });
    const stops = [tabA.start(), tabB.start()];
    try {
      tabA.announceSignOut();
      await vi.waitFor(() => expect(endedB).toHaveBeenCalledWith('signed-out-elsewhere'));
    } finally {
      stops.forEach((stop) => stop());
    }
  });
});

describe('provider session events (SPEC §4)', () => {
  it.each(['addUserSignedOut', 'addUserSignedIn'] as const)(
    '%s removes the local user and ends the session',
    async (method) => {
      const manager = createTestUserManager();
      await storeSignedInUser(manager, { expiresIn: 3600 });
      let raise: (() => void) | undefined;
      vi.spyOn(manager.events, method).mockImplementation((cb) => {
        raise = cb as () => void;
        return () => undefined;
      });
      const order: string[] = [];
      manager.events.addUserUnloaded(() => {
        order.push('removed');
      });
      const session = createSessionController(manager, {
        onSessionEnding: (reason) => order.push(`ending ${reason}`),
        onSessionEnded: (reason) => order.push(`ended ${reason}`),
        locks: null,
        channel: null,
      });
      const stop = session.start();
      raise?.();
      await vi.waitFor(async () => expect(await manager.getUser()).toBeNull());
      await vi.waitFor(() =>
        expect(order).toEqual([
          'ending signed-out-elsewhere',
          'removed',
          'ended signed-out-elsewhere',
        ]),
      );
      stop();
    },
  );
});

describe('refresh margin (SPEC §9: 60 seconds)', () => {
  it('a token with 60 s or less left counts as expiring, one with 61 s does not', () => {
    expect(isExpiring({ expires_in: 59 })).toBe(true);
    expect(isExpiring({ expires_in: 60 })).toBe(true);
    expect(isExpiring({ expires_in: 61 })).toBe(false);
    expect(isExpiring({ expires_in: undefined })).toBe(false);
  });
});

/** A channel that records what this tab sends and can deliver a message to it. */
function recordingChannel() {
  const listeners = new Set<(e: MessageEvent) => void>();
  return {
    sent: [] as unknown[],
    closed: false,
    postMessage(data: unknown) {
      this.sent.push(data);
    },
    addEventListener: (_: 'message', l: (e: MessageEvent) => void) => listeners.add(l),
    removeEventListener: (_: 'message', l: (e: MessageEvent) => void) => listeners.delete(l),
    close() {
      this.closed = true;
    },
    deliver: (data: unknown) => listeners.forEach((l) => l(new MessageEvent('message', { data }))),
  };
}

/** A UserManager like tabManager's, for another portal (its own client id). */
function siteTabManager(): UserManager {
  const store = new WebStorageStateStore({ store: new InMemoryWebStorage() });
  const base = tabManager(new InMemoryWebStorage()).settings;
  return new UserManager({
    ...base,
    client_id: config.oidcClientIds.site,
    authority: base.authority,
    redirect_uri: base.redirect_uri,
    userStore: store,
    stateStore: store,
    metadata: base.metadata,
  });
}

describe('the refresh path, one refresh after another', () => {
  it('a second refresh after the first has settled asks the provider again', async () => {
    const manager = createTestUserManager();
    const user = await storeSignedInUser(manager, { expiresIn: 30 });
    const token = rotatingTokenEndpoint({
      validRefreshTokens: new Set([user.refresh_token ?? '']),
    });
    server.use(token.handler);
    const session = alone(manager, vi.fn());
    const first = await session.refreshSession();
    const second = await session.refreshSession();
    expect(token.calls.map((c) => c.get('refresh_token'))).toEqual([
      user.refresh_token,
      'rotated-1',
    ]);
    expect(second.access_token).not.toBe(first.access_token);
  });

  it('an uncontended refresh does not wait the settle time meant for a tab that waited', async () => {
    const manager = createTestUserManager();
    const user = await storeSignedInUser(manager, { expiresIn: 30 });
    server.use(
      rotatingTokenEndpoint({ validRefreshTokens: new Set([user.refresh_token ?? '']) }).handler,
    );
    const session = createSessionController(manager, {
      onSessionEnded: vi.fn(),
      locks: fakeLocks(),
      channel: null,
      settleMs: 60_000, // waiting it would outlast the test's timeout
    });
    expect((await session.refreshSession()).refresh_token).toBe('rotated-1');
  });

  it("the library's expiring event alone renews the token", async () => {
    const manager = createTestUserManager();
    const user = await storeSignedInUser(manager, { expiresIn: 30 });
    const token = rotatingTokenEndpoint({
      validRefreshTokens: new Set([user.refresh_token ?? '']),
    });
    server.use(token.handler);
    let expiring: (() => void) | undefined;
    vi.spyOn(manager.events, 'addAccessTokenExpiring').mockImplementation((cb) => {
      expiring = cb as () => void;
      return () => undefined;
    });
    const session = alone(manager, vi.fn());
    const stop = session.start();
    expiring?.();
    await vi.waitFor(async () =>
      expect((await manager.getUser())?.refresh_token).toBe('rotated-1'),
    );
    stop();
    expect(token.calls).toHaveLength(1);
  });

  it('a refresh with no session here fails with its reason and ends the session', async () => {
    const manager = createTestUserManager();
    await manager.removeUser();
    const onSessionEnded = vi.fn();
    const session = alone(manager, onSessionEnded);
    await expect(session.refreshSession()).rejects.toThrow('No session to refresh');
    expect(onSessionEnded).toHaveBeenCalledWith('refresh-failed');
  });

  it('a session removed while the refresh waited for the lock fails with its reason', async () => {
    const manager = createTestUserManager();
    await storeSignedInUser(manager, { expiresIn: 30 });
    const locks = fakeLocks();
    let release: () => void = () => undefined;
    // Another tab holds the lock; the user signs out here before it is released.
    void locks.request(
      'portal-token-refresh:' + manager.settings.client_id,
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    const session = createSessionController(manager, {
      onSessionEnded: vi.fn(),
      locks,
      channel: null,
      settleMs: 0,
    });
    const refreshed = session.refreshSession();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await manager.removeUser();
    release();
    await expect(refreshed).rejects.toThrow('No session to refresh');
  });

  it('a silent renewal that answers no user fails with its reason and ends the session', async () => {
    const manager = createTestUserManager();
    await storeSignedInUser(manager, { expiresIn: 30 });
    vi.spyOn(manager, 'signinSilent').mockResolvedValue(null);
    const onSessionEnded = vi.fn();
    const session = alone(manager, onSessionEnded);
    await expect(session.refreshSession()).rejects.toThrow('Silent renewal returned no user');
    expect(onSessionEnded).toHaveBeenCalledWith('refresh-failed');
  });

  it('a session that ended can end again after the user signs in anew', async () => {
    const manager = createTestUserManager();
    await storeSignedInUser(manager, { expiresIn: 30 });
    server.use(rotatingTokenEndpoint({ validRefreshTokens: new Set() }).handler);
    const onSessionEnded = vi.fn();
    const session = alone(manager, onSessionEnded);
    await expect(session.refreshSession()).rejects.toBeTruthy();
    await storeSignedInUser(manager, { expiresIn: 30 });
    await expect(session.refreshSession()).rejects.toBeTruthy();
    expect(onSessionEnded).toHaveBeenCalledTimes(2);
    expect(await manager.getUser()).toBeNull();
  });

  it('the other tabs hear of a rotation only when the refresh token changed', async () => {
    const manager = createTestUserManager();
    const user = await storeSignedInUser(manager, { expiresIn: 30 });
    server.use(
      // A provider that does not rotate: the same refresh token stays valid.
      http.post(tokenEndpoint, () =>
        HttpResponse.json({
          access_token: 'renewed',
          token_type: 'Bearer',
          expires_in: 3600,
          scope: 'openid profile email crmApi offline_access',
        }),
      ),
    );
    const channel = recordingChannel();
    const session = createSessionController(manager, {
      onSessionEnded: vi.fn(),
      locks: null,
      channel,
    });
    const renewed = await session.refreshSession();
    expect(renewed.refresh_token).toBe(user.refresh_token);
    expect(channel.sent).toEqual([]);
  });
});

describe('the other tabs, as one tab hears them', () => {
  it('a tab that adopts rotated tokens raises userLoaded, so its state and timers follow', async () => {
    const storageA = new InMemoryWebStorage();
    const managerA = tabManager(storageA);
    const user = await storeSignedInUser(managerA, { expiresIn: 20 });
    const managerB = tabManager(copyStorage(storageA));
    server.use(
      rotatingTokenEndpoint({ validRefreshTokens: new Set([user.refresh_token ?? '']) }).handler,
    );
    const channel = channelHub();
    const tabA = createSessionController(managerA, {
      onSessionEnded: vi.fn(),
      locks: null,
      channel: channel(),
    });
    const tabB = createSessionController(managerB, {
      onSessionEnded: vi.fn(),
      locks: null,
      channel: channel(),
    });
    const loaded = vi.fn();
    managerB.events.addUserLoaded(loaded);
    const stops = [tabA.start(), tabB.start()];
    await tabA.refreshSession();
    await vi.waitFor(() => expect(loaded).toHaveBeenCalled());
    stops.forEach((stop) => stop());
    expect(loaded.mock.calls[0]?.[0]?.refresh_token).toBe('rotated-1');
  });

  it('a message of another kind leaves the session alone', async () => {
    const manager = createTestUserManager();
    await storeSignedInUser(manager, { expiresIn: 3600 });
    const channel = recordingChannel();
    const onSessionEnded = vi.fn();
    const session = createSessionController(manager, { onSessionEnded, locks: null, channel });
    const stop = session.start();
    const read = vi.spyOn(manager, 'getUser');
    channel.deliver({ type: 'hello-from-a-newer-portal' });
    channel.deliver({ type: 'rotated', previousRefreshToken: 'someone-else', user: '{}' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    expect(read).toHaveBeenCalledTimes(1); // the rotation was read, and not adopted
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(await manager.getUser()).not.toBeNull();
  });

  it('a stopped controller no longer hears the other tabs nor the library', async () => {
    const manager = createTestUserManager();
    await storeSignedInUser(manager, { expiresIn: 3600 });
    const channel = recordingChannel();
    const onSessionEnded = vi.fn();
    const session = createSessionController(manager, { onSessionEnded, locks: null, channel });
    session.start()();
    channel.deliver({ type: 'signed-out' });
    await manager.events._raiseUserSignedOut();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(await manager.getUser()).not.toBeNull();
    expect(channel.closed).toBe(false); // a channel handed in belongs to its owner
  });

  it('without a channel, signing out here still works', async () => {
    const manager = createTestUserManager();
    const user = await storeSignedInUser(manager, { expiresIn: 3600 });
    const session = alone(manager, vi.fn());
    expect(() => session.announceSignOut()).not.toThrow();
    expect((await session.getUser())?.access_token).toBe(user.access_token);
  });
});

describe('the browser defaults', () => {
  it('navigator.locks keeps two duplicated tabs from presenting the refresh token twice', async () => {
    const storageA = new InMemoryWebStorage();
    const managerA = tabManager(storageA);
    const user = await storeSignedInUser(managerA, { expiresIn: 20 });
    const managerB = tabManager(copyStorage(storageA));
    const token = rotatingTokenEndpoint({
      validRefreshTokens: new Set([user.refresh_token ?? '']),
    });
    server.use(token.handler);
    const locks = fakeLocks();
    const request = vi.spyOn(locks, 'request');
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { locks }));
    try {
      const channel = channelHub();
      const tabs = [managerA, managerB].map((manager) =>
        createSessionController(manager, {
          onSessionEnded: vi.fn(),
          channel: channel(),
          settleMs: 20,
        }),
      );
      const stops = tabs.map((tab) => tab.start());
      await Promise.all(tabs.map((tab) => tab.refreshSession()));
      stops.forEach((stop) => stop());
    } finally {
      vi.unstubAllGlobals();
    }
    expect(token.calls).toHaveLength(1);
    expect(request.mock.calls[0]?.[0]).toBe(`portal-token-refresh:${managerA.settings.client_id}`);
  });

  it('a waiting tab gives the rotation message 50 ms to arrive by default', async () => {
    const storageA = new InMemoryWebStorage();
    const managerA = tabManager(storageA);
    const user = await storeSignedInUser(managerA, { expiresIn: 20 });
    const managerB = tabManager(copyStorage(storageA));
    const token = rotatingTokenEndpoint({
      validRefreshTokens: new Set([user.refresh_token ?? '']),
    });
    server.use(token.handler);
    const locks = fakeLocks();
    // A channel that takes 25 ms to deliver: within the default settle time, not without it.
    const members = new Set<Set<(e: MessageEvent) => void>>();
    const slowChannel = () => {
      const own = new Set<(e: MessageEvent) => void>();
      members.add(own);
      return {
        postMessage: (data: unknown) =>
          members.forEach((m) =>
            m === own
              ? undefined
              : m.forEach((l) => setTimeout(() => l(new MessageEvent('message', { data })), 25)),
          ),
        addEventListener: (_: 'message', l: (e: MessageEvent) => void) => own.add(l),
        removeEventListener: (_: 'message', l: (e: MessageEvent) => void) => own.delete(l),
        close: () => members.delete(own),
      };
    };
    // B's token is expiring: without A's rotation it would present the consumed refresh token.
    const tabs = [managerA, managerB].map((manager) =>
      createSessionController(manager, { onSessionEnded: vi.fn(), locks, channel: slowChannel() }),
    );
    const stops = tabs.map((tab) => tab.start());
    const results = await Promise.allSettled(tabs.map((tab) => tab.refreshSession()));
    stops.forEach((stop) => stop());
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(token.calls).toHaveLength(1);
  });

  it('without BroadcastChannel a tab still refreshes and signs out on its own', async () => {
    const manager = createTestUserManager();
    const user = await storeSignedInUser(manager, { expiresIn: 30 });
    server.use(
      rotatingTokenEndpoint({ validRefreshTokens: new Set([user.refresh_token ?? '']) }).handler,
    );
    vi.stubGlobal('BroadcastChannel', undefined);
    try {
      const session = createSessionController(manager, { onSessionEnded: vi.fn(), locks: null });
      const stop = session.start();
      expect((await session.refreshSession()).refresh_token).toBe('rotated-1');
      session.announceSignOut();
      stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("each portal has its own channel: the site portal's sign-out leaves the org portal's tabs signed in", async () => {
    const orgManager = tabManager(new InMemoryWebStorage());
    await storeSignedInUser(orgManager, { expiresIn: 3600 });
    const siteManager = siteTabManager();
    await storeSignedInUser(siteManager, { expiresIn: 3600 });
    const siteTwin = siteTabManager();
    await storeSignedInUser(siteTwin, { expiresIn: 3600 });
    const orgEnded = vi.fn();
    const twinEnded = vi.fn();
    const org = createSessionController(orgManager, { onSessionEnded: orgEnded, locks: null });
    const site = createSessionController(siteManager, { onSessionEnded: vi.fn(), locks: null });
    const twin = createSessionController(siteTwin, { onSessionEnded: twinEnded, locks: null });
    server.use(http.post(revocationEndpoint, () => new HttpResponse(null, { status: 200 })));
    const close = vi.spyOn(BroadcastChannel.prototype, 'close');
    const stops = [org.start(), site.start(), twin.start()];
    try {
      site.announceSignOut();
      await vi.waitFor(() => expect(twinEnded).toHaveBeenCalledWith('signed-out-elsewhere'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(orgEnded).not.toHaveBeenCalled();
    } finally {
      stops.forEach((stop) => stop());
    }
    expect(close).toHaveBeenCalledTimes(3); // each controller closes the channel it opened
  });
});
