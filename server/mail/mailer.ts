import nodemailer from 'nodemailer';
import type { Queryable } from '../db/types';
import type { ServerConfig } from '../config';

/** A link a message carries: listed apart in the development outbox. */
export interface MailLink {
  label: string;
  url: string;
}

/** A plain-text message: its paragraphs, then each link on a line of its own. */
export interface MailMessage {
  to: string;
  subject: string;
  paragraphs: string[];
  links: MailLink[];
}

export interface Mailer {
  /**
   * Sends a message: into the development outbox (in `db`, so with the caller's transaction when
   * given one) and, when SMTP is configured, through it. Rejects when SMTP refuses it.
   */
  send(message: MailMessage, db?: Queryable): Promise<void>;
}

export const messageText = (m: Pick<MailMessage, 'paragraphs' | 'links'>) =>
  [...m.paragraphs, ...m.links.map((l) => `${l.label}: ${l.url}`)].join('\n\n');

/** The stack's mailer (docs/local-stack.md § Mail): SMTP_URL through nodemailer, and/or the outbox. */
export function createMailer(db: Queryable, mail: ServerConfig['mail']): Mailer {
  const smtp = mail.smtpUrl ? nodemailer.createTransport(mail.smtpUrl) : undefined;
  return {
    async send(message, tx = db) {
      const text = messageText(message);
      if (mail.outbox) {
        await tx.query(
          'insert into outbox_messages (recipient, subject, body, links) values ($1, $2, $3, $4)',
          [message.to, message.subject, text, JSON.stringify(message.links)],
        );
      }
      if (smtp) {
        await smtp.sendMail({ from: mail.from, to: message.to, subject: message.subject, text });
      }
    },
  };
}
