import { Page } from '@/core/ui/page';
import { AllUsersTable } from './components/all-users-table';

/** SPEC §2 /all-users (sysadmin): every user with their organisations. */
export default function AllUsersPage() {
  return (
    <Page title="All Users">
      <AllUsersTable />
    </Page>
  );
}
