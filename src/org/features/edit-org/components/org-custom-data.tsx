import { CustomDataRecordsPanel } from '@/core/custom-data';
import {
  useDeleteOrgCustomData,
  useOrgCustomData,
  useSaveOrgCustomData,
} from '../api/org-custom-data';

/** The organisation's custom data records, edited with the custom-data editor. */
export function OrgCustomData() {
  const records = useOrgCustomData();
  const save = useSaveOrgCustomData();
  const remove = useDeleteOrgCustomData();
  if (records.isLoading) return <p role="status">Loading custom data…</p>;
  if (records.isError)
    return (
      <p className="text-danger" role="alert">
        The custom data records could not be loaded.
      </p>
    );
  return (
    <CustomDataRecordsPanel
      records={records.data ?? []}
      onSave={async (record, { isNew }) => {
        await save.mutateAsync({ record, isNew });
      }}
      onDelete={async (record) => {
        await remove.mutateAsync(record);
      }}
    />
  );
}
