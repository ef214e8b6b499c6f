import type { Feature, OfferingDetail } from '@/contract/crm/offerings';
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

/** The features a subscription to the offering can include, and which are on by default. */
export function OfferingFeaturesCard({ features }: { features: readonly Feature[] }) {
  return (
    <DetailsCard title="Features" id="features-title" fill>
      <div className="table-responsive">
        <table className="table table-sm mb-0">
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col">On by default</th>
            </tr>
          </thead>
          <tbody>
            {features.length === 0 && (
              <tr>
                <td colSpan={2} className="text-body-secondary">
                  No data found
                </td>
              </tr>
            )}
            {features.map((f) => (
              <tr key={f.id}>
                <td>{f.name}</td>
                <td>{f.defaultValue ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </DetailsCard>
  );
}
