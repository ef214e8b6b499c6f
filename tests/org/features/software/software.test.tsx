import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Subscription } from '@/contract/crm/subscriptions';
import { config } from '@/core/config';
import SoftwarePage from '@/org/features/software/route';
import { server } from '../../../msw/server';
import { renderApp } from '../../../render';

const sub: Subscription = {
  id: 3,
  name: 'Borealis - Blast Designer',
  vendorOrg: { id: 1, name: 'Acme Mining' },
  subscriberOrg: { id: 2, name: 'Borealis Quarries' },
  offering: { id: 1, name: 'Blast Designer', type: 'product' },
  startDate: '2025-01-01',
  endDate: '2020-12-31',
  seatsAllowed: 6,
  seatsUsed: 2,
  includedFeatures: [],
  isDisabled: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  orgName: 'Acme Mining',
};

describe('Software (/my-subscriptions)', () => {
  it('lists the subscriptions held, each linking to its service licences', async () => {
    server.use(
      http.post(`${config.crmApiUrl}/orgs/1/my-subscriptions/list`, () =>
        HttpResponse.json({
          success: true,
          data: { results: [sub], fetchedCount: 1, skippedCount: 0, totalAvailable: 1 },
        }),
      ),
    );
    await renderApp(<SoftwarePage />, {
      url: '/my-subscriptions',
      permissions: { isSubManager: true },
    });
    expect(await screen.findByRole('link', { name: 'Borealis - Blast Designer' })).toHaveAttribute(
      'href',
      '/my-subscriptions/3',
    );
    expect(screen.getByText('2 of 6')).toBeInTheDocument();
    expect(screen.getByText('2020/12/31').closest('.text-danger')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Software' })).toBeInTheDocument();
    expect(document.title).toBe('Software - Organisation Portal');
  });
});
