import type { Licence } from '@/contract/crm/licences';
import { ColumnType, DataKind, DataTable, type ColumnSettings } from '@/core/data-table';
import { formatDate, formatUser } from '@/core/format';
import { useOrgId } from '@/core/org';
import { licencesQueryOptions, licencesSource } from '@/org/entities/licences/held';

export const licenceColumnSettings: ColumnSettings<Licence> = {
  entity: 'Licences',
  columns: [
    // SPEC §3 LICENCES values: subscription.name, product.name, state.name.
    // (Product and subscription are in it; the CSV has them as columns of their own.)
    { id: 'licence', title: 'Licence', dataKind: DataKind.LICENCES, accessor: (row) => row },
    { id: 'state.name', title: 'State' },
    { id: 'seats', title: 'Seats', type: ColumnType.NUMBER },
    { id: 'orgName', title: 'Vendor' },
    { id: 'assignedUser', title: 'Assigned to', type: ColumnType.USER },
    // SPEC §4: an expiry past or equal to now is red.
    { id: 'expiry', title: 'Expiry', type: ColumnType.EXPIRED_DATE },
  ],
  sortIndex: 5,
  csvMapperFn: (row) => ({
    Product: row.product.name,
    Subscription: row.subscription?.name ?? '',
    State: row.state.name,
    Seats: row.seats,
    Vendor: row.orgName,
    'Assigned to': formatUser(row.assignedUser),
    Issued: formatDate(row.issuedAt),
    Expiry: formatDate(row.expiry),
  }),
};

/** The licences the organisation holds (read-only: the vendor issues, suspends and renews). */
export function LicencesTable() {
  const orgId = useOrgId();
  return (
    <DataTable<Licence>
      columnSettings={licenceColumnSettings}
      title="Licences held"
      query={licencesQueryOptions(orgId)}
      source={licencesSource(orgId)}
    />
  );
}
