import type { App } from '../app';
import type { MailLink } from '../mail/mailer';

export interface SentMessage {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  links: MailLink[];
}

/** Messages the stack sent to an address (the development outbox), newest first. */
export async function messagesTo(app: App, to: string): Promise<SentMessage[]> {
  return app.services.db.query<SentMessage>(
    'select id, recipient, subject, body, links from outbox_messages where recipient = $1 order by id desc',
    [to.toLowerCase()],
  );
}

/** The newest message to an address with this subject, and its first link. */
export async function lastMessage(app: App, to: string, subject: RegExp | string) {
  const message = (await messagesTo(app, to)).find((m) =>
    typeof subject === 'string' ? m.subject === subject : subject.test(m.subject),
  );
  if (!message) throw new Error(`no message "${String(subject)}" to ${to}`);
  const link = message.links[0]?.url;
  if (!link) throw new Error(`message "${message.subject}" has no link`);
  return { message, link };
}

/**
 * What the org portal does with a getStarted link (SPEC §2): the provider's Account/Login with
 * userId and the address without its query as returnUrl. Answers that provider path.
 */
export function portalGetStarted(link: string) {
  const url = new URL(link);
  const userId = url.searchParams.get('getStarted') ?? '';
  const returnUrl = `${url.origin}${url.pathname}`;
  return `/identity/Account/Login?${new URLSearchParams({ userId, returnUrl })}`;
}
