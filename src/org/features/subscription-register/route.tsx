import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { getOrgHref } from '@/core/routes';
import { useDocumentTitle } from '@/core/ui/portal';
import { useCreateRegistration } from './api/create-registration';
import { RegistrationFinish } from './components/registration-finish';
import { RegistrationForm, toRegistrationInput } from './components/registration-form';

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
  useDocumentTitle('Register for a subscription');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateRegistration();
  const id = positiveInt(params.get('id'));
  const code = params.get('code');
  const offeringId = positiveInt(params.get('offering'));

  return (
    <section aria-labelledby="register-title" style={{ maxWidth: '48rem' }}>
      <h1 id="register-title" className="h3 mb-1">
        Register for a subscription
      </h1>
      {id && code ? (
        <>
          <p className="text-body-secondary">Check the details, then finish the registration.</p>
          <RegistrationFinish id={id} code={code} />
        </>
      ) : (
        <>
          <p className="text-body-secondary">
            Tell us about your organisation and who we should talk to. Next you sign in or create
            your account, and your organisation is ready.{' '}
            <Link to={getOrgHref('subscriptionExistingReg')}>Already started a registration?</Link>
          </p>
          <div className="card">
            <div className="card-body">
              <RegistrationForm
                submitLabel="Continue"
                onSubmit={async (values) => {
                  const created = await create.mutateAsync(toRegistrationInput(values, offeringId));
                  void navigate(
                    `${getOrgHref('subscriptionRegister')}?id=${created.id}&code=${encodeURIComponent(created.code)}`,
                    { replace: true },
                  );
                }}
              />
            </div>
          </div>
        </>
      )}
    </section>
  );
}
