import type { Offering } from '@/contract/crm/offerings';
import { formatDate } from '@/core/format';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataTable,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { useOrgId } from '@/core/org';
import { offeringsQueryOptions, offeringsSource } from '@/org/entities/offerings/api';
import { useSellableTypes } from './offering-types';
import { lazyModule } from '@/core/lazy';

// Issue 16: the forms load when a button that opens one is hovered, focused or clicked.
const offeringForm = lazyModule(() => import('./offering-form'));
const deleteForm = lazyModule(() => import('./delete-offering-modal'));
const OfferingFormModal = offeringForm.component('OfferingFormModal');
const DeleteOfferingModal = deleteForm.component('DeleteOfferingModal');
const preloadOfferingForms = () => Promise.all([offeringForm.preload(), deleteForm.preload()]);

const typeLabel = (row: Offering) => (row.type === 'product' ? 'Product' : 'Service');

export const offeringColumns: ColumnSettings<Offering> = {
  entity: 'Offerings',
  columns: [
    {
      id: 'name',
      title: 'Name',
      type: ColumnType.URL,
      linkFormat: '/offerings/{type}/{id}',
    },
    { id: 'type', title: 'Type', accessor: typeLabel, width: '7rem' },
    { id: 'description', title: 'Description' },
    { id: 'tags', title: 'Tags', accessor: (row) => row.tags.join(', ') },
    {
      id: 'featureCount',
      title: 'Features',
      type: ColumnType.NUMBER,
      accessor: (row) => row.features.length,
      width: '6rem',
    },
    // Sortable but not filtered: a date range filter would take the description's room.
    {
      id: 'updatedAt',
      title: 'Updated',
      type: ColumnType.DATE,
      width: '7rem',
      isFilterable: false,
    },
  ],
  sortIndex: 0,
  csvMapperFn: (row) => ({
    Id: row.id,
    Name: row.name,
    Type: typeLabel(row),
    Description: row.description ?? '',
    Tags: row.tags.join('; '),
    Features: row.features.map((f) => f.name).join('; '),
    Updated: formatDate(row.updatedAt),
  }),
};

export function OfferingsTable() {
  const orgId = useOrgId();
  const sellable = useSellableTypes();
  const actions: RowAction<Offering>[] = [
    {
      action: ActionKind.CREATE,
      buttonTitle: 'New product or service',
      buttonText: 'New offering',
      icon: 'bi bi-plus-lg',
      display: ActionDisplay.BUTTON,
      permissions: 'offerings.write',
      // An organisation enabled for neither products nor services has nothing to create.
      isVisible: sellable.length > 0,
    },
    {
      action: ActionKind.EDIT,
      buttonTitle: 'Edit',
      buttonText: 'Edit',
      display: ActionDisplay.INLINE,
      permissions: 'offerings.write',
    },
    {
      action: ActionKind.DELETE,
      buttonTitle: 'Delete',
      buttonText: 'Delete',
      display: ActionDisplay.INLINE,
      permissions: 'offerings.write',
    },
  ];
  return (
    <DataTable<Offering>
      columnSettings={offeringColumns}
      query={offeringsQueryOptions(orgId)}
      source={offeringsSource(orgId)}
      title="Products and services"
      actions={actions}
      getRowId={(row) => String(row.id)}
      preloadModal={preloadOfferingForms}
      renderModal={({ action, row, close }) => {
        if (action === ActionKind.DELETE && row) {
          return <DeleteOfferingModal offering={row} onClose={close} />;
        }
        return (
          <OfferingFormModal offering={action === ActionKind.EDIT ? row : null} onClose={close} />
        );
      }}
    />
  );
}
