import { describe, expect, it } from 'vitest';
import type { DemoAccount } from '../test/harness';
import { crmTestApp } from './test-support';

/** Offerings: list, details, writes, custom data. */
const crm = crmTestApp();
const { get, send } = crm;

describe('offerings', () => {
  it('lists Acme offerings for every allowed role and forbids Borealis members without a role', async () => {
    for (const who of ['owner', 'manager', 'developer', 'support'] as DemoAccount[]) {
      const res = await send(who, 'POST', '/orgs/1/offerings/list', { take: 5 });
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data.results[0]).toMatchObject({
        name: 'Blast Designer',
        type: 'product',
        orgName: 'Acme Mining',
      });
    }
    const denied = await send('siteadmin', 'POST', '/orgs/2/offerings/list', {});
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ success: false });
  });

  it('creates, edits (features and tags), reads and deletes a product; developers may not write', async () => {
    const input = {
      type: 'product',
      name: 'Stemming Optimiser',
      description: 'Optimise stemming.',
      tags: ['Design;', 'NEW'],
      features: [{ name: 'Auto stemming', defaultValue: true }],
    };
    expect((await send('developer', 'POST', '/orgs/1/offerings', input)).statusCode).toBe(403);
    const created = await send('manager', 'POST', '/orgs/1/offerings', { ...input, orgId: 3 });
    expect(created.statusCode).toBe(200);
    const o = created.json().data;
    expect(o).toMatchObject({
      orgId: 1,
      name: 'Stemming Optimiser',
      tags: ['design', 'new'],
      features: [{ name: 'Auto stemming', defaultValue: true }],
    });
    const edited = await send('manager', 'PUT', `/orgs/1/offerings/${o.id}`, {
      ...input,
      name: 'Stemming Optimiser Pro',
      features: [
        { id: o.features[0].id, name: 'Auto stemming', defaultValue: false },
        { name: 'Reports', defaultValue: true },
      ],
    });
    expect(edited.json().data.features).toHaveLength(2);
    expect((await get('support', `/orgs/1/offerings/${o.id}`)).json().data.name).toBe(
      'Stemming Optimiser Pro',
    );
    expect((await send('owner', 'DELETE', `/orgs/1/offerings/${o.id}`)).statusCode).toBe(200);
    expect((await get('owner', `/orgs/1/offerings/${o.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete an offering in use with a 409 and its reason, not a permission refusal', async () => {
    // Offering 1 (Acme's Blast Designer) has subscriptions and licences in the demo data.
    const res = await send('owner', 'DELETE', '/orgs/1/offerings/1');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'This offering has subscriptions or licences and cannot be deleted',
    });
    expect((await get('owner', '/orgs/1/offerings/1')).statusCode).toBe(200);
  });

  it('answers 404 for another organisation’s offering id in the caller’s own org path', async () => {
    const res = await get('owner', '/orgs/1/offerings/13'); // 13 is Cobalt's
    expect(res.statusCode).toBe(404);
  });

  it('validates the body with field errors and never writes half', async () => {
    const res = await send('owner', 'POST', '/orgs/1/offerings', {
      type: 'gadget',
      name: '',
      features: [{ name: '' }],
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.type.errorCode).toBe('invalid');
    expect(errors.name.message).toBe('Mandatory field');
    expect(errors['features.0.name']).toBeDefined();
    const missing = await send('owner', 'POST', '/orgs/1/offerings', {});
    expect(missing.json().errors.name).toEqual({
      message: 'Mandatory field',
      errorCode: 'required',
    });
  });

  it('manages offering custom data records', async () => {
    const created = await send('owner', 'POST', '/orgs/1/offerings/2/custom-data', {
      name: 'Banner',
      executionPriority: 1,
      data: '{"type":"Arbitrary"}',
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    expect(
      (
        await send('owner', 'POST', '/orgs/1/offerings/2/custom-data', {
          name: 'Bad',
          executionPriority: 1,
          data: '{oops',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await get('owner', '/orgs/1/offerings/2'))
        .json()
        .data.customData.map((c: { id: number }) => c.id),
    ).toContain(id);
    expect(
      (await send('owner', 'DELETE', `/orgs/1/offerings/2/custom-data/${id}`)).statusCode,
    ).toBe(200);
  });
});
