import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { lazyModule } from '@/core/lazy';
import { Page } from '@/core/ui/page';
import { organisationsQueryOptions } from '@/org/entities/organisations/api';
import { OrganisationsTable } from './components/organisations-table';

// Issue 16: the custom-data editor (a form engine) loads when a link opens it, not with the list.
const OrgCustomDataSection = lazyModule(
  () => import('./components/org-custom-data-section'),
).component('OrgCustomDataSection');

/** SPEC §2 /organizations (sysadmin): all organisations, their flags and custom data. */
export default function OrganizationsPage() {
  const [params, setParams] = useSearchParams();
  const customDataOrg = Number(params.get('customData'));
  // The name comes from the table's rows (the link holds only the id): the same cache entry.
  const { data: rowName } = useQuery({
    ...organisationsQueryOptions(),
    select: (rows) => rows.find((o) => o.id === customDataOrg)?.name,
  });
  const name = rowName ?? `organisation ${customDataOrg}`;
  return (
    <Page title="Organizations">
      <OrganisationsTable />
      {Number.isInteger(customDataOrg) && customDataOrg > 0 && (
        <Suspense
          fallback={
            <p role="status" className="mt-4">
              Loading Data...
            </p>
          }
        >
          <OrgCustomDataSection
            key={customDataOrg}
            orgId={customDataOrg}
            orgName={name}
            onClose={() => {
              const next = new URLSearchParams(params);
              next.delete('customData');
              setParams(next, { replace: true });
            }}
          />
        </Suspense>
      )}
    </Page>
  );
}
