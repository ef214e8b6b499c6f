import { AccountRedirect } from '@/core/auth';

/** SPEC §2 /Account/Register: the identity provider's registration (register flag, SPEC §7). */
export default function AccountRegisterPage() {
  return <AccountRedirect register />;
}
