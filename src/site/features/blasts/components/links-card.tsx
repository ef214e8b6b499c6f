import { useState } from 'react';
import type { BlastLink } from '@/contract/data/links';
import { formatDateTime } from '@/core/format';
import { getSiteHref } from '@/core/routes';
import { ConfirmModal } from '@/core/ui/confirm-modal';
import {
  useBlastLinks,
  useCreateBlastLink,
  useRevokeBlastLink,
} from '@/site/entities/blasts/links';

/**
 * The address someone opens a link with: anonymous links need no sign-in; sign-in links open
 * outside any site (/blast-link/{linkId}), so any signed-in user can open them, whether or not
 * they belong to the blast's site.
 */
export function linkUrl(
  link: Pick<BlastLink, 'id' | 'isAnonymous'>,
  origin = window.location.origin,
) {
  const path = link.isAnonymous
    ? getSiteHref('blastLinkAnon', { linkId: link.id })
    : getSiteHref('blastLinkOpen', { linkId: link.id });
  return `${origin}${path}`;
}

export interface LinksCardProps {
  orgId: number;
  siteId: number;
  blastId: number;
}

/** The blast's links (for writers): create an anonymous or a sign-in link, copy, revoke. */
export function LinksCard({ orgId, siteId, blastId }: LinksCardProps) {
  const links = useBlastLinks(orgId, siteId, blastId);
  const createLink = useCreateBlastLink(orgId, siteId, blastId);
  const revoke = useRevokeBlastLink(orgId, siteId, blastId);
  const [copied, setCopied] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<BlastLink | null>(null);
  return (
    <div className="card h-100">
      <div className="card-body">
        <h3 className="h5">Links</h3>
        <p className="small text-body-secondary">
          An anonymous link opens this blast for anyone who has it, without signing in. A sign-in
          link opens it for signed-in users. Revoking a link stops it at once.
        </p>
        <div className="d-flex flex-wrap gap-2 mb-3">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={createLink.isPending}
            onClick={() => createLink.mutate({ isAnonymous: true })}
          >
            Create anonymous link
          </button>
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            disabled={createLink.isPending}
            onClick={() => createLink.mutate({ isAnonymous: false })}
          >
            Create sign-in link
          </button>
        </div>
        {links.isLoading ? <p>Loading Data...</p> : null}
        {links.data && links.data.length === 0 ? (
          <p className="text-body-secondary">No links yet.</p>
        ) : null}
        {links.data && links.data.length > 0 ? (
          <ul className="list-group list-group-flush" aria-label="Links">
            {links.data.map((link) => {
              const url = linkUrl(link);
              return (
                <li
                  key={link.id}
                  className="list-group-item px-0"
                  data-link-id={link.id}
                  data-revoked={link.isRevoked}
                >
                  <div className="d-flex align-items-center gap-2">
                    <span className="badge text-bg-secondary">
                      {link.isAnonymous ? 'Anonymous' : 'Sign-in'}
                    </span>
                    {link.isRevoked ? (
                      <span className="badge text-bg-danger">
                        Revoked {formatDateTime(link.revokedAt)}
                      </span>
                    ) : (
                      <span className="badge text-bg-success">Live</span>
                    )}
                    <span className="small text-body-secondary ms-auto">
                      {formatDateTime(link.createdAt)}
                    </span>
                  </div>
                  {link.isRevoked ? (
                    <div className="small text-body-secondary text-break mt-1">
                      <s>{url}</s>
                    </div>
                  ) : (
                    <div className="d-flex align-items-center gap-2 mt-1">
                      <a href={url} className="small text-break me-auto">
                        {url}
                      </a>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary"
                        aria-label={`Copy link ${link.id}`}
                        onClick={() => {
                          void navigator.clipboard
                            ?.writeText(url)
                            .then(() => setCopied(link.id))
                            .catch(() => setCopied(null));
                        }}
                      >
                        {copied === link.id ? 'Copied' : 'Copy'}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        aria-label={`Revoke link ${link.id}`}
                        onClick={() => setConfirm(link)}
                      >
                        Revoke
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
      {confirm ? (
        <ConfirmModal
          title="Revoke link"
          confirmLabel="Revoke"
          onClose={() => setConfirm(null)}
          onConfirm={() => revoke.mutateAsync(confirm.id)}
        >
          <p className="mb-0">
            Revoke this {confirm.isAnonymous ? 'anonymous' : 'sign-in'} link? Anyone who opens it
            afterwards is told it has been revoked.
          </p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}
