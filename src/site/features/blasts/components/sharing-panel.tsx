import { useState } from 'react';
import type { BlastLink } from '@/contract/data/links';
import type { BlastShare, ShareTargetOrg } from '@/contract/data/shared-blasts';
import { isApiError } from '@/core/api';
import { formatDateTime, formatUser } from '@/core/format';
import { FormEngine, type FormSettings, type FormValues } from '@/core/forms';
import { useCanAccess } from '@/core/permissions';
import { getSiteHref } from '@/core/routes';
import { useCreateBlastLink } from '../api/create-blast-link';
import { useBlastLinks } from '../api/get-blast-links';
import { useBlastShares } from '../api/get-blast-shares';
import { getShareTargets } from '../api/get-share-targets';
import { useRevokeBlastLink } from '../api/revoke-blast-link';
import { useShareBlast } from '../api/share-blast';
import { useUnshareBlast } from '../api/unshare-blast';
import { ConfirmModal } from '@/core/ui/confirm-modal';

export interface SharingPanelProps {
  orgId: number;
  siteId: number;
  blastId: number;
  blastName: string;
}

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

const shareEmailSettings: FormSettings = {
  rows: [
    [
      {
        field: 'email',
        type: 'email',
        title: 'User email',
        isMandatory: true,
        maxLength: 254,
        placeholder: 'name@example.com',
      },
    ],
  ],
};

const targetName = (share: BlastShare) =>
  share.target.kind === 'user' ? formatUser(share.target.user) : share.target.orgName;

interface ShareWithOrgProps {
  orgId: number;
  siteId: number;
  onShare: (org: ShareTargetOrg) => Promise<void>;
}

function ShareWithOrg({ orgId, siteId, onShare }: ShareWithOrgProps) {
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<ShareTargetOrg[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const find = async () => {
    if (search.trim().length < 2) {
      setProblem('Type at least 2 characters');
      return;
    }
    setProblem(null);
    setResults(null);
    try {
      setResults(await getShareTargets(orgId, siteId, search.trim()));
    } catch (e: unknown) {
      setProblem(isApiError(e) ? e.message : 'The search failed');
    }
  };
  return (
    <div>
      <label htmlFor="share-org-search" className="form-label">
        Organisation name
      </label>
      <div className="input-group">
        <input
          id="share-org-search"
          className={problem ? 'form-control is-invalid' : 'form-control'}
          value={search}
          placeholder="Type part of the name"
          aria-describedby={problem ? 'share-org-problem' : undefined}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void find();
            }
          }}
        />
        <button type="button" className="btn btn-outline-secondary" onClick={() => void find()}>
          Find
        </button>
      </div>
      {problem ? (
        <div id="share-org-problem" className="text-danger small">
          {problem}
        </div>
      ) : null}
      {results !== null ? (
        results.length === 0 ? (
          <p className="small mt-2 mb-0">No organisation found.</p>
        ) : (
          <ul className="list-group list-group-flush mt-2" aria-label="Organisations found">
            {results.map((org) => (
              <li key={org.id} className="list-group-item d-flex align-items-center px-0">
                <span className="me-auto">{org.name}</span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  onClick={() => {
                    onShare(org)
                      .then(() => setResults(null))
                      .catch((e: unknown) => setProblem(isApiError(e) ? e.message : String(e)));
                  }}
                >
                  Share with {org.name}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/**
 * Blast Details' sharing: who it is shared with (share with a user by email or with an
 * organisation; unshare), and its links (create an anonymous or a sign-in link; revoke).
 */
export function SharingPanel({ orgId, siteId, blastId, blastName }: SharingPanelProps) {
  const canWrite = useCanAccess('blasts.write');
  const shares = useBlastShares(orgId, siteId, blastId);
  const links = useBlastLinks(orgId, siteId, blastId, canWrite);
  const share = useShareBlast(orgId, siteId, blastId);
  const unshare = useUnshareBlast();
  const createLink = useCreateBlastLink(orgId, siteId, blastId);
  const revoke = useRevokeBlastLink(orgId, siteId, blastId);
  const [formKey, setFormKey] = useState(0);
  const [confirm, setConfirm] = useState<
    { kind: 'revoke'; link: BlastLink } | { kind: 'unshare'; share: BlastShare } | null
  >(null);
  const [copied, setCopied] = useState<string | null>(null);

  return (
    <section aria-labelledby="sharing-title" className="mt-4">
      <h2 id="sharing-title" className="h4">
        Sharing
      </h2>
      <div className="row g-4">
        <div className="col-lg-6">
          <div className="card h-100">
            <div className="card-body">
              <h3 className="h5">Shared with</h3>
              {shares.isLoading ? <p>Loading Data...</p> : null}
              {shares.data && shares.data.length === 0 ? (
                <p className="text-body-secondary">{blastName} is not shared with anyone.</p>
              ) : null}
              {shares.data && shares.data.length > 0 ? (
                <ul className="list-group list-group-flush mb-3" aria-label="Shared with">
                  {shares.data.map((s) => (
                    <li key={s.id} className="list-group-item px-0 d-flex align-items-center gap-2">
                      <div className="me-auto">
                        <div>
                          {targetName(s)}{' '}
                          <span className="badge text-bg-light border">
                            {s.target.kind === 'user' ? 'User' : 'Organisation'}
                          </span>
                        </div>
                        <div className="small text-body-secondary">
                          Shared by {s.sharedBy ? formatUser(s.sharedBy) : 'someone'} on{' '}
                          {formatDateTime(s.sharedAt)}
                        </div>
                      </div>
                      {canWrite ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger"
                          aria-label={`Stop sharing with ${targetName(s)}`}
                          onClick={() => setConfirm({ kind: 'unshare', share: s })}
                        >
                          Unshare
                        </button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : null}
              {canWrite ? (
                <>
                  <h4 className="h6 mt-3">Share with a user</h4>
                  <FormEngine
                    key={formKey}
                    settings={shareEmailSettings}
                    defaultValues={{ email: '' }}
                    submitLabel="Share"
                    onSubmit={async (values: FormValues) => {
                      await share.mutateAsync({ email: String(values.email ?? '').trim() });
                      setFormKey((k) => k + 1);
                    }}
                  />
                  <h4 className="h6 mt-3">Share with an organisation</h4>
                  <ShareWithOrg
                    orgId={orgId}
                    siteId={siteId}
                    onShare={async (org) => {
                      await share.mutateAsync({ orgId: org.id });
                    }}
                  />
                </>
              ) : null}
            </div>
          </div>
        </div>
        {canWrite ? (
          <div className="col-lg-6">
            <div className="card h-100">
              <div className="card-body">
                <h3 className="h5">Links</h3>
                <p className="small text-body-secondary">
                  An anonymous link opens this blast for anyone who has it, without signing in. A
                  sign-in link opens it for signed-in users. Revoking a link stops it at once.
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
                                onClick={() => setConfirm({ kind: 'revoke', link })}
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
            </div>
          </div>
        ) : null}
      </div>
      {confirm?.kind === 'revoke' ? (
        <ConfirmModal
          title="Revoke link"
          confirmLabel="Revoke"
          onClose={() => setConfirm(null)}
          onConfirm={() => revoke.mutateAsync(confirm.link.id)}
        >
          <p className="mb-0">
            Revoke this {confirm.link.isAnonymous ? 'anonymous' : 'sign-in'} link? Anyone who opens
            it afterwards is told it has been revoked.
          </p>
        </ConfirmModal>
      ) : null}
      {confirm?.kind === 'unshare' ? (
        <ConfirmModal
          title="Stop sharing"
          confirmLabel="Unshare"
          onClose={() => setConfirm(null)}
          onConfirm={() => unshare.mutateAsync(confirm.share.id)}
        >
          <p className="mb-0">
            Stop sharing {blastName} with <strong>{targetName(confirm.share)}</strong>?
          </p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}
