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

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
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
  } = {},
) {
  const errId = `${name}-error`;
  return `<label for="${name}">${esc(label)}</label><input id="${name}" name="${name}" type="${type}"${
    opts.value !== undefined ? ` value="${esc(opts.value)}"` : ''
  }${opts.autocomplete ? ` autocomplete="${opts.autocomplete}"` : ''}${opts.autofocus ? ' autofocus' : ''} required${
    opts.error ? ` aria-invalid="true" aria-describedby="${errId}"` : ''
  }>${opts.error ? `<p class="field-error" id="${errId}">${esc(opts.error)}</p>` : ''}`;
}

export interface SignInView {
  action: string;
  email?: string;
  error?: string;
  info?: string;
  registerHref?: string;
}

export const signInPage = (v: SignInView) =>
  page(
    'Sign in',
    `<h1>Sign in</h1>${alert(v.error)}${alert(v.info, 'info')}
<form method="post" action="${esc(v.action)}" novalidate>
${input('email', 'Email', 'email', { value: v.email ?? '', autocomplete: 'username', autofocus: !v.email })}
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
}

export const registerPage = (v: RegisterView) => {
  const e = v.errors ?? {};
  const val = v.values ?? {};
  return page(
    'Create your account',
    `<h1>Create your account</h1>${alert(v.error)}
<form method="post" action="${esc(v.action)}" novalidate>
${input('firstName', 'First name', 'text', { value: val.firstName ?? '', autocomplete: 'given-name', error: e.firstName, autofocus: true })}
${input('lastName', 'Last name', 'text', { value: val.lastName ?? '', autocomplete: 'family-name', error: e.lastName })}
${input('email', 'Email', 'email', { value: val.email ?? '', autocomplete: 'email', error: e.email })}
${input('password', 'Password', 'password', { autocomplete: 'new-password', error: e.password })}
${input('confirmPassword', 'Confirm password', 'password', { autocomplete: 'new-password', error: e.confirmPassword })}
<button type="submit">Create account</button>
</form>${v.signInHref ? `<p class="muted">Already have an account? <a href="${esc(v.signInHref)}">Sign in</a></p>` : ''}`,
  );
};

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
