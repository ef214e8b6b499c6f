import { AccountRedirect } from '@/core/auth';
import { useDocumentTitle } from '@/core/ui/portal';

/** SPEC §2 /Account/Register: the identity provider's registration (register flag, SPEC §7). */
export default function AccountRegisterPage() {
  useDocumentTitle('Register');
  return <AccountRedirect register />;
}
