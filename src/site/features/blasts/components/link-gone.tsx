import { LINK_GONE_MESSAGE } from '@/contract/data/links';

/** A revoked or unknown link says so (SPEC §2). */
export function LinkGone({ message = LINK_GONE_MESSAGE }: { message?: string }) {
  return (
    <section className="py-4" aria-labelledby="link-gone-title">
      <h1 id="link-gone-title" className="h3">
        Link not available
      </h1>
      <p className="lead" role="status">
        {message}
      </p>
      <p>Ask the person who sent it for a new link.</p>
    </section>
  );
}
