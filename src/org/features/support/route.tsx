import { useOrgContext } from '@/core/org';
import { Page } from '@/core/ui/page';
import { SupportForm } from './components/support-form';

/** SPEC §2 /support: a support request with attachments (the three configured organisations). */
export default function SupportPage() {
  const { org, profile } = useOrgContext();
  return (
    <Page
      title="Support"
      maxWidth="48rem"
      lead={
        <>
          Tell us what is wrong and we answer{' '}
          {profile.email ? <strong>{profile.email}</strong> : 'you'} by email. The request is filed
          for {org.name}.
        </>
      }
    >
      <div className="card">
        <div className="card-body">
          <SupportForm />
        </div>
      </div>
    </Page>
  );
}
