import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { App } from '../app';
import { loadConfig } from '../config';
import { bearer, createTestApp, tokenFor, TEST_CONFIG } from '../test/harness';

/**
 * The stack's mail (docs/local-stack.md § Mail): the development outbox page, who may open it,
 * and SMTP through nodemailer against a real SMTP server on the loopback.
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const invite = async (target: App, email: string) =>
  target.inject({
    method: 'POST',
    url: '/crm/v1/orgs/1/users/invite',
    headers: bearer(await tokenFor(target, 'owner')),
    payload: { email },
  });

describe('the development outbox', () => {
  it('lists the messages sent, newest first, with their links, for one recipient', async () => {
    expect((await invite(app, 'outbox.reader@example.org')).statusCode).toBe(200);
    const res = await app.inject({ url: '/dev/outbox?to=Outbox.Reader@example.org' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<h1>Outbox: messages to outbox.reader@example.org</h1>');
    expect(res.body).toContain('Invitation to join Acme Mining');
    expect(res.body).toMatch(
      /<a href="http:\/\/localhost:5173\/org\/1\/dashboard\?getStarted=i-[\w-]{43}">/,
    );
    expect(res.body).not.toContain('pending@example.com');
    const all = await app.inject({ url: '/dev/outbox' });
    expect(all.body).toContain('pending@example.com'); // the demo invitation, sent at start
  });

  it('is not served to other machines', async () => {
    const res = await app.inject({ url: '/dev/outbox', remoteAddress: '192.0.2.10' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Invitation');
  });

  it('is not served in production, which needs SMTP_URL', async () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL is required/);
    const prod = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' });
    expect(prod.mail).toMatchObject({ outbox: false, smtpUrl: 'smtp://127.0.0.1:1' });
    expect(loadConfig({}).mail.outbox).toBe(true);
  });
});

describe('SMTP', () => {
  it('sends the invitation through the configured server, and keeps no outbox in production', async () => {
    const received: Array<{ from: string; to: string[]; data: string }> = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const smtpApp = await createTestApp({
      ...TEST_CONFIG,
      production: true,
      mail: {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Portal <no-reply@example.org>',
        outbox: false,
      },
    });
    try {
      expect((await invite(smtpApp, 'smtp.reader@example.org')).statusCode).toBe(200);
      const message = received.find((m) => m.to.includes('smtp.reader@example.org'));
      expect(message?.from).toBe('no-reply@example.org');
      expect(message?.data).toContain('Subject: Invitation to join Acme Mining');
      const text = (message?.data ?? '')
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      expect(text).toMatch(/getStarted=i-[\w-]{43}/);
      expect(
        await smtpApp.services.db.query('select 1 from outbox_messages where recipient = $1', [
          'smtp.reader@example.org',
        ]),
      ).toHaveLength(0);
      expect((await smtpApp.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await smtpApp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('answers 502 when the SMTP server refuses, keeping the invitation to resend', async () => {
    const brokenApp = await createTestApp({
      production: true,
      mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'x@example.org', outbox: false },
    });
    try {
      const res = await invite(brokenApp, 'unsent@example.org');
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toContain('could not be sent');
      const rows = await brokenApp.services.db.query(
        `select 1 from invitations where email = 'unsent@example.org'`,
      );
      expect(rows).toHaveLength(1);
      // The demo invitation could not go out at start either: still queued for the next one.
      const queued = await brokenApp.services.db.query<{ token_hash: string | null }>(
        `select token_hash from invitations where email = 'pending@example.com'`,
      );
      expect(queued).toEqual([{ token_hash: null }]);
    } finally {
      await brokenApp.close();
    }
  });
});
