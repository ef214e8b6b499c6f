import { useDocumentTitle } from '@/core/ui/portal';
import { UsersTable } from './components/users-table';

/** SPEC §2 /users: the organisation's users; invite, edit flags, resend, revoke, remove. */
export default function UsersPage() {
  useDocumentTitle('Users');
  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title" className="h3 mb-1">
        Users
      </h1>
      <p className="text-body-secondary">
        The people of your organisation and the invitations waiting for a first sign-in.
      </p>
      <UsersTable />
    </section>
  );
}
