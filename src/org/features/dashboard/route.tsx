import { useOrgContext } from '@/core/org';
import { Page } from '@/core/ui/page';
import { Overview } from './components/overview';

/** SPEC §2 /dashboard (dashboardOverview): the selected organisation at a glance. */
export default function DashboardPage() {
  const { org } = useOrgContext();
  return (
    <Page title="Dashboard" lead={<>{org.name} at a glance.</>}>
      <Overview />
    </Page>
  );
}
