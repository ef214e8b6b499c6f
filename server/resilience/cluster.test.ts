import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { CookieJar } from '../test/harness';
import { ORG_ORIGIN, providerGet, signIn, tokenRequest, type TokenResponse } from '../test/oidc';
import {
  HAPROXY_BIN,
  haproxyConfig,
  hasHaproxy,
  hasIpv6Loopback,
  startCluster,
  type RunningCluster,
} from './cluster';
import { freePort, hasPostgres, PG_BIN, type RunningStack } from './stack';

/**
 * Several stack processes, one database (issue 19; docs/deployment.md): three real processes on
 * one throw-away PostgreSQL behind HAProxy, round robin. Each step addresses processes directly
 * (so it is known which one answers) or goes through the proxy, as a portal does.
 *
 * Needs PostgreSQL's binaries and HAProxy (.ci/run installs both): without them it fails, saying
 * what to install, rather than being skipped.
 */
const RATE_LIMIT_MAX = 30;

let cluster: RunningCluster;
beforeAll(async () => {
  const missing = [
    hasPostgres() ? '' : `PostgreSQL's binaries in ${PG_BIN} (apt-get install -y postgresql)`,
    hasHaproxy() ? '' : `HAProxy at ${HAPROXY_BIN} (apt-get install -y haproxy)`,
  ].filter(Boolean);
  if (missing.length) throw new Error(`The cluster test needs ${missing.join(' and ')}.`);
  cluster = await startCluster({
    size: 3,
    publicPort: await freePort(),
    demoScale: 0.1,
    rateLimitMax: RATE_LIMIT_MAX,
  });
}, 180_000);
afterAll(async () => {
  await cluster?.stop();
}, 60_000);

/** The addresses listening on `port` (/proc/net/tcp and tcp6): what a refused connection met. */
function listening(port: number): string[] {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return ['tcp', 'tcp6'].flatMap((file) =>
    readFileSync(`/proc/net/${file}`, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // Fields: sl, local address, remote address, state (0A: LISTEN), …
      .filter(([, local = '', , state]) => state === '0A' && local.endsWith(hex))
      .map(([, local]) => `${file} ${String(local)}`),
  );
}

/** Each client its own address (X-Forwarded-For, trusted from loopback): its own rate count. */
let clients = 0;
const newClient = () => {
  const n = ++clients;
  return `10.${100 + Math.floor(n / 62500)}.${Math.floor(n / 250) % 250}.${n % 250}`;
};

/**
 * A process (or the proxy) as the oidc helpers' `app.inject`: the real authorization code +
 * PKCE flow over HTTP, with its cookies.
 */
function over(base: string, client = newClient()): App {
  const inject = async (opts: {
    method?: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string;
  }) => {
    const headers: Record<string, string> = { ...opts.headers, 'x-forwarded-for': client };
    delete headers.host;
    const res = await fetch(`${base}${opts.url}`, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.payload,
      redirect: 'manual',
    });
    const body = await res.text();
    const cookies = res.headers.getSetCookie().map((c) => {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
    });
    return {
      statusCode: res.status,
      headers: Object.fromEntries(res.headers),
      body,
      cookies,
      json: () => JSON.parse(body) as unknown,
    };
  };
  return { inject } as unknown as App;
}

async function api(base: string, token: string, client = newClient()) {
  const res = await fetch(`${base}/crm/v1/Orgs/GetUserMetadata`, {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': client },
  });
  await res.arrayBuffer();
  return res.status;
}

const refresh = (base: string, refreshToken: string) =>
  tokenRequest(over(base), {
    grant_type: 'refresh_token',
    client_id: 'org-portal',
    refresh_token: refreshToken,
  });

describe('several stack processes on one database behind HAProxy', { timeout: 90_000 }, () => {
  const jar = new CookieJar();
  let tokens: TokenResponse;

  it('signs in through one process and calls the APIs through the others and the proxy', async () => {
    const [a, b, c] = cluster.stacks.map((s) => s.url) as [string, string, string];
    tokens = await signIn(over(a), 'owner@example.com', 'demo', jar);
    expect(await api(b, tokens.access_token)).toBe(200);
    expect(await api(c, tokens.access_token)).toBe(200);
    for (let i = 0; i < 3; i++) expect(await api(cluster.url, tokens.access_token)).toBe(200);
  });

  it('refreshes and rotates the refresh token on another process; the new token works on a third', async () => {
    const [, b, c] = cluster.stacks.map((s) => s.url) as [string, string, string];
    const res = await refresh(b, String(tokens.refresh_token));
    expect(res.statusCode).toBe(200);
    const rotated = JSON.parse(res.body) as TokenResponse;
    expect(rotated.refresh_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(await api(c, rotated.access_token)).toBe(200);
    tokens = rotated;
    // Not replayed here: reusing a rotated-out refresh token revokes the whole grant (by design,
    // server/identity/sessions.test.ts), which would end the session the next steps use.
  });

  it('gives one of several refreshes of one refresh token at once new tokens, the others invalid_grant, and revokes that grant', async () => {
    // Its own session: the policy ends it. Every process presents the same refresh token at the
    // same instant, twice (a stolen copy racing the portal looks exactly like this).
    const [a] = cluster.stacks.map((s) => s.url) as [string];
    const own = await signIn(over(a), 'owner@example.com', 'demo', new CookieJar());
    const answers = await Promise.all(
      [...cluster.stacks, ...cluster.stacks].map((s) => refresh(s.url, String(own.refresh_token))),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(answers.length - 1).fill(400)]);
    for (const lost of answers.filter((r) => r.statusCode !== 200)) {
      expect(JSON.parse(lost.body)).toMatchObject({ error: 'invalid_grant' });
    }
    // Reuse detection (docs/deployment.md): the grant is revoked, the winner's new tokens with it,
    // on every process; the portal then signs the user in again. Other sessions are untouched.
    const won = JSON.parse(
      answers.find((r) => r.statusCode === 200)?.body ?? '{}',
    ) as TokenResponse;
    for (const s of cluster.stacks) expect(await api(s.url, won.access_token)).toBe(401);
    const again = await refresh(a, String(won.refresh_token));
    expect(again.statusCode).toBe(400);
    expect(JSON.parse(again.body)).toMatchObject({ error: 'invalid_grant' });
    expect(await api(a, tokens.access_token)).toBe(200);
  });

  it('answers on the IPv6 loopback too: localhost is ::1 first on many machines', async () => {
    // Said, not skipped: a machine without ::1 cannot show that the proxy listens there.
    if (!hasIpv6Loopback()) {
      throw new Error('This machine has no IPv6 loopback (`ip -6 addr show lo` shows no ::1).');
    }
    const port = Number(new URL(cluster.url).port);
    expect(cluster.proxyConfig, 'the proxy was started without ::1').toContain(
      `bind [::1]:${port}`,
    );
    let res: Response;
    try {
      res = await fetch(`http://[::1]:${port}/health`, { signal: AbortSignal.timeout(5000) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
      throw new Error(
        [
          `http://[::1]:${port}/health did not answer (${cause}): the proxy must listen on ::1 as well as 127.0.0.1.`,
          `Listening on port ${port}: ${listening(port).join(', ') || 'nothing'}.`,
          `The proxy printed:\n${cluster.proxyOutput()}`,
        ].join('\n'),
      );
    }
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });

  it('refuses to start a second proxy on its port, rather than share the port with it', async () => {
    // HAProxy's default (SO_REUSEPORT) would let a second cluster's proxy start on a busy
    // port and take part of the first one's connections.
    const port = Number(new URL(cluster.url).port);
    const dir = await mkdtemp(path.join(tmpdir(), 'second-proxy-'));
    const file = path.join(dir, 'haproxy.cfg');
    await writeFile(file, haproxyConfig(port, [await freePort()]));
    const second = spawn(HAPROXY_BIN, ['-db', '-W', '-f', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    second.stdout.on('data', (d: Buffer) => (out += d.toString()));
    second.stderr.on('data', (d: Buffer) => (out += d.toString()));
    try {
      const ended = await Promise.race([
        once(second, 'exit').then(([code]) => `exit ${String(code)}`),
        setTimeout(10_000, 'still running', { ref: false }),
      ]);
      expect(ended, out).toBe('exit 1');
      expect(out).toContain('Address already in use');
    } finally {
      second.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
    const res = await fetch(`${cluster.url}/health`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });

  it('counts the rate limit across processes', async () => {
    const [a, b, c] = cluster.stacks.map((s) => s.url) as [string, string, string];
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX; i++) {
      statuses.push(await api(i % 2 ? a : b, tokens.access_token, client));
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Each process alone saw half the limit: the count is shared.
    expect(await api(a, tokens.access_token, client)).toBe(429);
    expect(await api(c, tokens.access_token, client)).toBe(429);
    expect(await api(c, tokens.access_token)).toBe(200); // another client
  });

  it('loses no acknowledged write and no session when a process is killed mid-traffic', async () => {
    const victim = cluster.stacks[2] as RunningStack;
    const acknowledged: string[] = [];
    let killed = false;
    let kill: Promise<void> | undefined;
    const writer = async (w: number) => {
      for (let i = 0; i < 60; i++) {
        const name = `cluster-${w}-${i}`;
        try {
          const res = await fetch(`${cluster.url}/crm/v1/orgs/1/custom-data`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${tokens.access_token}`,
              'content-type': 'application/json',
              'x-forwarded-for': newClient(),
            },
            body: JSON.stringify({ name, executionPriority: i, data: '{}' }),
          });
          await res.arrayBuffer();
          if (res.status >= 200 && res.status < 300) acknowledged.push(name);
        } catch {
          // not acknowledged: nothing to find afterwards
        }
        if (!killed && acknowledged.length >= 40) {
          killed = true;
          kill = victim.kill(); // SIGKILL to its process group: no handler runs
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, (_, w) => writer(w)));
    await kill;
    expect(killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(40);

    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'select name from org_custom_data where org_id = 1 and name = any($1)',
        [acknowledged],
      );
      expect(rows.map((r) => r.name).sort()).toEqual([...acknowledged].sort());
    } finally {
      await client.end();
    }
    // The session lives in the database: the token works through the proxy, which now sends
    // every request to the processes still alive, and the refresh token still refreshes.
    for (let i = 0; i < 4; i++) expect(await api(cluster.url, tokens.access_token)).toBe(200);
    const res = await refresh(cluster.url, String(tokens.refresh_token));
    expect(res.statusCode).toBe(200);
    tokens = JSON.parse(res.body) as TokenResponse;
  });

  it('signs out on one process, and the tokens are refused on all', async () => {
    const [a, b] = cluster.stacks.map((s) => s.url) as [string, string];
    const qs = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${ORG_ORIGIN}/signout-callback-oidc`,
      state: 'bye',
    });
    const end = await providerGet(over(a), jar, `/identity/session/end?${qs}`);
    expect(end.statusCode).toBe(303);
    expect(end.headers.location).toBe(`${ORG_ORIGIN}/signout-callback-oidc?state=bye`);
    expect(await api(a, tokens.access_token)).toBe(401);
    expect(await api(b, tokens.access_token)).toBe(401);
    for (let i = 0; i < 2; i++) expect(await api(cluster.url, tokens.access_token)).toBe(401);
    const refused = await refresh(b, String(tokens.refresh_token));
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'invalid_grant' });
  });
});
