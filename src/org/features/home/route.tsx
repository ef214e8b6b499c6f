import { useOrgContext } from '@/core/org';
import { OrgList } from './components/org-list';
import { QuickLinks } from './components/quick-links';

/** SPEC §2 /home: the user's organisations and quick links to what their flags allow. */
export default function HomePage() {
  const { profile, org } = useOrgContext();
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title" className="h3 mb-3">
        Welcome{profile.firstName ? `, ${profile.firstName}` : ''}
      </h1>
      <div className="row g-4">
        <div className="col-lg-6">
          <h2 className="h5">Your organizations</h2>
          <OrgList />
        </div>
        <div className="col-lg-6">
          <h2 className="h5">In {org.name}</h2>
          <QuickLinks />
        </div>
      </div>
    </section>
  );
}
