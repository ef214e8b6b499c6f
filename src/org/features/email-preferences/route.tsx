import { useParams } from 'react-router-dom';
import { FullScreenLoader } from '@/core/ui/loaders';
import {
  INVALID_LINK_TEXT,
  PreferencesLinkError,
  useEmailPreferences,
} from './api/get-email-preferences';
import { Page } from '@/core/ui/page';
import { PreferencesForm } from './components/preferences-form';

/**
 * SPEC §2 /email-preferences/{email}/{code}: anonymous. The recipient chooses which emails they
 * get; the code from the email grants access, and a wrong or expired code says so.
 */
export default function EmailPreferencesPage() {
  const params = useParams();
  const email = params.email ?? '';
  const code = params.code ?? '';
  const query = useEmailPreferences(email, code);
  return (
    <Page
      title="Email preferences"
      maxWidth="40rem"
      lead={
        <>
          Choose the emails we send to <strong>{email.toLowerCase()}</strong>.
        </>
      }
    >
      {query.isLoading ? (
        <FullScreenLoader />
      ) : query.isError ? (
        <div className="alert alert-danger" role="alert">
          <p className="mb-1 fw-semibold">
            {query.error instanceof PreferencesLinkError && query.error.expired
              ? 'This link has expired'
              : 'This link does not work'}
          </p>
          <p className="mb-0">
            {query.error instanceof PreferencesLinkError ? query.error.message : INVALID_LINK_TEXT}
          </p>
        </div>
      ) : query.data ? (
        <div className="card">
          <div className="card-body">
            <PreferencesForm email={email} code={code} preferences={query.data} />
          </div>
        </div>
      ) : null}
    </Page>
  );
}
