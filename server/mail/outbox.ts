import type { FastifyInstance } from 'fastify';
import type { Services } from '../http/routes';
import { esc, page } from '../identity/pages';
import { htmlCsp } from '../http/security';
import type { MailLink } from './mailer';

export const OUTBOX_PATH = '/dev/outbox';
const SHOWN = 100;

/**
 * Loopback clients only: the outbox holds live secrets (invitation and verification links), so
 * it is for the developer at the machine that runs the stack, never for the network (trustProxy
 * is off: the address is the socket's, a forwarded header cannot fake it).
 */
const isLoopback = (ip: string) =>
  ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

interface OutboxRow {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  links: MailLink[];
  created_at: Date;
}

/** Text with the message's own links as anchors (everything else escaped). */
function bodyHtml(body: string, links: MailLink[]) {
  let html = esc(body);
  for (const link of links) {
    const url = esc(link.url);
    html = html.split(url).join(`<a href="${url}">${url}</a>`);
  }
  return html;
}

/**
 * GET /dev/outbox[?to=address]: the development outbox, newest first (docs/local-stack.md
 * § Mail). Registered only when the stack runs outside production (config.mail.outbox).
 */
export function registerOutbox(app: FastifyInstance, { db, config }: Services) {
  if (!config.mail.outbox) return;
  app.get(OUTBOX_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (!isLoopback(req.ip)) return reply.callNotFound();
    const to = (req.query as { to?: unknown }).to;
    const recipient = typeof to === 'string' && to.trim() ? to.trim().toLowerCase() : null;
    const rows = await db.query<OutboxRow>(
      `select id, recipient, subject, body, links, created_at from outbox_messages
        where $1::text is null or recipient = $1 order by id desc limit ${SHOWN}`,
      [recipient],
    );
    const items = rows
      .map(
        (m) => `<article class="message" aria-labelledby="m${m.id}">
<h2 id="m${m.id}">${esc(m.subject)}</h2>
<p class="muted">To ${esc(m.recipient)} · ${esc(m.created_at.toISOString())}</p>
<p class="message-body">${bodyHtml(m.body, m.links)}</p></article>`,
      )
      .join('\n');
    const heading = recipient ? `Outbox: messages to ${recipient}` : 'Outbox';
    const body = `<h1>${esc(heading)}</h1>
<p class="muted">Messages the local stack sent (development only; the newest ${SHOWN}).</p>
<form method="get" action="${OUTBOX_PATH}"><label for="to">Recipient</label>
<input id="to" name="to" type="email" value="${esc(recipient ?? '')}"><button type="submit">Show</button></form>
${items || '<p>No messages.</p>'}`;
    return reply
      .header('Content-Security-Policy', htmlCsp([]))
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(heading, body, { wide: true }));
  });
}
