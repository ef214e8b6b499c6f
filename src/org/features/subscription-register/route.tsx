import { Link, useSearchParams } from 'react-router-dom';
import { getOrgHref } from '@/core/routes';
import { Page } from '@/core/ui/page';
import { useCreateRegistration } from './api/create-registration';
import { RegistrationFinish } from './components/registration-finish';
import { RegistrationForm, toRegistrationInput } from './components/registration-form';
import { useGuardedNavigate } from '@/core/ui/leave-guard';

const positiveInt = (text: string | null) => {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * SPEC §2 /subscription/register: a new customer registers for an offering (?offering={id}),
 * with organisation and contact details; then signs in or registers and comes back here
 * (?id=&code=, restored after sign-in) to finish.
 */
export default function SubscriptionRegisterPage() {
  const [params] = useSearchParams();
  const navigate = useGuardedNavigate();
  const create = useCreateRegistration();
  const id = positiveInt(params.get('id'));
  const code = params.get('code');
  const offeringId = positiveInt(params.get('offering'));

  return (
    <Page title="Register for a subscription" maxWidth="48rem">
      {id && code ? (
        <>
          <p className="text-body-secondary">Check the details, then finish the registration.</p>
          <RegistrationFinish id={id} code={code} />
        </>
      ) : (
        <>
          <p className="text-body-secondary">
            Tell us about your organization and who we should talk to. Next you sign in or create
            your account, and your organization is ready.{' '}
            <Link to={getOrgHref('subscriptionExistingReg')}>Already started a registration?</Link>
          </p>
          <div className="card">
            <div className="card-body">
              <RegistrationForm
                submitLabel="Continue"
                onSubmit={async (values) => {
                  const created = await create.mutateAsync(toRegistrationInput(values, offeringId));
                  navigate(
                    `${getOrgHref('subscriptionRegister')}?id=${created.id}&code=${encodeURIComponent(created.code)}`,
                    { replace: true },
                  );
                }}
              />
            </div>
          </div>
        </>
      )}
    </Page>
  );
}
