import { useOrgContext } from '@/core/org';
import { useDocumentTitle } from '@/core/ui/portal';
import { SupportForm } from './components/support-form';

/** SPEC §2 /support: a support request with attachments (the three configured organisations). */
export default function SupportPage() {
  useDocumentTitle('Support');
  const { org, profile } = useOrgContext();
  return (
    <section aria-labelledby="support-title" style={{ maxWidth: '48rem' }}>
      <h1 id="support-title" className="h3 mb-1">
        Support
      </h1>
      <p className="text-body-secondary">
        Tell us what is wrong and we answer{' '}
        {profile.email ? <strong>{profile.email}</strong> : 'you'} by email. The request is filed
        for {org.name}.
      </p>
      <div className="card">
        <div className="card-body">
          <SupportForm />
        </div>
      </div>
    </section>
  );
}
