import { useCanAccess } from '@/core/permissions';
import { LinksCard } from './links-card';
import { SharesCard } from './shares-card';

export interface SharingPanelProps {
  orgId: number;
  siteId: number;
  blastId: number;
  blastName: string;
}

/**
 * Blast Details' sharing: who it is shared with (share with a user by email or with an
 * organisation; unshare), and, for those who may change it, its links (create; revoke).
 */
export function SharingPanel({ orgId, siteId, blastId, blastName }: SharingPanelProps) {
  const canWrite = useCanAccess('blasts.write');
  return (
    <section aria-labelledby="sharing-title" className="mt-4">
      <h2 id="sharing-title" className="h4">
        Sharing
      </h2>
      {/* One card a row: each holds a data table, which needs the page's width to fit it. */}
      <div className="row g-4">
        <div className="col-12">
          <SharesCard
            orgId={orgId}
            siteId={siteId}
            blastId={blastId}
            blastName={blastName}
            canWrite={canWrite}
          />
        </div>
        {canWrite ? (
          <div className="col-12">
            <LinksCard orgId={orgId} siteId={siteId} blastId={blastId} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
