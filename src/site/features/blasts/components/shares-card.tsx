import { useState } from 'react';
import type { BlastShare } from '@/contract/data/shared-blasts';
import { createShareSchema } from '@/contract/data/shared-blasts';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  TableCard,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { formatDateTime, formatUser } from '@/core/format';
import { FormEngine, type FormSettings, type FormValues, withContractLimits } from '@/core/forms';
import {
  blastSharesQueryOptions,
  blastSharesSource,
  useBlastShares,
  useShareBlast,
  useUnshareBlast,
} from '@/site/entities/blasts/sharing';
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
const targetKind = (share: BlastShare) => (share.target.kind === 'user' ? 'User' : 'Organization');

const shareColumns: ColumnSettings<BlastShare> = {
  entity: 'Shared with',
  columns: [
    { id: 'target', title: 'Shared with', accessor: targetName },
    { id: 'kind', title: 'Kind', accessor: targetKind, filterOptions: ['User', 'Organization'] },
    {
      id: 'sharedBy',
      title: 'Shared by',
      accessor: (s) => (s.sharedBy ? formatUser(s.sharedBy) : 'someone'),
    },
    { id: 'sharedAt', title: 'Shared on', type: ColumnType.DATE, withTime: true },
  ],
  sortIndex: 3,
  isDesc: true,
  csvMapperFn: (s) => ({
    'Shared with': targetName(s),
    Kind: targetKind(s),
    'Shared by': s.sharedBy ? formatUser(s.sharedBy) : '',
    'Shared on': formatDateTime(s.sharedAt),
  }),
};

const shareActions: RowAction<BlastShare>[] = [
  {
    action: ActionKind.DELETE,
    buttonTitle: 'Stop sharing with',
    buttonText: 'Unshare',
    display: ActionDisplay.INLINE,
  },
];

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
  return (
    <TableCard<BlastShare>
      heading="Shared with"
      isEmpty={shares.data?.length === 0}
      emptyText={`${blastName} is not shared with anyone.`}
      columnSettings={shareColumns}
      query={blastSharesQueryOptions(orgId, siteId, blastId)}
      source={blastSharesSource(orgId, siteId, blastId)}
      urlKey="shares"
      getRowId={(s) => String(s.id)}
      actions={canWrite ? shareActions : []}
      confirmRemoval={(s) => ({
        title: 'Stop sharing',
        confirmLabel: 'Unshare',
        message: (
          <>
            Stop sharing {blastName} with <strong>{targetName(s)}</strong>?
          </>
        ),
        onConfirm: () => unshare.mutateAsync(s.id),
      })}
    >
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
          <h4 className="h6 mt-3">Share with an organization</h4>
          <ShareWithOrg
            orgId={orgId}
            siteId={siteId}
            onShare={async (org) => {
              await share.mutateAsync({ orgId: org.id });
            }}
          />
        </>
      ) : null}
    </TableCard>
  );
}
