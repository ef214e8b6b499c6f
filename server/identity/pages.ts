import { identityAssets } from './assets';

/**
 * Server-rendered pages of the identity service: no scripts, no inline style (the stack's
 * stylesheet, identity/assets.ts), escaped text.
 */
export const esc = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** What the top bar names: the provider signs people in to both portals. */
const BRAND = 'Portal account';

/** The pages' frame: the portals' top bar and a card; the look is the stack's stylesheet. */
export function page(title: string, body: string, opts: { wide?: boolean } = {}): string {
  const { stylesheet, favicon } = identityAssets;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><link rel="icon" type="image/svg+xml" href="${favicon.href}"><link rel="stylesheet" href="${stylesheet.href}"></head><body><header class="topbar"><span class="brand"><img src="${favicon.href}" alt="" width="28" height="28">${BRAND}</span></header><main${opts.wide ? ' class="wide"' : ''}>${body}</main></body></html>`;
}

const alert = (message: string | undefined, kind: 'error' | 'info' = 'error') =>
  message
    ? `<div class="alert${kind === 'info' ? ' alert-info' : ''}" role="${kind === 'error' ? 'alert' : 'status'}">${esc(message)}</div>`
    : '';

function input(
  name: string,
  label: string,
  type: string,
  opts: {
    value?: string;
    autocomplete?: string;
    error?: string | undefined;
    autofocus?: boolean;
    readonly?: boolean;
  } = {},
) {
  const errId = `${name}-error`;
  return `<label for="${name}">${esc(label)}</label><input id="${name}" name="${name}" type="${type}"${
    opts.value !== undefined ? ` value="${esc(opts.value)}"` : ''
  }${opts.autocomplete ? ` autocomplete="${opts.autocomplete}"` : ''}${opts.autofocus ? ' autofocus' : ''}${
    opts.readonly ? ' readonly aria-readonly="true"' : ''
  } required${
    opts.error ? ` aria-invalid="true" aria-describedby="${errId}"` : ''
  }>${opts.error ? `<p class="field-error" id="${errId}">${esc(opts.error)}</p>` : ''}`;
}

/** The heading and the sentence that say what is being done (e.g. which invitation). */
const intro = (title: string, text: string | undefined) =>
  `<h1>${esc(title)}</h1>${text ? `<p>${esc(text)}</p>` : ''}`;

export interface SignInView {
  action: string;
  email?: string;
  error?: string;
  info?: string;
  registerHref?: string;
  /** Another heading and an explanation (an invitation being accepted). */
  title?: string;
  intro?: string;
  /** The email is given (an invitation's address): shown, not editable. */
  emailLocked?: boolean;
}

export const signInPage = (v: SignInView) =>
  page(
    v.title ?? 'Sign in',
    `${intro(v.title ?? 'Sign in', v.intro)}${alert(v.error)}${alert(v.info, 'info')}
<form method="post" action="${esc(v.action)}" novalidate>
${input('email', 'Email', 'email', { value: v.email ?? '', autocomplete: 'username', autofocus: !v.email, readonly: v.emailLocked })}
${input('password', 'Password', 'password', { autocomplete: 'current-password', autofocus: !!v.email })}
<button type="submit">Sign in</button>
</form>${v.registerHref ? `<p class="muted">New here? <a href="${esc(v.registerHref)}">Create an account</a></p>` : ''}`,
  );

export interface RegisterView {
  action: string;
  values?: { firstName?: string; lastName?: string; email?: string };
  errors?: Record<string, string>;
  error?: string;
  signInHref?: string;
  title?: string;
  intro?: string;
  emailLocked?: boolean;
}

export const registerPage = (v: RegisterView) => {
  const e = v.errors ?? {};
  const val = v.values ?? {};
  const title = v.title ?? 'Create your account';
  return page(
    title,
    `${intro(title, v.intro)}${alert(v.error)}
<form method="post" action="${esc(v.action)}" novalidate>
${input('firstName', 'First name', 'text', { value: val.firstName ?? '', autocomplete: 'given-name', error: e.firstName, autofocus: true })}
${input('lastName', 'Last name', 'text', { value: val.lastName ?? '', autocomplete: 'family-name', error: e.lastName })}
${input('email', 'Email', 'email', { value: val.email ?? '', autocomplete: 'email', error: e.email, readonly: v.emailLocked })}
${input('password', 'Password', 'password', { autocomplete: 'new-password', error: e.password })}
${input('confirmPassword', 'Confirm password', 'password', { autocomplete: 'new-password', error: e.confirmPassword })}
<button type="submit">Create account</button>
</form>${v.signInHref ? `<p class="muted">Already have an account? <a href="${esc(v.signInHref)}">Sign in</a></p>` : ''}`,
  );
};

/**
 * Registration sent: the same answer whether or not the address already had an account. The
 * sign-in form below continues this sign-in once the address is confirmed (or, for an existing
 * account, with its password).
 */
export const checkEmailPage = (v: { email: string; action: string }) =>
  signInPage({
    action: v.action,
    email: v.email,
    title: 'Check your email',
    intro: `We have sent a message to ${v.email}. Follow the link in it to confirm your address (it works for 24 hours), then sign in here to continue.`,
  });

/** An address check: the link only shows this; the account is made by the button (a POST). */
export const confirmAddressPage = (v: { action: string; token: string; email: string }) =>
  page(
    'Confirm your email address',
    `<h1>Confirm your email address</h1><p>Create the account for <strong>${esc(v.email)}</strong>.</p>
<form method="post" action="${esc(v.action)}"><input type="hidden" name="token" value="${esc(v.token)}">
<button type="submit">Confirm and create my account</button></form>`,
  );

export interface PendingInvitationView {
  id: number;
  orgName: string;
  inviterName: string | null;
}

/** Invitations to the signed-in user's proven address: joining needs their yes. */
export const invitationsPage = (v: { action: string; invitations: PendingInvitationView[] }) =>
  page(
    'Invitations',
    `<h1>Invitations</h1><p>You have been invited to join ${v.invitations.length === 1 ? 'an organization' : 'these organizations'}. Join now, or later at your next sign-in.</p>
<form method="post" action="${esc(v.action)}">
${v.invitations
  .map(
    (i) =>
      `<p><strong>${esc(i.orgName)}</strong>${i.inviterName ? `<br><span class="muted">Invited by ${esc(i.inviterName)}</span>` : ''}<br>
<button type="submit" name="accept" value="${i.id}">Join ${esc(i.orgName)}</button></p>`,
  )
  .join('\n')}
<button type="submit" name="accept" value="" class="secondary">Not now</button>
</form>`,
  );

export const messagePage = (
  title: string,
  message: string,
  link?: { href: string; text: string },
) =>
  page(
    title,
    `<h1>${esc(title)}</h1><p>${esc(message)}</p>${link ? `<p><a href="${esc(link.href)}">${esc(link.text)}</a></p>` : ''}`,
  );

/** RP-initiated logout confirmation: the provider's hidden form plus a styled button. */
export const logoutPage = (form: string) =>
  page(
    'Sign out',
    `<h1>Sign out</h1><p>Do you want to sign out of the portals?</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
  );
