import { Link } from 'react-router-dom';
import { LINK_GONE_MESSAGE } from '@/contract/data/links';
import { getSiteHref } from '@/core/routes';

/**
 * A revoked or unknown link says so (SPEC §2). Signed in, it also points to the blasts shared
 * with the user.
 */
export function LinkGone({
  message = LINK_GONE_MESSAGE,
  signedIn = false,
}: {
  message?: string;
  signedIn?: boolean;
}) {
  return (
    <section className="py-4" aria-labelledby="link-gone-title">
      <h1 id="link-gone-title" className="h3">
        Link not available
      </h1>
      <p className="lead" role="status">
        {message}
      </p>
      <p>Ask the person who sent it for a new link.</p>
      {signedIn ? (
        <p>
          Blasts shared with you or your organization are under{' '}
          <Link to={getSiteHref('blastsShared')}>Blasts Shared</Link>.
        </p>
      ) : null}
    </section>
  );
}
