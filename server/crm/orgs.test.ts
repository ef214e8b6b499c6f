import { describe, expect, it } from 'vitest';
import { crmTestApp } from './test-support';

/** Organisations: Edit Org, the sysadmin's list, org custom data. */
const crm = crmTestApp();
const { get, send } = crm;

describe('organisations', () => {
  it('lets the org owner edit the org (customData as a JSON string) and no one else', async () => {
    const body = { name: 'Acme Mining', description: 'Updated', customData: '{"theme":"blue"}' };
    expect((await send('owner', 'PUT', '/orgs/1', body)).json().data).toMatchObject({
      description: 'Updated',
      customData: '{"theme":"blue"}',
    });
    expect((await send('manager', 'PUT', '/orgs/1', body)).statusCode).toBe(403);
    expect(
      (await send('owner', 'PUT', '/orgs/1', { ...body, customData: '{bad' })).statusCode,
    ).toBe(400);
    expect(
      (await send('owner', 'PUT', '/orgs/1', { ...body, isProductOwnerEnabled: false })).json().data
        .isProductOwnerEnabled,
    ).toBe(true);
  });

  it('lists every organisation for sysadmins, who may change capability flags', async () => {
    const list = await send('sysadmin', 'POST', '/admin/orgs/list', { take: 2 });
    expect(list.json().data).toMatchObject({ fetchedCount: 2, skippedCount: 0 });
    expect(list.json().data.totalAvailable).toBeGreaterThan(4);
    const res = await send('sysadmin', 'PUT', '/admin/orgs/3', {
      name: 'Cobalt Blasting',
      isProductOwnerEnabled: true,
      isServiceOwnerEnabled: true,
    });
    expect(res.json().data.isProductOwnerEnabled).toBe(true);
  });

  it('manages org custom data records (owner writes, admin reads)', async () => {
    const created = await send('owner', 'POST', '/orgs/1/custom-data', {
      name: 'Notice',
      description: null,
      executionPriority: 3,
      data: '{"type":"DatedMessage"}',
    });
    const id = created.json().data.id;
    expect(
      (await get('sysadmin', '/orgs/1/custom-data')).json().data.map((r: { id: number }) => r.id),
    ).toContain(id);
    expect(
      (
        await send('owner', 'PUT', `/orgs/1/custom-data/${id}`, {
          name: 'Notice 2',
          executionPriority: 4,
          data: '{}',
        })
      ).json().data.name,
    ).toBe('Notice 2');
    expect((await send('owner', 'DELETE', `/orgs/1/custom-data/${id}`)).statusCode).toBe(200);
  });
});
