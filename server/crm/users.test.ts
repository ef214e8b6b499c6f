import { describe, expect, it } from 'vitest';
import { crmTestApp } from './test-support';

/** An organisation's users and invitations; all users (sysadmin). */
const crm = crmTestApp();
const { send } = crm;

describe('users', () => {
  it('lists org users incl. the pending invitation (no first name) for allowed roles only', async () => {
    const res = await send('submanager', 'POST', '/orgs/2/users/list', { search: 'pending' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.results[0]).toMatchObject({
      id: 9,
      email: 'pending@example.com',
      firstName: null,
      status: 'Invited',
    });
    expect((await send('manager', 'POST', '/orgs/1/users/list', {})).statusCode).toBe(403);
  });

  it('invites by email (no duplicates), resends, revokes; sub managers cannot grant org admin', async () => {
    const invite = await send('owner', 'POST', '/orgs/1/users/invite', {
      email: 'New.Person@Example.com',
      isDeveloper: true,
      isSysadmin: true,
    });
    expect(invite.statusCode).toBe(200);
    const u = invite.json().data;
    expect(u).toMatchObject({
      email: 'new.person@example.com',
      isDeveloper: true,
      status: 'Invited',
    });
    // An invitation is not an account (nor a membership) until it is accepted.
    expect(
      await crm.app.services.db.query(`select 1 from users where email = 'new.person@example.com'`),
    ).toHaveLength(0);
    expect(
      (await send('owner', 'POST', '/orgs/1/users/invite', { email: 'new.person@example.com' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await send('owner', 'POST', `/orgs/1/users/${u.id}/resend-invitation`)).statusCode,
    ).toBe(200);
    expect((await send('owner', 'DELETE', `/orgs/1/users/${u.id}/invitation`)).statusCode).toBe(
      200,
    );
    expect(
      (
        await send('submanager', 'POST', '/orgs/2/users/invite', {
          email: 'x@example.com',
          isOrgAdmin: true,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await send('owner', 'POST', '/orgs/1/users/invite', { email: 'not an email' })).json().errors
        .email.message,
    ).toBe('Invalid email');
  });

  it('changes flags and removes members; never the owner', async () => {
    const res = await send('owner', 'PUT', '/orgs/1/users/4', {
      isDeveloper: true,
      isTechSupport: true,
    });
    expect(res.json().data).toMatchObject({
      isDeveloper: true,
      isTechSupport: true,
      isOrgAdmin: false,
    });
    expect((await send('sysadmin', 'DELETE', '/orgs/1/users/2')).statusCode).toBe(400);
    expect(
      (await send('owner', 'PUT', '/orgs/1/users/999999', { isDeveloper: true })).statusCode,
    ).toBe(404);
  });

  it('lists all users with their organisations for sysadmins', async () => {
    const res = await send('sysadmin', 'POST', '/admin/users/list', {
      search: 'owner@example.com',
    });
    expect(res.json().data.results[0]).toMatchObject({
      email: 'owner@example.com',
      orgName: 'Acme Mining, Borealis Quarries',
    });
  });
});
