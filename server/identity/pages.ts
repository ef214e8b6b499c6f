/** Server-rendered pages of the identity service: no scripts, inline styles only, escaped text. */
export const esc = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;color:#212529;line-height:1.5}
main{max-width:26rem;margin:3rem auto;background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:2rem;box-shadow:0 .125rem .25rem rgba(0,0,0,.075)}
h1{font-size:1.5rem;margin:0 0 1rem}p{margin:.5rem 0 1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{display:block;width:100%;padding:.5rem .75rem;font-size:1rem;border:1px solid #ced4da;border-radius:.375rem}
input:focus{outline:3px solid #86b7fe;border-color:#86b7fe}
input[aria-invalid=true]{border-color:#dc3545}
.field-error{color:#b02a37;font-size:.875rem;margin:.25rem 0 0}
.alert{padding:.75rem 1rem;border-radius:.375rem;margin-bottom:1rem;background:#f8d7da;color:#58151c;border:1px solid #f1aeb5}
.alert-info{background:#cff4fc;color:#055160;border-color:#9eeaf9}
button{margin-top:1.25rem;width:100%;padding:.6rem;font-size:1rem;font-weight:600;color:#fff;background:#0d6efd;border:0;border-radius:.375rem;cursor:pointer}
button:hover{background:#0b5ed7}button.secondary{background:#6c757d}
.muted{color:#6c757d;font-size:.9rem}a{color:#0a58ca}
`;

export function page(title: string, body: string, opts: { wide?: boolean } = {}): string {
  const style = opts.wide ? `${STYLE}main{max-width:48rem}` : STYLE;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;
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
    `<h1>Invitations</h1><p>You have been invited to join ${v.invitations.length === 1 ? 'an organisation' : 'these organisations'}. Join now, or later at your next sign-in.</p>
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
