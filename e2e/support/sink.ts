import type { APIRequestContext, Page } from '@playwright/test';
import { STACK } from './auth';
import { expect } from './test';

/** The signed-in tab's access token (oidc-client-ts keeps the user in sessionStorage). */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    const user = key
      ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string })
      : {};
    return user.access_token ?? '';
  });
  expect(token, 'an access token in sessionStorage after sign-in').not.toBe('');
  return token;
}

export interface SinkEvent {
  message: string | null;
  receivedAt: string;
  requestUrl: string | null;
  raw: string;
}

/**
 * The error sink's newest events (GET /errors/v1/events, sysadmin token) whose message or URL
 * match `search`.
 */
export async function sinkEvents(
  request: APIRequestContext,
  token: string,
  search: string,
): Promise<SinkEvent[]> {
  const res = await request.get(`${STACK}/errors/v1/events`, {
    params: { skip: 0, take: 50, search },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { results: SinkEvent[] } }).data.results;
}
