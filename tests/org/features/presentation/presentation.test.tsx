import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import PresentationPage from '@/org/features/presentation/route';
import { renderApp } from '../../../render';

describe('Landing page (/)', () => {
  it('says what the portal is and offers Sign in and Register to visitors', async () => {
    const { user, redirects } = await renderApp(<PresentationPage />, { user: null, url: '/' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Organization Portal' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Run your software licensing business in one place/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register your organization' })).toHaveAttribute(
      'href',
      '/subscription/register',
    );
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(redirects.signIn).toHaveLength(1));
    expect(JSON.stringify(redirects.signIn[0])).toContain('register');
  });

  it('sends a signed-in user to the dashboard', async () => {
    await renderApp(<PresentationPage />, { url: '/' });
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});
