import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { config } from '@/core/config';
import SupportPage from '@/org/features/support/route';
import { server } from '../../../msw/server';
import { renderApp } from '../../../render';

// Typing through forms is slow on a shared machine (the default 5 s is too tight under load).

describe('Support (/support)', () => {
  it('asks for a subject and message, refuses a file over 20 MiB, and sends the request', async () => {
    const box: { sent: { subject?: string; attachments?: { fileName: string }[] } | null } = {
      sent: null,
    };
    server.use(
      http.post(`${config.crmApiUrl}/orgs/1/support-requests`, async ({ request }) => {
        box.sent = (await request.json()) as typeof box.sent;
        return HttpResponse.json({
          success: true,
          data: { id: 17, createdAt: '2026-01-02T10:00:00.000Z' },
        });
      }),
    );
    const { user } = await renderApp(<SupportPage />, { url: '/support' });
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findAllByText('Mandatory field')).toHaveLength(2);

    const input = screen.getByLabelText(/^Attachments/);
    const big = new File(['x'], 'huge.iso');
    Object.defineProperty(big, 'size', { value: 20_971_521 });
    await user.upload(input, [big, new File(['log line'], 'app.log', { type: 'text/plain' })]);
    expect(await screen.findByText(/huge\.iso/)).toBeInTheDocument();
    expect(await screen.findByText('app.log')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Subject/), 'Seat count wrong');
    await user.type(screen.getByLabelText(/^Message/), 'It says 3 of 5.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(/Request #17 received/)).toBeInTheDocument();
    await waitFor(() => expect(box.sent?.subject).toBe('Seat count wrong'));
    expect(box.sent?.attachments?.map((a) => a.fileName)).toEqual(['app.log']);
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('');
  });
});
