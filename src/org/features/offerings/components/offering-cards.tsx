import type { Feature, OfferingDetail } from '@/contract/crm/offerings';
import { DataTable, type ColumnSettings } from '@/core/data-table';
import { formatDateTime } from '@/core/format';
import { DefinitionList, DetailsCard } from '@/core/ui/details-page';
import { RegistrationLink } from './registration-link';

/** The offering's own fields; its registration link for those who may sell it. */
export function OfferingFieldsCard({
  offering,
  canWrite,
}: {
  offering: OfferingDetail;
  canWrite: boolean;
}) {
  const kind = offering.type === 'product' ? 'Product' : 'Service';
  return (
    <DetailsCard title={kind} id="fields-title" fill>
      <DefinitionList
        items={[
          ['Name', offering.name],
          ['Type', kind],
          ['Description', offering.description || '—'],
          [
            'Tags',
            offering.tags.length === 0
              ? '—'
              : offering.tags.map((tag) => (
                  <span key={tag} className="badge text-bg-secondary me-1">
                    {tag}
                  </span>
                )),
          ],
          ['Vendor', offering.orgName],
          canWrite && ['Registration link', <RegistrationLink offeringId={offering.id} />],
          ['Created', formatDateTime(offering.createdAt)],
          ['Updated', formatDateTime(offering.updatedAt)],
        ]}
      />
    </DetailsCard>
  );
}

const featureYesNo = (f: Feature) => (f.defaultValue ? 'Yes' : 'No');

const featureColumns: ColumnSettings<Feature> = {
  entity: 'Features',
  columns: [
    { id: 'name', title: 'Feature' },
    {
      id: 'defaultValue',
      title: 'On by default',
      accessor: featureYesNo,
      filterOptions: ['Yes', 'No'],
      width: '9rem',
    },
  ],
  sortIndex: 0,
  csvMapperFn: (f) => ({ Feature: f.name, 'On by default': featureYesNo(f) }),
};

/**
 * The features a subscription to the offering can include, and which are on by default, in
 * the data table (issue 17: a details page's list is a data table too: search, sort, paging, the
 * true total).
 */
export function OfferingFeaturesTable({ features }: { features: readonly Feature[] }) {
  return (
    <DataTable<Feature>
      columnSettings={featureColumns}
      rows={features}
      getRowId={(f) => String(f.id)}
      selectable={false}
      urlKey="features"
    />
  );
}
