import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Page } from '@/core/ui/page';
import { organisationsQueryOptions } from '@/org/entities/organisations/api';
import { OrganisationsTable } from './components/organisations-table';
import { OrgCustomDataSection } from './components/org-custom-data-section';

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
      )}
    </Page>
  );
}
