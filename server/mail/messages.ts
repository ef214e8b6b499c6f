import type { MailMessage } from './mailer';

/** The messages the stack sends; every one says what happened and what a link does. */

const day = (d: Date) => d.toISOString().slice(0, 10);

export const invitationMessage = (v: {
  to: string;
  orgName: string;
  inviterName: string | null;
  link: string;
  expiresAt: Date;
}): MailMessage => ({
  to: v.to,
  subject: `Invitation to join ${v.orgName}`,
  paragraphs: [
    `${v.inviterName ?? 'An administrator'} invited you to join ${v.orgName} on the Organization Portal.`,
    `Follow the link to accept: sign in with this address, or create your account for it. The link works once and until ${day(v.expiresAt)}.`,
    'If you did not expect this invitation, ignore this message: nothing happens without you.',
  ],
  links: [{ label: 'Accept the invitation', url: v.link }],
});

export const verifyAddressMessage = (v: {
  to: string;
  firstName: string;
  link: string;
}): MailMessage => ({
  to: v.to,
  subject: 'Confirm your email address',
  paragraphs: [
    `Hello ${v.firstName},`,
    'Someone (we hope you) asked to create an account on the Organization Portal with this address. Follow the link within 24 hours to confirm it and create the account.',
    'If it was not you, ignore this message: no account is made without the link.',
  ],
  links: [{ label: 'Confirm your address', url: v.link }],
});

/** A registration for an address that already has an account: told to its owner only. */
export const existingAccountMessage = (v: { to: string; signInLink: string }): MailMessage => ({
  to: v.to,
  subject: 'You already have an account',
  paragraphs: [
    'Someone (perhaps you) tried to create an account on the Organization Portal with this address, which already has one. Nothing was changed.',
    'To use your account, sign in with this address and your password.',
  ],
  links: [{ label: 'Sign in', url: v.signInLink }],
});

export const blastSharedMessage = (v: {
  to: string;
  sharerName: string;
  blastName: string;
  link: string;
}): MailMessage => ({
  to: v.to,
  subject: `${v.sharerName} shared a blast with you`,
  paragraphs: [
    `${v.sharerName} shared the blast "${v.blastName}" with you on the Site Portal.`,
    'Sign in with this address to open it (or create your account for this address first).',
  ],
  links: [{ label: 'Open the shared blast', url: v.link }],
});
