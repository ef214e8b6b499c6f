import { Suspense, useState } from 'react';
import type { Customer } from '@/contract/crm/customers';
import { formatDate, formatFigure, formatPartOf } from '@/core/format';
import { ColumnType, DataTable, useDataTableContext, type ColumnSettings } from '@/core/data-table';
import { useCanAccess } from '@/core/permissions';
import { useOrgId } from '@/core/org';
import { customersQueryOptions, customersSource } from '@/org/entities/subscriptions/customers';
import { BlockingOverlay } from '@/core/ui/loaders';
import { lazyModule } from '@/core/lazy';
import type { Named } from './subscription-form';

// Issue 16: the form loads when the button that opens it is hovered, focused or clicked.
const subscriptionForm = lazyModule(() => import('./subscription-form'));
const SubscriptionFormModal = subscriptionForm.component('SubscriptionFormModal');

export const customersColumns: ColumnSettings<Customer> = {
  entity: 'Customers',
  columns: [
    { id: 'name', title: 'Customer' },
    {
      id: 'activeSubscriptions',
      title: 'Active subscriptions',
      tooltip: 'Not disabled and not ended, of all the subscriptions sold to the customer.',
      // Issue 17: sorted and filtered by the active count (the server's column), shown of all.
      type: ColumnType.NUMBER,
      displayText: (row) => formatPartOf(row.activeSubscriptions, row.subscriptions),
      width: '9rem',
    },
    {
      id: 'activeLicences',
      title: 'Active licences',
      tooltip: 'Active and not expired, of all the licences issued to the customer.',
      type: ColumnType.NUMBER,
      displayText: (row) => formatPartOf(row.activeLicences, row.licences),
      width: '8rem',
    },
    {
      id: 'nextEndDate',
      title: 'Next renewal',
      type: ColumnType.EXPIRED_DATE,
      tooltip: 'The soonest end date of an active subscription.',
      width: '8rem',
    },
    { id: 'customerSince', title: 'Customer since', type: ColumnType.DATE, width: '8rem' },
  ],
  sortIndex: 0,
  csvMapperFn: (row) => ({
    Id: row.id,
    Customer: row.name,
    'Active subscriptions': row.activeSubscriptions,
    Subscriptions: row.subscriptions,
    'Active licences': row.activeLicences,
    Licences: row.licences,
    'Next renewal': formatDate(row.nextEndDate),
    'Customer since': formatDate(row.customerSince),
  }),
};

/** New subscriptions for the selected customers: the MULTI_CREATE form with them chosen. */
function NewForSelectedButton({ onOpen }: { onOpen: (customers: Named[]) => void }) {
  const { selectedRows: rows } = useDataTableContext<Customer>();
  return (
    <button
      type="button"
      className="btn btn-sm btn-primary"
      disabled={rows.length === 0}
      data-opens-dialog=""
      title="Select one or more customers to sell them the same offering"
      onClick={() => onOpen(rows.map((r) => ({ id: r.id, name: r.name })))}
    >
      New subscriptions{rows.length > 0 ? ` for ${formatFigure(rows.length)} selected` : ''}
    </button>
  );
}

/**
 * The vendor's customers (organisations it sold to), searchable and sortable, with what each
 * holds; writers select some and create subscriptions for them in one go.
 */
export function CustomersTable() {
  const canWrite = useCanAccess('customerSubs.write');
  const orgId = useOrgId();
  const [chosen, setChosen] = useState<Named[] | null>(null);
  return (
    <>
      <DataTable<Customer>
        columnSettings={customersColumns}
        title="Organizations you sold to"
        query={customersQueryOptions(orgId)}
        source={customersSource(orgId)}
        getRowId={(row) => String(row.id)}
        selectable={canWrite}
        ribbon={canWrite ? <NewForSelectedButton onOpen={setChosen} /> : null}
        preloadModal={subscriptionForm.preload}
      />
      {chosen && (
        <Suspense fallback={<BlockingOverlay />}>
          <SubscriptionFormModal mode="create" customers={chosen} onClose={() => setChosen(null)} />
        </Suspense>
      )}
    </>
  );
}
