import { useOrgContext } from '@/core/org';
import { useDocumentTitle } from '@/core/ui/portal';
import { Overview } from './components/overview';

/** SPEC §2 /dashboard (dashboardOverview): the selected organisation at a glance. */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { org } = useOrgContext();
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="h3 mb-1">
        Dashboard
      </h1>
      <p className="text-body-secondary">{org.name} at a glance.</p>
      <Overview />
    </section>
  );
}
