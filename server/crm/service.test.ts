import { describe, expect, it } from 'vitest';
import { crmTestApp } from './test-support';

/** The CRM service as a whole: the envelope on bad input and unknown routes, security headers and CORS, the OpenAPI document. */
const crm = crmTestApp();
const { as } = crm;

describe('the CRM service', () => {
  it('answers malformed JSON and unknown routes with the envelope', async () => {
    const bad = await crm.app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/1/offerings/list',
      headers: { ...as('owner'), 'content-type': 'application/json' },
      payload: '{"skip":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      errors: { body: { errorCode: 'invalid' } },
    });
    const none = await crm.app.inject({ url: '/crm/v1/nothing-here', headers: as('owner') });
    expect(none.statusCode).toBe(404);
    expect(none.json().success).toBe(false);
  });

  it('sets security headers and CORS for the portal origins only', async () => {
    const res = await crm.app.inject({
      url: '/crm/v1/Orgs/GetUserMetadata',
      headers: { ...as('owner'), origin: 'http://localhost:5173' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const evil = await crm.app.inject({
      url: '/crm/v1/Orgs/GetUserMetadata',
      headers: { ...as('owner'), origin: 'http://evil.example' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await crm.app.inject({
      method: 'OPTIONS',
      url: '/crm/v1/orgs/1/offerings/list',
      headers: {
        origin: 'http://localhost:5174',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-headers']).toContain('authorization');
  });

  it('serves an OpenAPI document of the endpoints', async () => {
    const doc = (await crm.app.inject({ url: '/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/crm/v1/Orgs/GetUserMetadata',
        '/crm/v1/orgs/{orgId}/offerings/list',
        '/identity/v1/profile',
        '/errors/v1/events',
      ]),
    );
  });
});
