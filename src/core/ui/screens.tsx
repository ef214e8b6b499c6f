import { Link } from 'react-router-dom';
import { getNamedHref } from '@/core/routes';
import { useDocumentTitle } from './portal';

/** SPEC §2 texts, verbatim. */
export const NOT_FOUND_TEXT =
  'Oops! Looks like you followed a bad link. If you think this is a problem with us, please tell us.';
export const ERROR_TITLE = 'Something has gone wrong';
export const GO_BACK_HOME = 'Go back home';

/** SPEC §2: page not found; 'Go back home' goes to the dashboard overview. */
export function NotFoundScreen() {
  useDocumentTitle('Page not found');
  return (
    <section className="text-center py-5" aria-labelledby="not-found-title">
      <p className="display-1 text-body-tertiary mb-0" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="h2">
        Page not found
      </h1>
      <p className="lead">{NOT_FOUND_TEXT}</p>
      <Link className="btn btn-primary" to={getNamedHref('dashboardOverview')}>
        {GO_BACK_HOME}
      </Link>
    </section>
  );
}

export interface ErrorScreenProps {
  /** The error, or its message. */
  error: unknown;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Something went wrong!';
}

/**
 * SPEC §2: error screen. 'Go back home' loads the landing page (a full page load, so that
 * whatever state broke is gone).
 */
export function ErrorScreen({ error }: ErrorScreenProps) {
  useDocumentTitle(ERROR_TITLE);
  return (
    <section className="text-center py-5" role="alert" aria-labelledby="error-title">
      <h1 id="error-title" className="h2">
        {ERROR_TITLE}
      </h1>
      <p className="lead text-break">{errorMessage(error)}</p>
      <a className="btn btn-primary" href={getNamedHref('presentation')}>
        {GO_BACK_HOME}
      </a>
    </section>
  );
}

/** SPEC §6: a route the user may not open. */
export function NoAccessScreen() {
  useDocumentTitle('No access');
  return (
    <section className="text-center py-5" aria-labelledby="no-access-title">
      <h1 id="no-access-title" className="h2">
        You do not have access to this page
      </h1>
      <p className="lead">
        Your permissions in the selected organization do not include this page. Ask an administrator
        of your organization if you need it, or choose another organization.
      </p>
      <Link className="btn btn-primary" to={getNamedHref('dashboardOverview')}>
        {GO_BACK_HOME}
      </Link>
    </section>
  );
}

export interface PlaceholderPageProps {
  title: string;
}

/** A route whose screen is still being built: its title and a short note. */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="h3 mb-3">
        {title}
      </h1>
      <p className="text-body-secondary">This screen is being built.</p>
    </section>
  );
}
