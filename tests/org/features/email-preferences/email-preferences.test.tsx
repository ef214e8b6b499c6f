import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { config } from '@/core/config';
import EmailPreferencesPage from '@/org/features/email-preferences/route';
import { server } from '../../../msw/server';
import { renderApp } from '../../../render';

const url = (email: string, code: string) =>
  `${config.crmApiUrl}/email-preferences/${encodeURIComponent(email)}/${code}`;

describe('Email preferences (/email-preferences/{email}/{code})', () => {
  it('says a wrong code does not work, without a toast', async () => {
    server.use(
      http.get(url('a@example.com', 'bad'), () =>
        HttpResponse.json(
          {
            success: false,
            message: 'This email preferences link is not valid. Use the link in your latest email.',
          },
          { status: 404 },
        ),
      ),
    );
    await renderApp(<EmailPreferencesPage />, {
      user: null,
      url: '/email-preferences/a@example.com/bad',
      path: '/email-preferences/:email/:code',
    });
    expect(await screen.findByText('This link does not work')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This email preferences link is not valid. Use the link in your latest email.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Resource not found')).not.toBeInTheDocument();
  });

  it('says an expired code has expired', async () => {
    server.use(
      http.get(url('a@example.com', 'old'), () =>
        HttpResponse.json(
          {
            success: false,
            errors: {
              code: {
                message:
                  'This email preferences link has expired. Use the link in your latest email.',
                errorCode: 'expired',
              },
            },
          },
          { status: 400 },
        ),
      ),
    );
    await renderApp(<EmailPreferencesPage />, {
      user: null,
      url: '/email-preferences/a@example.com/old',
      path: '/email-preferences/:email/:code',
    });
    expect(await screen.findByText('This link has expired')).toBeInTheDocument();
  });

  it('saves the choices with the code, anonymously', async () => {
    let saved: unknown = null;
    let auth: string | null = 'unset';
    server.use(
      http.get(url('a@example.com', 'good'), () =>
        HttpResponse.json({
          success: true,
          data: {
            email: 'a@example.com',
            productUpdates: true,
            serviceNotices: true,
            marketing: false,
          },
        }),
      ),
      http.put(url('a@example.com', 'good'), async ({ request }) => {
        saved = await request.json();
        auth = request.headers.get('authorization');
        return HttpResponse.json({
          success: true,
          data: { email: 'a@example.com', ...(saved as object) },
        });
      }),
    );
    const { user } = await renderApp(<EmailPreferencesPage />, {
      user: null,
      url: '/email-preferences/a@example.com/good',
      path: '/email-preferences/:email/:code',
    });
    await user.click(await screen.findByRole('switch', { name: 'News and offers' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() =>
      expect(saved).toEqual({ productUpdates: true, serviceNotices: true, marketing: true }),
    );
    expect(auth).toBeNull();
    expect(await screen.findByText('Email preferences saved')).toBeInTheDocument();
  });
});
