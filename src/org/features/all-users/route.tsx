import { useDocumentTitle } from '@/core/ui/portal';
import { AllUsersTable } from './components/all-users-table';

/** SPEC §2 /all-users (sysadmin): every user with their organisations. */
export default function AllUsersPage() {
  useDocumentTitle('All Users');
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="h3 mb-3">
        All Users
      </h1>
      <AllUsersTable />
    </section>
  );
}
