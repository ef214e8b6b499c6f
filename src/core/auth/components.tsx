import { useEffect, useRef, type ReactNode } from 'react';
import { useSessionContext } from './auth-provider';
import { authRoutes } from './routes';
import { useAuthSession } from './use-auth-session';

export const SIGN_IN_FAILED_MESSAGE = 'Sign-in failed. Please try again.';
export const SIGN_OUT_FAILED_MESSAGE = 'Sign-out failed. Please try again.';
export const SIGNED_OUT_MESSAGE = 'You are signed out.';

/** Shown while the session is being settled: nothing about the user or the page. */
function SessionPending({ label }: { label: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center py-5">
      <div className="spinner-border text-secondary" role="status">
        <span className="visually-hidden">{label}</span>
      </div>
    </div>
  );
}

/** The clear fallback when sign-in did not complete (SPEC §8), or the session ended here. */
export function SignInFailed({ message = SIGN_IN_FAILED_MESSAGE }: { message?: string }) {
  const { signIn } = useAuthSession();
  return (
    <div className="container py-5 text-center">
      <p role="alert" className="lead">
        {message}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => void signIn()}>
        Sign in
      </button>
    </div>
  );
}

/**
 * Renders its children only for a signed-in user. Otherwise saves the current path as
 * lastRoute and starts sign-in; a failed sign-in shows the fallback instead of looping. A
 * session that ended in this page (sign-out) never starts a sign-in by itself.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, error, signIn } = useAuthSession();
  const { phase } = useSessionContext();
  const ended = phase.kind === 'signing-out' || phase.kind === 'signed-out';
  const started = useRef(false);
  useEffect(() => {
    if (status === 'unauthenticated' && !error && !ended && !started.current) {
      started.current = true;
      void signIn();
    }
  }, [status, error, ended, signIn]);

  if (status === 'authenticated') return <>{children}</>;
  if (phase.kind === 'signing-out') return <SessionPending label="Signing out…" />;
  if (phase.kind === 'signed-out') return <SignInFailed message={SIGNED_OUT_MESSAGE} />;
  if (status === 'unauthenticated' && error) return <SignInFailed />;
  return <SessionPending label="Signing in…" />;
}

/** Route /signin-oidc: the provider's answer is handled by AuthProvider; this shows progress or failure. */
export function SignInCallbackPage() {
  const { entry, phase, navigate } = useSessionContext();
  const { status } = useAuthSession();
  // After a real callback AuthProvider navigates to the restored route itself.
  const arrivedWithoutCallback =
    entry !== 'signin-callback' && phase.kind === 'ready' && status === 'authenticated';
  useEffect(() => {
    // Opened directly (no code/state) while signed in: nothing to finish here.
    if (arrivedWithoutCallback) navigate(authRoutes.dashboard, { replace: true });
  }, [arrivedWithoutCallback, navigate]);

  if (
    phase.kind === 'signin-failed' ||
    (entry !== 'signin-callback' && phase.kind === 'ready' && status === 'unauthenticated')
  ) {
    return <SignInFailed />;
  }
  return <SessionPending label="Signing in…" />;
}

/** Route /signout-callback-oidc: back from the provider's sign-out. */
export function SignOutCallbackPage() {
  const { phase, navigate } = useSessionContext();
  const { signOut } = useAuthSession();
  if (phase.kind === 'signout-failed') {
    return (
      <div className="container py-5 text-center">
        <p role="alert" className="lead">
          {SIGN_OUT_FAILED_MESSAGE}
        </p>
        <button type="button" className="btn btn-primary me-2" onClick={() => void signOut()}>
          Sign out
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => navigate(authRoutes.root)}
        >
          Go back home
        </button>
      </div>
    );
  }
  return <SessionPending label="Signing out…" />;
}

/**
 * Routes /Account/Login and /Account/Register: start sign-in (with the register flag for
 * registration). A signed-in user goes to the dashboard instead.
 */
export function AccountRedirect({ register = false }: { register?: boolean }) {
  const { status, error, signIn } = useAuthSession();
  const { navigate } = useSessionContext();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || status === 'loading') return;
    started.current = true;
    if (status === 'authenticated') navigate(authRoutes.dashboard, { replace: true });
    else void signIn({ register });
  }, [status, register, signIn, navigate]);
  if (error) return <SignInFailed />;
  return <SessionPending label="Signing in…" />;
}
