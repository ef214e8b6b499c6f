import type { User, UserManager } from 'oidc-client-ts';
import { TOKEN_REFRESH_MARGIN_SECONDS } from '@/core/api';

/** The part of oidc-client-ts's UserManager the session controller uses (mockable in tests). */
export type SessionUserManager = Pick<
  UserManager,
  'getUser' | 'signinSilent' | 'storeUser' | 'removeUser' | 'revokeTokens' | 'events' | 'settings'
>;

export type SessionEndReason = 'refresh-failed' | 'signed-out-elsewhere';

/** Messages between tabs of the same portal (same origin). */
type TabMessage =
  { type: 'rotated'; previousRefreshToken: string; user: string } | { type: 'signed-out' };

interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface SessionControllerOptions {
  /** Called when a session starts ending without the user asking, before the user is removed. */
  onSessionEnding?: (reason: SessionEndReason) => void;
  /** Called once when a session ends without the user asking (refresh failed, sign-out elsewhere). */
  onSessionEnded: (reason: SessionEndReason) => void;
  /** Web Locks manager; defaults to navigator.locks when present (null disables). */
  locks?: LockManager | null;
  /** Cross-tab channel; defaults to a BroadcastChannel per client id (null disables). */
  channel?: ChannelLike | null;
  /** How long a tab that waited for the lock lets pending 'rotated' messages arrive. */
  settleMs?: number;
}

export interface SessionController {
  /** The stored user (sessionStorage), or null. */
  getUser(): Promise<User | null>;
  /**
   * THE refresh path: the API client's 60-second rule, its 401 retry and the expiring-token
   * event all come here. One refresh in flight per tab; one at a time across tabs (Web Locks).
   */
  refreshSession(): Promise<User>;
  /** Tells the other tabs that the user signed out here. */
  announceSignOut(): void;
  /** Subscribes to the library's events and the other tabs; returns the unsubscribe. */
  start(): () => void;
}

export function isExpiring(
  user: Pick<User, 'expires_in'>,
  margin = TOKEN_REFRESH_MARGIN_SECONDS,
): boolean {
  return user.expires_in !== undefined && user.expires_in <= margin;
}

function defaultLocks(): LockManager | null {
  // Browsers before Web Locks (Safari 15.3 and older) have none: each tab then refreshes alone.
  return (navigator.locks as LockManager | undefined) ?? null;
}

function defaultChannel(name: string): ChannelLike | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSessionController(
  manager: SessionUserManager,
  options: SessionControllerOptions,
): SessionController {
  const clientId = manager.settings.client_id;
  const lockName = `portal-token-refresh:${clientId}`;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const settleMs = options.settleMs ?? 50;
  let channel: ChannelLike | null | undefined = options.channel;
  const getChannel = () => {
    if (channel === undefined) channel = defaultChannel(`portal-session:${clientId}`);
    return channel;
  };

  let inflight: Promise<User> | null = null;
  let ending: Promise<void> | null = null;

  function endSession(reason: SessionEndReason): Promise<void> {
    ending ??= (async () => {
      options.onSessionEnding?.(reason);
      try {
        await manager.removeUser();
      } finally {
        options.onSessionEnded(reason);
      }
    })().finally(() => {
      ending = null;
    });
    return ending;
  }

  async function withLock<T>(work: () => Promise<T>): Promise<T> {
    if (!locks) return work();
    // Uncontended: run now. Contended: another tab is refreshing; wait for it, then give its
    // 'rotated' message a moment to arrive before deciding whether a refresh is still needed.
    const now = await locks.request(lockName, { ifAvailable: true }, async (lock) =>
      lock ? { value: await work() } : null,
    );
    if (now) return now.value;
    return locks.request(lockName, async () => {
      await delay(settleMs);
      return work();
    });
  }

  async function runRefresh(): Promise<User> {
    const before = await manager.getUser();
    // Stryker disable next-line ConditionalExpression: without it the check under the lock throws the same error
    if (!before) throw new Error('No session to refresh');
    return withLock(async () => {
      const current = await manager.getUser();
      if (!current) throw new Error('No session to refresh');
      // Another tab (a duplicate holding the same grant) rotated the tokens while we waited and
      // handed them over: use them rather than presenting a consumed refresh token.
      if (current.access_token !== before.access_token && !isExpiring(current)) return current;
      const user = await manager.signinSilent();
      if (!user) throw new Error('Silent renewal returned no user');
      if (before.refresh_token && user.refresh_token !== before.refresh_token) {
        const message: TabMessage = {
          type: 'rotated',
          previousRefreshToken: before.refresh_token,
          user: user.toStorageString(),
        };
        getChannel()?.postMessage(message);
      }
      return user;
    });
  }

  function refreshSession(): Promise<User> {
    if (!inflight) {
      inflight = runRefresh()
        .catch(async (error: unknown) => {
          // SPEC §4/§8: refresh failure → user removed, sent to '/'. Once per failed refresh,
          // however many requests were waiting on it.
          await endSession('refresh-failed');
          throw error;
        })
        .finally(() => {
          inflight = null;
        });
    }
    return inflight;
  }

  async function onTabMessage(event: MessageEvent) {
    const message = event.data as TabMessage | null;
    // Stryker disable next-line ConditionalExpression,LogicalOperator: `.type` of a string is undefined, of null throws inside the caught handler: nothing happens either way
    if (!message || typeof message !== 'object') return;
    if (message.type === 'rotated') {
      const current = await manager.getUser();
      // Only a tab that holds the very refresh token just consumed adopts the new tokens.
      if (current?.refresh_token && current.refresh_token === message.previousRefreshToken) {
        // The library is loaded already (this controller has its UserManager): a cached import.
        const { User } = await import('oidc-client-ts');
        await manager.storeUser(User.fromStorageString(message.user));
        await manager.getUser(true); // raises userLoaded: React state and expiry timers follow
      }
    } else if (message.type === 'signed-out') {
      const current = await manager.getUser();
      // Stryker disable next-line ConditionalExpression: with no user, `current.refresh_token` throws inside the caught handler: nothing ends either way
      if (!current) return;
      // Stryker disable next-line ConditionalExpression: the library revokes only the token types the user holds
      if (current.refresh_token) {
        await manager.revokeTokens(['refresh_token']).catch(() => undefined);
      }
      await endSession('signed-out-elsewhere');
    }
  }

  function start(): () => void {
    const onExpiring = () => {
      // Failures end the session inside refreshSession; nothing more to do here.
      refreshSession().catch(() => undefined);
    };
    const onSignedOutOrIn = () => {
      // SPEC §4: the provider's session changed (signed out, or another user signed in): the
      // local user is removed and the tab leaves its guarded screens.
      endSession('signed-out-elsewhere').catch(() => undefined);
    };
    const onMessage = (event: MessageEvent) => {
      onTabMessage(event).catch(() => undefined);
    };
    manager.events.addAccessTokenExpiring(onExpiring);
    manager.events.addUserSignedOut(onSignedOutOrIn);
    manager.events.addUserSignedIn(onSignedOutOrIn);
    getChannel()?.addEventListener('message', onMessage);
    return () => {
      manager.events.removeAccessTokenExpiring(onExpiring);
      manager.events.removeUserSignedOut(onSignedOutOrIn);
      manager.events.removeUserSignedIn(onSignedOutOrIn);
      getChannel()?.removeEventListener('message', onMessage);
      if (options.channel === undefined && channel) {
        // Our own BroadcastChannel: close it (it is re-opened on the next use).
        channel.close();
        channel = undefined;
      }
    };
  }

  return {
    getUser: () => manager.getUser(),
    refreshSession,
    announceSignOut: () => getChannel()?.postMessage({ type: 'signed-out' } satisfies TabMessage),
    start,
  };
}
