import { skipToken, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { TableData } from '@/contract/envelope';
import type { Organisation } from '@/contract/crm/orgs';
import { orgQueryKey } from '@/core/query';
import { useSelectedOrgId } from '@/core/org';
import { useDocumentTitle } from '@/core/ui/portal';
import { organisationsTableKey } from './api/get-organisations';
import { OrganisationsTable } from './components/organisations-table';
import { OrgCustomDataSection } from './components/org-custom-data-section';

/** SPEC §2 /organizations (sysadmin): all organisations, their flags and custom data. */
export default function OrganizationsPage() {
  useDocumentTitle('Organizations');
  const [params, setParams] = useSearchParams();
  const customDataOrg = Number(params.get('customData'));
  const selectedOrgId = useSelectedOrgId();
  // The name comes from the table's rows (the link holds only the id): read, never fetched here.
  const { data: rows } = useQuery<TableData<Organisation>>({
    queryKey: orgQueryKey(selectedOrgId, ...organisationsTableKey),
    queryFn: skipToken,
  });
  const name =
    rows?.tableData.find((o) => o.id === customDataOrg)?.name ?? `organisation ${customDataOrg}`;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="h3 mb-3">
        Organizations
      </h1>
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
    </section>
  );
}
