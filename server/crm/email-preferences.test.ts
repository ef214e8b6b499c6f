import { describe, expect, it } from 'vitest';
import { crmTestApp } from './test-support';

/** Email preferences, by the code from an email (anonymous). */
const crm = crmTestApp();

describe('email preferences', () => {
  it('reads and saves email preferences by code; wrong code 404, expired 400', async () => {
    const ok = await crm.app.inject({
      url: '/crm/v1/email-preferences/owner@example.com/demo-code',
    });
    expect(ok.json().data).toMatchObject({ email: 'owner@example.com', marketing: false });
    const put = await crm.app.inject({
      method: 'PUT',
      url: '/crm/v1/email-preferences/owner@example.com/demo-code',
      payload: { productUpdates: false, serviceNotices: true, marketing: true },
    });
    expect(put.json().data.marketing).toBe(true);
    const wrong = await crm.app.inject({
      url: '/crm/v1/email-preferences/owner@example.com/guess',
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toMatch(/not valid/);
    const expired = await crm.app.inject({
      url: '/crm/v1/email-preferences/pending@example.com/expired-code',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/);
  });
});
