import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import SoftwarePage from '@/org/features/software/route';
import { server } from '../../../msw/server';
import { renderApp } from '../../../render';
import { asListedSub, createSubscription } from '../../../factories/crm';
import { subscriptionHandlers } from '../../../msw/handlers/subscriptions';

// Typing through forms is slow on a shared machine (the default 5 s is too tight under load).

const sub = asListedSub(
  createSubscription({
    id: 3,
    name: 'Borealis - Blast Designer',
    offering: { id: 1, name: 'Blast Designer', type: 'product' },
    startDate: '2025-01-01',
    endDate: '2020-12-31',
    seatsAllowed: 6,
    seatsUsed: 2,
    createdAt: '2025-01-01T00:00:00.000Z',
    orgName: 'Acme Mining',
  }),
);

describe('Software (/my-subscriptions)', () => {
  it('lists the subscriptions held, each linking to its service licences', async () => {
    server.use(subscriptionHandlers.heldList([sub]));
    await renderApp(<SoftwarePage />, {
      url: '/my-subscriptions',
      permissions: { isSubManager: true },
    });
    expect(await screen.findByRole('link', { name: 'Borealis - Blast Designer' })).toHaveAttribute(
      'href',
      '/my-subscriptions/3',
    );
    // Seats read 'used / allowed', as on every screen (issue 17).
    expect(screen.getByText('2 / 6')).toBeInTheDocument();
    expect(
      screen.getByRole('columnheader', { name: /^Seats used \/ allowed/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('2020/12/31').closest('.text-danger')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Software' })).toBeInTheDocument();
  });
});
