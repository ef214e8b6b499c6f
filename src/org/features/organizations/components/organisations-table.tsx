import type { Organisation } from '@/contract/crm/orgs';
import { formatDate } from '@/core/format';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataTable,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { organisationsQueryOptions, organisationsSource } from '@/org/entities/organisations/api';
import { lazyModule } from '@/core/lazy';

// Issue 16: the dialogs load when a button that opens one is hovered, focused or clicked.
const organisationForm = lazyModule(() => import('./organisation-form'));
const OrganisationFormModal = organisationForm.component('OrganisationFormModal');
const preloadModals = () => Promise.all([organisationForm.preload()]);

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export const organisationColumns: ColumnSettings<Organisation> = {
  entity: 'Organizations',
  columns: [
    { id: 'name', title: 'Organization' },
    { id: 'description', title: 'Description' },
    // Read-only switches: their filter is All/On/Off, a boolean as the list's contract takes it.
    {
      id: 'isProductOwnerEnabled',
      title: 'Product owner',
      type: ColumnType.TOGGLE_SWITCH,
      width: '8rem',
    },
    {
      id: 'isServiceOwnerEnabled',
      title: 'Service owner',
      type: ColumnType.TOGGLE_SWITCH,
      width: '8rem',
    },
    { id: 'memberCount', title: 'Members', type: ColumnType.NUMBER, width: '6rem' },
    { id: 'createdAt', title: 'Created', type: ColumnType.DATE, width: '8rem' },
    {
      id: 'customDataLink',
      title: 'Custom data',
      type: ColumnType.URL,
      accessor: () => 'Custom data',
      linkFormat: '/organizations?customData={id}',
      isSortable: false,
      isFilterable: false,
      isSearchable: false,
      width: '8rem',
    },
  ],
  sortIndex: 0,
  csvMapperFn: (row) => ({
    Id: row.id,
    Organization: row.name,
    Description: row.description ?? '',
    'Product owner': yesNo(row.isProductOwnerEnabled),
    'Service owner': yesNo(row.isServiceOwnerEnabled),
    Members: row.memberCount,
    Created: formatDate(row.createdAt),
  }),
};

export const organisationActions: RowAction<Organisation>[] = [
  {
    action: ActionKind.CREATE,
    buttonTitle: 'New organization',
    buttonText: 'New organization',
    display: ActionDisplay.BUTTON,
    permissions: 'organizations.write',
  },
  {
    action: ActionKind.EDIT,
    buttonTitle: 'Edit',
    buttonText: 'Edit',
    display: ActionDisplay.INLINE,
    permissions: 'organizations.write',
  },
];

export function OrganisationsTable() {
  return (
    <DataTable<Organisation>
      columnSettings={organisationColumns}
      title="All organizations"
      query={organisationsQueryOptions()}
      source={organisationsSource()}
      actions={organisationActions}
      getRowId={(row) => String(row.id)}
      preloadModal={preloadModals}
      renderModal={({ action, row, close }) => (
        <OrganisationFormModal
          organisation={action === ActionKind.EDIT ? row : null}
          onClose={close}
        />
      )}
    />
  );
}
