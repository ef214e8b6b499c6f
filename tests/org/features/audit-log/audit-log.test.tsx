import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import AuditLogPage from '@/org/features/audit-log/route';
import { renderApp } from '../../../render';
import { server } from '../../../msw/server';
import { acme } from '../../../factories/crm';
import { auditHandlers, createAuditEvent } from '../../../msw/handlers/audit';

describe('Audit log (/audit, sysadmin)', () => {
  it('lists the events of every organisation with the organisation, and their changes', async () => {
    server.use(
      auditHandlers.auditLog([
        createAuditEvent({ id: 9, orgId: 2, orgName: 'Borealis Quarries', action: 'share' }),
        createAuditEvent({ id: 8 }),
      ]),
    );
    const { user } = await renderApp(<AuditLogPage />, {
      url: '/audit',
      user: { role: 'sysadmin' },
      org: acme({ isSysadmin: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Organization/ })).toBeInTheDocument();
    const share = (await screen.findByRole('cell', { name: 'Borealis Quarries' })).closest('tr');
    expect(within(share as HTMLElement).getByRole('cell', { name: 'share' })).toBeInTheDocument();
    await user.click(
      within(share as HTMLElement).getByRole('button', { name: /^Show the changes/ }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('row', { name: /^expiry 2026-12-31 2027-06-30$/ }),
    ).toBeInTheDocument();
  });
});
