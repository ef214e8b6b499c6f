import { Page } from '@/core/ui/page';
import { useOrg } from '@/org/entities/organisations/api';
import { OrgCustomData } from './components/org-custom-data';
import { OrgForm } from './components/org-form';
import { FullScreenLoader } from '@/core/ui/loaders';
import { ErrorScreen } from '@/core/ui/screens';

/** SPEC §2 /edit-org (org owner): name, description, logo and custom data records. */
export default function EditOrgPage() {
  const org = useOrg();
  if (org.isLoading) return <FullScreenLoader />;
  if (org.isError) return <ErrorScreen error={org.error} />;
  if (!org.data) return <FullScreenLoader />;
  return (
    <Page
      title="Edit Organization"
      lead={<>How {org.data.name} appears to its members, customers and vendors.</>}
    >
      <div className="row g-4">
        <div className="col-xl-7">
          <div className="card">
            <div className="card-body">
              <h2 className="h5 card-title">Details</h2>
              <OrgForm org={org.data} />
            </div>
          </div>
        </div>
        {/* Full width: the records table needs room for its actions. */}
        <div className="col-12">
          <OrgCustomData />
        </div>
      </div>
    </Page>
  );
}
