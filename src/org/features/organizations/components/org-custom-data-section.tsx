import { useEffect, useRef } from 'react';
import { CustomDataRecordsPanel } from '@/core/custom-data';
import { useOrgCustomData, useOrgCustomDataHandlers } from '@/org/entities/organisations/api';

export interface OrgCustomDataSectionProps {
  orgId: number;
  orgName: string;
  onClose: () => void;
}

/** The custom data records of one organisation (the custom-data editor), under the table. */
export function OrgCustomDataSection({ orgId, orgName, onClose }: OrgCustomDataSectionProps) {
  const query = useOrgCustomData(orgId);
  const handlers = useOrgCustomDataHandlers(orgId);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'start' });
  }, [orgId]);
  return (
    <div ref={ref} className="mt-4">
      <div className="d-flex align-items-center mb-2">
        <h2 className="h5 mb-0 me-auto">Custom data of {orgName}</h2>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onClose}>
          Close custom data
        </button>
      </div>
      {query.isPending && <p role="status">Loading Data...</p>}
      {query.isError && <p role="alert">Error: Something&apos;s gone wrong!</p>}
      {query.data && (
        <CustomDataRecordsPanel
          title={`${orgName}: custom data records`}
          records={query.data}
          {...handlers}
        />
      )}
    </div>
  );
}
