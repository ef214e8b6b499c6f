import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getUserMetadataAtBoot } from '@/core/api';
import { config } from '@/core/config';
import { defaultMetadata } from '../../msw/handlers/metadata';
import { server } from '../../msw/server';

/**
 * Issue 16: GetUserMetadata sent at boot with a stored session's token, by fetch, before the
 * axios client has arrived. Whatever goes wrong, it answers null (no toast, no redirect) and
 * the organisation context asks the usual way.
 */
function answering(respond: () => Response) {
  const seen: Request[] = [];
  server.use(
    http.get(`${config.crmApiUrl}/Orgs/GetUserMetadata`, ({ request }) => {
      seen.push(request);
      return respond();
    }),
  );
  return seen;
}

describe('getUserMetadataAtBoot', () => {
  it("sends the token to the CRM service and answers the user's organisations, parsed", async () => {
    const seen = answering(() =>
      HttpResponse.json({ success: true, errors: null, data: defaultMetadata }),
    );
    const metadata = await getUserMetadataAtBoot('stored-token');
    expect(metadata).toEqual(defaultMetadata);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(new URL(seen[0]?.url ?? '').searchParams.get('includeOrgAvatars')).toBe('true');
  });

  it.each([
    ['a refused token', () => HttpResponse.json({ success: false }, { status: 401 })],
    [
      'an answer that says it failed, whatever it holds',
      () => HttpResponse.json({ success: false, message: 'No', data: defaultMetadata }),
    ],
    [
      'a refusal that holds organisations',
      () => HttpResponse.json({ success: true, data: defaultMetadata }, { status: 403 }),
    ],
    [
      'an answer of another shape',
      () => HttpResponse.json({ success: true, data: { orgsAndPermissions: 1 } }),
    ],
    ['a body that is not JSON', () => new HttpResponse('<html>', { status: 200 })],
    ['a network failure', () => HttpResponse.error()],
  ])('answers null for %s', async (_, respond) => {
    answering(respond);
    await expect(getUserMetadataAtBoot('stored-token')).resolves.toBeNull();
  });
});
