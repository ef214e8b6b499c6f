import { Page } from '@/core/ui/page';
import { UsersTable } from './components/users-table';

/** SPEC §2 /users: the organisation's users; invite, edit flags, resend, revoke, remove. */
export default function UsersPage() {
  return (
    <Page
      title="Users"
      lead={<>The people of your organization and the invitations waiting for a first sign-in.</>}
    >
      <UsersTable />
    </Page>
  );
}
