import { useState } from 'react';
import type { BlastShare } from '@/contract/data/shared-blasts';
import { createShareSchema } from '@/contract/data/shared-blasts';
import { formatDateTime, formatUser } from '@/core/format';
import { FormEngine, type FormSettings, type FormValues, withContractLimits } from '@/core/forms';
import { ConfirmModal } from '@/core/ui/confirm-modal';
import { useBlastShares, useShareBlast, useUnshareBlast } from '@/site/entities/blasts/sharing';
import { ShareWithOrg } from './share-with-org';

const shareEmailSettings: FormSettings = withContractLimits(createShareSchema, {
  rows: [
    [
      {
        field: 'email',
        type: 'email',
        title: 'User email',
        isMandatory: true,
        placeholder: 'name@example.com',
      },
    ],
  ],
});

const targetName = (share: BlastShare) =>
  share.target.kind === 'user' ? share.target.email : share.target.orgName;

export interface SharesCardProps {
  orgId: number;
  siteId: number;
  blastId: number;
  blastName: string;
  /** The user may share and unshare. */
  canWrite: boolean;
}

/** Who the blast is shared with; writers share with a user by email or an organisation, and unshare. */
export function SharesCard({ orgId, siteId, blastId, blastName, canWrite }: SharesCardProps) {
  const shares = useBlastShares(orgId, siteId, blastId);
  const share = useShareBlast(orgId, siteId, blastId);
  const unshare = useUnshareBlast();
  const [formKey, setFormKey] = useState(0);
  const [confirm, setConfirm] = useState<BlastShare | null>(null);
  return (
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
                    onClick={() => setConfirm(s)}
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
      {confirm ? (
        <ConfirmModal
          title="Stop sharing"
          confirmLabel="Unshare"
          onClose={() => setConfirm(null)}
          onConfirm={() => unshare.mutateAsync(confirm.id)}
        >
          <p className="mb-0">
            Stop sharing {blastName} with <strong>{targetName(confirm)}</strong>?
          </p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}
