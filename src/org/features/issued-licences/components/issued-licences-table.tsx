import type { Licence } from '@/contract/crm/licences';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataTable,
  type ColumnSettings,
  type RowAction,
  type BulkActionSetting,
} from '@/core/data-table';
import { ExpiredDate, formatDate, pluralise } from '@/core/format';
import { fromCalendarDate, monthsAfter, toCalendarDate } from '@/core/forms/calendar-date';
import { useOrgId } from '@/core/org';
import { lazyModule } from '@/core/lazy';
import { issuedLicencesQueryOptions, issuedLicencesSource } from '@/org/entities/licences/issued';
import { pastExpiryWarning } from './licence-expiry';

// Issue 16: the forms load when a button that opens one is hovered, focused or clicked.
const licenceForms = lazyModule(() => import('./licence-forms'));
const IssueLicenceModal = licenceForms.component('IssueLicenceModal');
const RenewLicenceModal = licenceForms.component('RenewLicenceModal');
const LicenceStateModal = licenceForms.component('LicenceStateModal');

export const issuedLicenceColumns: ColumnSettings<Licence> = {
  entity: 'Issued Licences',
  columns: [
    { id: 'customerOrg.name', title: 'Customer' },
    { id: 'product.name', title: 'Product' },
    { id: 'subscription.name', title: 'Subscription' },
    { id: 'state.name', title: 'State', width: '7rem' },
    { id: 'seats', title: 'Seats', type: ColumnType.NUMBER, width: '5rem' },
    { id: 'expiry', title: 'Expiry', type: ColumnType.EXPIRED_DATE, width: '8rem' },
  ],
  sortIndex: 0,
  csvMapperFn: (row) => ({
    Id: row.id,
    Customer: row.customerOrg.name,
    Product: row.product.name,
    Subscription: row.subscription?.name ?? '',
    State: row.state.name,
    Seats: row.seats,
    Expiry: formatDate(row.expiry),
    Issued: formatDate(row.issuedAt),
  }),
};

export const issuedLicenceActions: RowAction<Licence>[] = [
  {
    action: ActionKind.CREATE,
    buttonTitle: 'Issue a licence',
    buttonText: 'Issue licence',
    display: ActionDisplay.BUTTON,
    permissions: 'issuedLicences.write',
  },
  {
    action: ActionKind.EDIT,
    buttonTitle: 'Renew',
    buttonText: 'Renew',
    display: ActionDisplay.INLINE,
    permissions: 'issuedLicences.write',
  },
  // One DISABLE action per direction: the modal suspends or reinstates by the row's state.
  {
    action: ActionKind.DISABLE,
    buttonTitle: 'Suspend',
    buttonText: 'Suspend',
    display: ActionDisplay.INLINE,
    permissions: 'issuedLicences.write',
    isVisibleFn: (row) => row?.state.name !== 'Suspended',
  },
  {
    action: ActionKind.DISABLE,
    buttonTitle: 'Reinstate',
    buttonText: 'Reinstate',
    display: ActionDisplay.INLINE,
    permissions: 'issuedLicences.write',
    isVisibleFn: (row) => row?.state.name === 'Suspended',
  },
];

/** Issue 16: on the selection or on every matching licence, in one request (server mode). */
const ISSUED_BULK: BulkActionSetting[] = [
  {
    id: 'renew',
    label: 'Renew',
    permissions: 'issuedLicences.write',
    confirmText: (count, isEstimate) =>
      `Renew ${isEstimate ? 'about ' : ''}${pluralise(count, 'licence')}: each gets the new expiry below. A licence that already runs longer is refused, not shortened.`,
    input: {
      settings: {
        rows: [[{ field: 'expiry', type: 'date', title: 'New expiry', isMandatory: true }]],
      },
      defaultValues: { expiry: fromCalendarDate(monthsAfter(null, 12)) },
      toParams: (values) => ({ expiry: toCalendarDate(values['expiry']) }),
      review: (count, isEstimate, values) => {
        const expiry = toCalendarDate(values['expiry']) ?? '';
        return {
          summary: (
            <>
              {`Renew ${isEstimate ? 'about ' : ''}${pluralise(count, 'licence')} to expire `}
              <ExpiredDate value={expiry} />
            </>
          ),
          warnings: pastExpiryWarning(expiry, count === 1 ? 'the licence' : 'the licences'),
        };
      },
    },
  },
  { id: 'suspend', label: 'Suspend', danger: true, permissions: 'issuedLicences.write' },
  { id: 'reinstate', label: 'Reinstate', permissions: 'issuedLicences.write' },
];

export function IssuedLicencesTable() {
  const orgId = useOrgId();
  return (
    <DataTable<Licence>
      columnSettings={issuedLicenceColumns}
      title="Licences issued to customers"
      query={issuedLicencesQueryOptions(orgId)}
      source={issuedLicencesSource(orgId)}
      bulkActions={ISSUED_BULK}
      actions={issuedLicenceActions}
      getRowId={(row) => String(row.id)}
      preloadModal={licenceForms.preload}
      renderModal={({ action, row, close }) => {
        if (action === ActionKind.CREATE) return <IssueLicenceModal onClose={close} />;
        if (!row) return null;
        if (action === ActionKind.EDIT) return <RenewLicenceModal licence={row} onClose={close} />;
        return <LicenceStateModal licence={row} onClose={close} />;
      }}
    />
  );
}
