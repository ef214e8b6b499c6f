import { useQuery } from '@tanstack/react-query';
import type { BlastLink } from '@/contract/data/links';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  TableCard,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { formatDateTime, formatUser } from '@/core/format';
import { notify } from '@/core/notify';
import { getSiteHref } from '@/core/routes';
import {
  blastLinksQueryOptions,
  blastLinksSource,
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

const linkKind = (link: BlastLink) => (link.isAnonymous ? 'Anonymous' : 'Sign-in');
const linkStatus = (link: BlastLink) => (link.isRevoked ? 'Revoked' : 'Live');

const linkColumns: ColumnSettings<BlastLink> = {
  entity: 'Links',
  columns: [
    { id: 'kind', title: 'Kind', accessor: linkKind, width: '7rem' },
    { id: 'status', title: 'Status', accessor: linkStatus, width: '6rem' },
    {
      id: 'address',
      title: 'Address',
      type: ColumnType.URL,
      accessor: (link) => linkUrl(link),
      // A revoked link's address leads nowhere: plain text, not a link.
      linkFormat: (link) => (link.isRevoked ? null : linkUrl(link)),
      // Made from the link's secret id: not a column of the server's list.
      isSortable: false,
      isFilterable: false,
      isSearchable: false,
    },
    {
      id: 'createdBy',
      title: 'Created by',
      accessor: (link) => (link.createdBy ? formatUser(link.createdBy) : ''),
    },
    { id: 'createdAt', title: 'Created', type: ColumnType.DATE, withTime: true },
    { id: 'revokedAt', title: 'Revoked', type: ColumnType.DATE, withTime: true },
  ],
  sortIndex: 4,
  isDesc: true,
  csvMapperFn: (link) => ({
    Kind: linkKind(link),
    Status: linkStatus(link),
    Address: linkUrl(link),
    'Created by': link.createdBy ? formatUser(link.createdBy) : '',
    Created: formatDateTime(link.createdAt),
    Revoked: link.revokedAt ? formatDateTime(link.revokedAt) : '',
  }),
};

/** Copies a live link's address: the row's own action, no dialog; the toast says it is done. */
function copyLink(link: BlastLink) {
  const url = linkUrl(link);
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard) {
    notify.error('This browser cannot copy: select the address and copy it');
    return;
  }
  clipboard.writeText(url).then(
    () => notify.success('Link copied'),
    () => notify.error('The link could not be copied: select the address and copy it'),
  );
}

const isLive = (link: BlastLink | null) => link !== null && !link.isRevoked;
const linkActions: RowAction<BlastLink>[] = [
  {
    action: ActionKind.EDIT,
    buttonTitle: 'Copy link',
    buttonText: 'Copy',
    display: ActionDisplay.INLINE,
    isVisibleFn: isLive,
    onRun: copyLink,
  },
  {
    action: ActionKind.DELETE,
    buttonTitle: 'Revoke link',
    buttonText: 'Revoke',
    display: ActionDisplay.INLINE,
    isVisibleFn: isLive,
  },
];

export interface LinksCardProps {
  orgId: number;
  siteId: number;
  blastId: number;
}

/** The blast's links (for writers): create an anonymous or a sign-in link, copy, revoke. */
export function LinksCard({ orgId, siteId, blastId }: LinksCardProps) {
  const links = useQuery(blastLinksQueryOptions(orgId, siteId, blastId));
  const createLink = useCreateBlastLink(orgId, siteId, blastId);
  const revoke = useRevokeBlastLink(orgId, siteId, blastId);
  return (
    <TableCard<BlastLink>
      heading="Links"
      intro={
        <>
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
        </>
      }
      isEmpty={links.data?.length === 0}
      emptyText="No links yet."
      columnSettings={linkColumns}
      query={blastLinksQueryOptions(orgId, siteId, blastId)}
      source={blastLinksSource(orgId, siteId, blastId)}
      urlKey="links"
      getRowId={(link) => link.id}
      actions={linkActions}
      confirmRemoval={(link) => ({
        title: 'Revoke link',
        confirmLabel: 'Revoke',
        message: `Revoke this ${link.isAnonymous ? 'anonymous' : 'sign-in'} link? Anyone who opens it afterwards is told it has been revoked.`,
        onConfirm: () => revoke.mutateAsync(link.id),
      })}
    />
  );
}
