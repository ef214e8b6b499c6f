import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { OrgUser } from '@/contract/crm/users';
import { config } from '@/core/config';
import UsersPage from '@/org/features/users/route';
import { server } from '../../../msw/server';
import { renderApp } from '../../../render';
import { createOrgUser } from '../../../factories/crm';
import { userHandlers } from '../../../msw/handlers/users';

const base = `${config.crmApiUrl}/orgs/1/users`;

/** A small in-memory store behind the users endpoints. */
function usersStore(initial: OrgUser[]) {
  let users = [...initial];
  const requests: { method: string; url: string; body: unknown }[] = [];
  server.use(
    userHandlers.orgList(() => users),
    http.post(`${base}/invite`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      requests.push({ method: 'POST', url: request.url, body });
      if (users.some((u) => u.email.toLowerCase() === body.email)) {
        return HttpResponse.json(
          {
            success: false,
            errors: {
              email: {
                message: 'This user is already a member or has a pending invitation',
                errorCode: 'conflict',
              },
            },
          },
          { status: 409 },
        );
      }
      const user = createOrgUser({
        id: 99,
        firstName: null,
        lastName: null,
        email: String(body.email),
        isDeveloper: body.isDeveloper === true,
        status: 'Invited',
        invitedAt: '2026-01-02T00:00:00.000Z',
      });
      users = [...users, user];
      return HttpResponse.json({ success: true, data: user });
    }),
    http.put(`${base}/:id`, async ({ request, params }) => {
      const body = (await request.json()) as Partial<OrgUser>;
      requests.push({ method: 'PUT', url: request.url, body });
      users = users.map((u) => (u.id === Number(params.id) ? { ...u, ...body } : u));
      return HttpResponse.json({
        success: true,
        data: users.find((u) => u.id === Number(params.id)),
      });
    }),
    http.delete(`${base}/:id`, ({ request, params }) => {
      requests.push({ method: 'DELETE', url: request.url, body: null });
      users = users.filter((u) => u.id !== Number(params.id));
      return HttpResponse.json({ success: true, data: { id: Number(params.id) } });
    }),
  );
  return { requests };
}

describe('Users screen (/users)', () => {
  it('shows each email once, in its own column, the name beside it (issue 17)', async () => {
    usersStore([
      createOrgUser(),
      createOrgUser({
        id: 11,
        firstName: null,
        lastName: null,
        email: 'new@example.com',
        status: 'Invited',
      }),
    ]);
    await renderApp(<UsersPage />, { url: '/users', permissions: { isOrgAdmin: true } });
    const member = (await screen.findByText('Grace Hopper')).closest('tr') as HTMLElement;
    expect(within(member).getAllByText(/grace@example\.com/i)).toHaveLength(1);
    const invited = screen.getByText('Pending user activation').closest('tr') as HTMLElement;
    expect(within(invited).getAllByText(/new@example\.com/)).toHaveLength(1);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Email/ })).toBeInTheDocument();
  });

  it('lists members by name and invited people as pending', async () => {
    usersStore([
      createOrgUser(),
      createOrgUser({
        id: 11,
        firstName: null,
        lastName: null,
        email: 'new@example.com',
        status: 'Invited',
      }),
    ]);
    await renderApp(<UsersPage />, { url: '/users', permissions: { isOrgAdmin: true } });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('Pending user activation')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('invites by email with flags, and shows a duplicate refusal under the email, keeping it', async () => {
    const { requests } = usersStore([createOrgUser()]);
    const { user } = await renderApp(<UsersPage />, {
      url: '/users',
      permissions: { isOrgAdmin: true },
    });
    await screen.findByText('Grace Hopper');

    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' });
    await user.type(within(dialog).getByLabelText(/^Email/), 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText('This user is already a member or has a pending invitation'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('grace@example.com');

    const email = within(dialog).getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'newbie@example.com');
    await user.click(within(dialog).getByRole('switch', { name: 'Developer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.at(-1)?.body).toMatchObject({ email: 'newbie@example.com', isDeveloper: true });
    expect(await screen.findAllByText('Pending user activation')).toHaveLength(1);
  });

  it('shows the server refusal under the email when the list did not know the address', async () => {
    const { requests } = usersStore([createOrgUser()]);
    server.use(
      http.post(`${base}/invite`, async ({ request }) => {
        requests.push({ method: 'POST', url: request.url, body: await request.json() });
        return HttpResponse.json(
          {
            success: false,
            errors: { email: { message: 'Invited elsewhere a moment ago', errorCode: 'conflict' } },
          },
          { status: 409 },
        );
      }),
    );
    const { user } = await renderApp(<UsersPage />, {
      url: '/users',
      permissions: { isOrgAdmin: true },
    });
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Email/), 'late@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Invited elsewhere a moment ago')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('late@example.com');
    expect(requests).toHaveLength(1);
  });

  it('says what is wrong with a bad email before sending anything', async () => {
    const { requests } = usersStore([]);
    const { user } = await renderApp(<UsersPage />, {
      url: '/users',
      permissions: { isSubManager: true },
    });
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Email/), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Invalid email')).toBeInTheDocument();
    // A sub manager cannot grant org admin.
    expect(within(dialog).getByRole('switch', { name: 'Org admin' })).toBeDisabled();
    expect(requests).toHaveLength(0);
  });

  it('resends the selected invitations in one request: the count first, then what was done and refused', async () => {
    usersStore([
      createOrgUser(),
      createOrgUser({
        id: 11,
        firstName: null,
        lastName: null,
        email: 'new@example.com',
        status: 'Invited',
      }),
    ]);
    const bodies: unknown[] = [];
    server.use(
      http.post(`${base}/bulk/resend-invitation`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          success: true,
          data: {
            requested: 2,
            done: 1,
            refused: 1,
            refusals: [
              {
                code: 'alreadyAccepted',
                message: 'This user has already accepted the invitation',
                count: 1,
                ids: [10],
              },
            ],
          },
        });
      }),
    );
    const { user } = await renderApp(<UsersPage />, {
      url: '/users',
      permissions: { isSubManager: true },
    });
    const ribbon = await screen.findByRole('toolbar', { name: 'Users actions' });
    await screen.findByText('Grace Hopper');
    // Nothing selected: no bulk action to start.
    expect(within(ribbon).queryByRole('button', { name: 'Resend invitations' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Pending user activation' }));
    await user.click(within(ribbon).getByRole('button', { name: 'Resend invitations' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resend invitations' }));
    expect(
      dialog.getByText(/^Send 2 invitations again\? Each gets a new link/),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Resend invitations' }));
    const result = await dialog.findByRole('status');
    expect(result).toHaveTextContent('Done: 1.');
    expect(result).toHaveTextContent('Refused: 1.');
    expect(result).toHaveTextContent('1: This user has already accepted the invitation');
    // One request for the selection, by id.
    expect(bodies).toEqual([expect.objectContaining({ ids: expect.arrayContaining([11]) })]);
    expect((bodies[0] as { ids: number[] }).ids).toHaveLength(2);
  });

  it('changes a flag with its toggle switch', async () => {
    const { requests } = usersStore([createOrgUser()]);
    const { user } = await renderApp(<UsersPage />, {
      url: '/users',
      permissions: { isOrgAdmin: true },
    });
    await screen.findByText('Grace Hopper');
    const row = screen.getByText('Grace Hopper').closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('switch', { name: 'Tech support: Grace Hopper' }));
    await waitFor(() => expect(requests.at(-1)?.method).toBe('PUT'));
    expect(requests.at(-1)?.body).toMatchObject({ isTechSupport: true, isDeveloper: true });
  });

  it('removes a member after confirmation (org admins only)', async () => {
    const { requests } = usersStore([createOrgUser()]);
    const { user } = await renderApp(<UsersPage />, {
      url: '/users',
      permissions: { isOrgAdmin: true },
    });
    await screen.findByText('Grace Hopper');
    await user.click(screen.getByRole('button', { name: /^Remove from organization/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from organization' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(requests.at(-1)?.method).toBe('DELETE'));
    expect(await screen.findByText('No data found')).toBeInTheDocument();
  });

  it('is read-only for a developer', async () => {
    usersStore([createOrgUser()]);
    await renderApp(<UsersPage />, { url: '/users', permissions: { isDeveloper: true } });
    await screen.findByText('Grace Hopper');
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /^Remove from organization/ }),
    ).not.toBeInTheDocument();
    const row = screen.getByText('Grace Hopper').closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByRole('switch', { name: 'Tech support: Grace Hopper' })).toBeDisabled();
  });
});
