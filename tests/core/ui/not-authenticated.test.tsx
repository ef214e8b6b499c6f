import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import NotAuthenticatedPage from '@/core/shell/not-authenticated';
import { renderApp } from '../../render';

describe('Not signed in (/not-authenticated, both portals)', () => {
  it.each(['org', 'site'] as const)(
    '%s portal: says what happened and signs in again from the button',
    async (portal) => {
      const { user, redirects } = await renderApp(<NotAuthenticatedPage />, {
        user: null,
        portal,
        url: '/not-authenticated',
      });
      expect(
        screen.getByRole('heading', { level: 1, name: 'You are not signed in' }),
      ).toBeInTheDocument();
      expect(screen.getByText(/Your session has ended/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(redirects.signIn).toHaveLength(1));
    },
  );
});
