import { FullScreenLoader } from '@/core/ui/loaders';
import { useDocumentTitle } from '@/core/ui/portal';
import { ErrorScreen } from '@/core/ui/screens';
import { useProfile } from './api/get-profile';
import { ProfileForm } from './components/profile-form';

/** SPEC §2 /Account/Profile: first name, last name and photo, through the identity API. */
export default function AccountProfilePage() {
  useDocumentTitle('Profile');
  const profile = useProfile();
  if (profile.isLoading) return <FullScreenLoader />;
  if (profile.isError) return <ErrorScreen error={profile.error} />;
  if (!profile.data) return <FullScreenLoader />;
  return (
    <section aria-labelledby="profile-title" style={{ maxWidth: '40rem' }}>
      <h1 id="profile-title" className="h3 mb-1">
        Profile
      </h1>
      <p className="text-body-secondary">
        How you appear to the people of your organisations. Your name shows in user lists as
        &lsquo;First Last &lt;email&gt;&rsquo;.
      </p>
      <div className="card">
        <div className="card-body">
          <ProfileForm profile={profile.data} />
        </div>
      </div>
    </section>
  );
}
