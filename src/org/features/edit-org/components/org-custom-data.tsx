import { CustomDataRecordsPanel } from '@/core/custom-data';
import { useOrgId } from '@/core/org';
import { useOrgCustomData, useOrgCustomDataHandlers } from '@/org/entities/organisations/api';

/** The organisation's custom data records, edited with the custom-data editor. */
export function OrgCustomData() {
  const orgId = useOrgId();
  const records = useOrgCustomData(orgId);
  const handlers = useOrgCustomDataHandlers(orgId);
  if (records.isLoading) return <p role="status">Loading custom data…</p>;
  if (records.isError)
    return (
      <p className="text-danger" role="alert">
        The custom data records could not be loaded.
      </p>
    );
  return <CustomDataRecordsPanel records={records.data ?? []} {...handlers} />;
}
