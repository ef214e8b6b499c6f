import { SignInButtons, useAuthSession } from '@/core/auth';
import { useOptionalOrgContext } from '@/core/org/context';
import { Page } from '@/core/ui/page';
import { SiteCards } from './components/site-cards';

/**
 * SPEC §2 / (Sites, presentation): signed-out visitors read what the portal is and can sign in
 * or register; signed-in users see every site they can open, across their organisations.
 */
export default function SitesPage() {
  const session = useAuthSession();
  const context = useOptionalOrgContext();
  if (session.status !== 'authenticated' || !context) {
    return (
      <section className="py-4" aria-labelledby="landing-title" style={{ maxWidth: '48rem' }}>
        <h1 id="landing-title" className="display-6 mb-3">
          Site Portal
        </h1>
        <p className="lead">
          Your mine and quarry sites in one place: their blasts and blast files, blasts shared with
          you, node libraries, and who can work on each site.
        </p>
        {session.status === 'authenticated' ? null : <SignInButtons />}
      </section>
    );
  }
  return (
    <Page title="Sites" lead={<>The sites you can open, in all your organizations.</>}>
      <SiteCards />
    </Page>
  );
}
