import { FullScreenLoader } from '@/core/ui/loaders';
import { ErrorScreen } from '@/core/ui/screens';
import { Page } from '@/core/ui/page';
import { useProfile } from './api/get-profile';
import { ProfileForm } from './components/profile-form';

/** SPEC §2 /Account/Profile: first name, last name and photo, through the identity API. */
export default function AccountProfilePage() {
  const profile = useProfile();
  if (profile.isLoading) return <FullScreenLoader />;
  if (profile.isError) return <ErrorScreen error={profile.error} />;
  if (!profile.data) return <FullScreenLoader />;
  return (
    <Page
      title="Profile"
      maxWidth="40rem"
      lead={
        <>
          How you appear to the people of your organizations. Your name shows in user lists as
          &lsquo;First Last &lt;email&gt;&rsquo;.
        </>
      }
    >
      <div className="card">
        <div className="card-body">
          <ProfileForm profile={profile.data} />
        </div>
      </div>
    </Page>
  );
}
