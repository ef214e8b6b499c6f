import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Organisation } from '@/contract/crm/orgs';
import { config } from '@/core/config';
import EditOrgPage from '@/org/features/edit-org/route';
import { server } from '../../../msw/server';
import { renderApp } from '../../../render';
import { organisationHandlers } from '../../../msw/handlers/organisations';

// Typing through forms is slow on a shared machine (the default 5 s is too tight under load).

const acme: Organisation = {
  id: 1,
  name: 'Acme Mining',
  description: 'Explosives software',
  avatar_Base64: null,
  customData: '{}',
  isProductOwnerEnabled: true,
  isServiceOwnerEnabled: true,
  memberCount: 5,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('Edit Organization (/edit-org)', () => {
  it('saves the name and description, and shows a refused name under the field', async () => {
    let org = { ...acme };
    const sent: unknown[] = [];
    server.use(
      http.get(`${config.crmApiUrl}/orgs/1`, () => HttpResponse.json({ success: true, data: org })),
      organisationHandlers.customData([
        { id: 3, name: 'Banner', description: null, executionPriority: 1, data: '{}' },
      ]),
      http.put(`${config.crmApiUrl}/orgs/1`, async ({ request }) => {
        const body = (await request.json()) as Partial<Organisation>;
        sent.push(body);
        if (body.name === 'Taken') {
          return HttpResponse.json(
            {
              success: false,
              errors: { name: { message: 'That name is taken', errorCode: 'conflict' } },
            },
            { status: 400 },
          );
        }
        org = { ...org, ...body };
        return HttpResponse.json({ success: true, data: org });
      }),
    );
    const { user } = await renderApp(<EditOrgPage />, {
      url: '/edit-org',
      permissions: { isOrgOwner: true, isOrgAdmin: true },
    });
    const name = await screen.findByLabelText(/^Name/);
    expect(name).toHaveValue('Acme Mining');
    expect(screen.getByRole('cell', { name: 'Banner' })).toBeInTheDocument();
    expect(screen.getByText('JPG or PNG. Max size of 128KB')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Taken');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That name is taken')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Taken');

    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Acme Mining Ltd');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ name: 'Acme Mining Ltd', description: 'Explosives software' });
    expect(await screen.findByText('Organization saved')).toBeInTheDocument();
  });
});
