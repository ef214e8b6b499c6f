import { SignInButtons } from '@/core/auth';

/**
 * SPEC §2 /not-authenticated, the same in both portals: where a 401 sends the user; what
 * happened and a Sign in button.
 */
export default function NotAuthenticatedPage() {
  return (
    <section
      className="py-4"
      aria-labelledby="not-authenticated-title"
      style={{ maxWidth: '40rem' }}
    >
      <h1 id="not-authenticated-title" className="h3 mb-3">
        You are not signed in
      </h1>
      <p className="lead">
        Your session has ended or you need to sign in to see this page. Sign in again to carry on.
      </p>
      <SignInButtons register={false} />
    </section>
  );
}
