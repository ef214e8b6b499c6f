import { describe, expect, it } from 'vitest';
import { crmTestApp } from './test-support';

/** Support requests: only the support organisations (SUPPORT_ORG_IDS). */
const crm = crmTestApp();
const { send } = crm;

describe('support requests', () => {
  it('accepts support requests from the three support organisations only', async () => {
    expect(
      (
        await send('owner', 'POST', '/orgs/1/support-requests', {
          subject: 'Help',
          message: 'Please',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await send('sysadmin', 'POST', '/orgs/4/support-requests', {
          subject: 'Help',
          message: 'Please',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await send('owner', 'POST', '/orgs/1/support-requests', { subject: '', message: '' })).json()
        .errors.subject.message,
    ).toBe('Mandatory field');
  });
});
