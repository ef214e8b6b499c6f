import { AccountRedirect } from '@/core/auth';

/** SPEC §2 /Account/Login (route login): sign in through the identity provider. */
export default function AccountLoginPage() {
  return <AccountRedirect />;
}
