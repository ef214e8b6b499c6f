import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import ActivityPage from '@/org/features/activity/route';
import { renderApp } from '../../../render';
import { server } from '../../../msw/server';
import { acme } from '../../../factories/crm';
import { auditHandlers, createAuditEvent } from '../../../msw/handlers/audit';

describe('Activity (/activity, org owner and org admin)', () => {
  it("lists the organisation's events and shows an event's changes before → after", async () => {
    server.use(
      auditHandlers.activity([
        createAuditEvent({
          id: 7,
          action: 'renew',
          changes: {
            expiry: { before: '2026-12-31', after: '2027-06-30' },
            state: { before: 'Expired', after: 'Active' },
          },
        }),
        createAuditEvent({
          id: 6,
          actorName: 'Manny Manager <manager@example.com>',
          action: 'invite',
          recordType: 'invitation',
          recordId: '3',
          recordName: 'new@example.com',
          changes: { email: { before: null, after: 'new@example.com' } },
        }),
      ]),
    );
    const { user } = await renderApp(<ActivityPage />, {
      url: '/activity',
      org: acme({ isOrgOwner: true, isOrgAdmin: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Activity', level: 1 })).toBeInTheDocument();
    const invite = (await screen.findByRole('cell', { name: 'new@example.com' })).closest('tr');
    expect(
      within(invite as HTMLElement).getByRole('cell', {
        name: 'Manny Manager <manager@example.com>',
      }),
    ).toBeInTheDocument();
    for (const heading of ['When', 'Who', 'Record type']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(heading) })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();

    const renew = screen.getByRole('cell', { name: 'renew' }).closest('tr') as HTMLElement;
    await user.click(within(renew).getByRole('button', { name: /^Show the changes/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'renew: BlastPlan for Borealis Quarries',
    });
    const changes = within(within(dialog).getByRole('table', { name: 'Changes' }));
    expect(
      changes.getByRole('row', { name: /^expiry 2026-12-31 2027-06-30$/ }),
    ).toBeInTheDocument();
    expect(changes.getByRole('row', { name: /^state Expired Active$/ })).toBeInTheDocument();
    expect(within(dialog).getByText('Olive Owner <owner@example.com>')).toBeInTheDocument();
  });
});
