import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { config } from '@/core/config';
import AccountProfilePage from '@/org/features/account-profile/route';
import { server } from '../../../msw/server';
import { renderApp } from '../../../render';

describe('Profile (/Account/Profile)', () => {
  it('edits the names through the identity API; the email is not editable', async () => {
    let profile = {
      id: 7,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      avatar_Base64: null,
    };
    const sent: unknown[] = [];
    server.use(
      http.get(`${config.identityApiUrl}/profile`, () => HttpResponse.json(profile)),
      http.put(`${config.identityApiUrl}/profile`, async ({ request }) => {
        const body = (await request.json()) as typeof profile;
        sent.push(body);
        profile = { ...profile, ...body };
        return HttpResponse.json(profile);
      }),
    );
    const { user } = await renderApp(<AccountProfilePage />, { url: '/Account/Profile' });
    const first = await screen.findByLabelText(/^First name/);
    expect(first).toHaveValue('Ada');
    expect(screen.getByLabelText(/^Email/)).toBeDisabled();

    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mandatory field')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText(/^First name/), 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ firstName: 'Augusta', lastName: 'Lovelace' }]));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
  });
});
