import { describe, expect, it } from 'vitest';
import { crmTestApp } from './test-support';

/**
 * A subscription registration from start to end: anonymous create, read and update by code,
 * completion by a signed-in user (what it may be for: registrations.test.ts).
 */
const crm = crmTestApp();
const { get, send } = crm;

describe('subscription registration', () => {
  it('runs a subscription registration: anonymous create/read/update, signed-in completion', async () => {
    const input = {
      organisationName: 'Echo Earthworks',
      contactFirstName: 'Eve',
      contactLastName: 'Echo',
      contactEmail: 'eve@echo.example',
      offeringId: 9,
    };
    const created = (
      await crm.app.inject({
        method: 'POST',
        url: '/crm/v1/subscription-registrations',
        payload: input,
      })
    ).json().data;
    expect(created.code).toBeTruthy();
    expect(
      (await crm.app.inject({ url: `/crm/v1/subscription-registrations/${created.id}/wrong` }))
        .statusCode,
    ).toBe(404);
    const read = await crm.app.inject({
      url: `/crm/v1/subscription-registrations/${created.id}/${created.code}`,
    });
    expect(read.json().data).toMatchObject({ organisationName: 'Echo Earthworks', status: 'open' });
    const updated = await crm.app.inject({
      method: 'POST',
      url: `/crm/v1/subscription-registrations/${created.id}/${created.code}`,
      payload: { ...input, organisationName: 'Echo Earthworks Ltd' },
    });
    expect(updated.json().data.organisationName).toBe('Echo Earthworks Ltd');
    expect(
      (
        await crm.app.inject({
          method: 'POST',
          url: `/crm/v1/subscription-registrations/${created.id}/${created.code}/complete`,
        })
      ).statusCode,
    ).toBe(401);
    const done = await send(
      'developer',
      'POST',
      `/subscription-registrations/${created.id}/${created.code}/complete`,
    );
    expect(done.statusCode).toBe(200);
    const meta = (await get('developer', '/Orgs/GetUserMetadata')).json().data.orgsAndPermissions;
    expect(
      meta.find((e: { org: { id: number } }) => e.org.id === done.json().data.orgId).permissions
        .isOrgOwner,
    ).toBe(true);
    expect(
      (
        await send(
          'developer',
          'POST',
          `/subscription-registrations/${created.id}/${created.code}/complete`,
        )
      ).statusCode,
    ).toBe(400);
  });
});
