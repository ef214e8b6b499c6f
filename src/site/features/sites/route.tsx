import { Suspense } from 'react';
import { hasStoredUser, SignInButtons, useAuthSession } from '@/core/auth';
import { useOptionalOrgContext } from '@/core/org/context';
import { lazyWithPreload } from '@/core/lazy';
import { Page } from '@/core/ui/page';
import { LoadingSites } from './components/loading-sites';

/**
 * The signed-in list of sites loads on its own: with it come the API layer and its schemas,
 * whose start-up work made the signed-out landing's main thread busy on a phone (Lighthouse
 * mobile TBT 330 ms against 95 ms for the organisation portal's landing). A page opened with a
 * stored session starts loading it at once, beside the session.
 */
const SiteCards = lazyWithPreload<object>(() =>
  import('./components/site-cards').then((m) => ({ default: m.SiteCards })),
);
if (hasStoredUser('site')) void SiteCards.preload().catch(() => undefined);

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
      <Suspense fallback={<LoadingSites />}>
        <SiteCards />
      </Suspense>
    </Page>
  );
}
