import { AccountRedirect } from '@/core/auth';
import { useDocumentTitle } from '@/core/ui/portal';

/** SPEC §2 /Account/Login (route login): sign in through the identity provider. */
export default function AccountLoginPage() {
  useDocumentTitle('Sign in');
  return <AccountRedirect />;
}
