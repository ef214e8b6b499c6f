// Figure 5: the local stack under a bounded autocannon load on loopback.
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { round, sleep, treeRssBytes } from './util.mjs';

/** One bounded autocannon run; returns rps and latency percentiles (ms). */
export async function load(name, options, { durationS, connections }) {
  const result = await autocannon({
    connections,
    pipelining: 1,
    duration: durationS,
    ...options,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    url: options.url,
    method: options.method ?? 'GET',
    connections,
    durationS,
    requests: result.requests.total,
    rps: round(result.requests.average),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors,
    non2xx: result.non2xx,
  };
}

/** Samples the RSS of a process tree every 200 ms while `work` runs; returns [result, peak]. */
export async function withPeakRss(pid, work) {
  let peak = treeRssBytes(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, treeRssBytes(pid));
      await sleep(200);
    }
  })();
  try {
    return [await work(), peak];
  } finally {
    running = false;
    await sampler;
  }
}

/**
 * Signs in over HTTP alone, as the org portal does (authorization code + PKCE against the
 * stack's provider), for a run of the stack phase without the portals (BENCH_PHASES=http).
 * Answers the access token.
 */
export async function signInOverHttp(stack, { email, password, portal }) {
  const jar = new Map();
  const go = async (url, init = {}) => {
    const res = await fetch(new URL(url, stack), {
      redirect: 'manual',
      ...init,
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...init.headers },
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    return res;
  };
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${portal}/signin-oidc`;
  const auth = await go(
    `/identity/auth?${new URLSearchParams({
      client_id: 'org-portal',
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid profile email crmApi blastDataApi IdentityServerApi offline_access',
      state: 'bench',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    })}`,
  );
  const interaction = auth.headers.get('location') ?? '';
  if (!interaction.includes('/interaction/')) throw new Error(`sign-in: ${auth.status} at /auth`);
  const login = await go(`${interaction}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  let location = login.headers.get('location') ?? '';
  for (let i = 0; i < 8 && location && !location.startsWith(portal); i++) {
    location = (await go(location)).headers.get('location') ?? '';
  }
  const code = location.startsWith(portal) ? new URL(location).searchParams.get('code') : null;
  if (!code) throw new Error(`sign-in: no code (login answered ${login.status})`);
  const res = await fetch(new URL('/identity/token', stack), {
    method: 'POST',
    headers: { origin: portal, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'org-portal',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  const body = await res.json();
  if (!body.access_token) throw new Error(`sign-in: token endpoint answered ${res.status}`);
  return body.access_token;
}
