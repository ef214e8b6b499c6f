import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { config } from '@/core/config';
import SubscriptionExistingRegPage from '@/org/features/subscription-register/existing-reg-route';
import SubscriptionRegisterPage from '@/org/features/subscription-register/route';
import { server } from '../../../msw/server';
import { renderApp } from '../../../render';

const registration = {
  id: 5,
  organisationName: 'Echo Aggregates',
  organisationDescription: null,
  contactFirstName: 'Erin',
  contactLastName: 'Echo',
  contactEmail: 'erin@echo.example',
  contactPhone: null,
  offeringId: 3,
  status: 'open',
  createdOrgId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('Subscription registration (/subscription/register)', () => {
  it(
    'validates the details, then saves them and moves on to the finish step',
    { timeout: 20_000 },
    async () => {
      let created: unknown = null;
      server.use(
        http.post(`${config.crmApiUrl}/subscription-registrations`, async ({ request }) => {
          created = await request.json();
          return HttpResponse.json({ success: true, data: { id: 5, code: 'abc' } });
        }),
        http.get(`${config.crmApiUrl}/subscription-registrations/5/abc`, () =>
          HttpResponse.json({ success: true, data: registration }),
        ),
      );
      const { user, location, redirects } = await renderApp(<SubscriptionRegisterPage />, {
        user: null,
        url: '/subscription/register?offering=3',
      });
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findAllByText('Mandatory field')).toHaveLength(4);
      await user.type(screen.getByLabelText(/^Contact email/), 'nope');
      await user.type(screen.getByLabelText(/^Contact phone/), 'call me');
      await user.type(screen.getByLabelText(/^Organization name/), 'Echo Aggregates');
      await user.type(screen.getByLabelText(/^Contact first name/), 'Erin');
      await user.type(screen.getByLabelText(/^Contact last name/), 'Echo');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByText('Invalid email')).toBeInTheDocument();
      expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
      expect(created).toBeNull();

      await user.clear(screen.getByLabelText(/^Contact email/));
      await user.type(screen.getByLabelText(/^Contact email/), 'erin@echo.example');
      await user.clear(screen.getByLabelText(/^Contact phone/));
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(location().search).toBe('?id=5&code=abc'));
      expect(created).toMatchObject({ organisationName: 'Echo Aggregates', offeringId: 3 });
      expect(await screen.findByText('Registration #5')).toBeInTheDocument();

      // Signed out: sign in and come back to this registration.
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(redirects.signIn).toHaveLength(1));
      expect(sessionStorage.getItem('lastRoute')).toContain('/subscription/register?id=5&code=abc');
    },
  );

  it('finishes a registration for a signed-in user', async () => {
    let completed = false;
    server.use(
      http.get(`${config.crmApiUrl}/subscription-registrations/5/abc`, () =>
        HttpResponse.json({ success: true, data: registration }),
      ),
      http.post(`${config.crmApiUrl}/subscription-registrations/5/abc/complete`, () => {
        completed = true;
        return HttpResponse.json({ success: true, data: { orgId: 42, subscriptionId: 7 } });
      }),
    );
    const real = Object.getOwnPropertyDescriptor(window, 'location') as PropertyDescriptor;
    const visited: string[] = [];
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...window.location, assign: (to: string) => visited.push(to) },
    });
    try {
      const { user } = await renderApp(<SubscriptionRegisterPage />, {
        url: '/subscription/register?id=5&code=abc',
      });
      await user.click(await screen.findByRole('button', { name: 'Finish registration' }));
      await waitFor(() => expect(visited).toEqual(['/dashboard']));
      expect(completed).toBe(true);
      expect(localStorage.getItem('new_org_id')).toBe('42');
    } finally {
      Object.defineProperty(window, 'location', real);
    }
  });
});

describe('Existing registration (/subscription/existing-reg)', () => {
  it('says when a registration cannot be found, under the code', async () => {
    server.use(
      http.get(`${config.crmApiUrl}/subscription-registrations/9/wrong`, () =>
        HttpResponse.json(
          { success: false, message: 'Registration not found. Check the link in your email.' },
          { status: 404 },
        ),
      ),
    );
    const { user } = await renderApp(<SubscriptionExistingRegPage />, {
      user: null,
      url: '/subscription/existing-reg',
    });
    await user.type(screen.getByLabelText(/^Registration number/), '9');
    await user.type(screen.getByLabelText(/^Code/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Find registration' }));
    expect(
      await screen.findByText('Registration not found. Check the link in your email.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Code/)).toHaveValue('wrong');
  });
});
