import { registrationParamsSchema } from '@/contract/crm/misc';
import { FormEngine, type FormSettings, withContractLimits } from '@/core/forms';
import { getOrgHref } from '@/core/routes';
import { Page } from '@/core/ui/page';
import { getRegistration } from './api/get-registration';
import { useGuardedNavigate } from '@/core/ui/leave-guard';

const findSettings: FormSettings = withContractLimits(registrationParamsSchema, {
  rows: [
    [
      {
        field: 'id',
        type: 'positiveInteger',
        title: 'Registration number',
        isMandatory: true,
        width: 4,
      },
      {
        field: 'code',
        type: 'string',
        title: 'Code',
        isMandatory: true,
        width: 8,
        tooltip: 'The code shown when you registered, also in the email we sent',
      },
    ],
  ],
});

/** SPEC §2 /subscription/existing-reg: find a registration by its number and code, then finish it. */
export default function SubscriptionExistingRegPage() {
  const navigate = useGuardedNavigate();
  return (
    <Page
      title="Existing registration"
      maxWidth="40rem"
      lead={
        <>Enter the registration number and code you were given to carry on where you left off.</>
      }
    >
      <div className="card">
        <div className="card-body">
          <FormEngine
            settings={findSettings}
            defaultValues={{ id: '', code: '' }}
            submitLabel="Find registration"
            onSubmit={async (values) => {
              const id = Number(values.id);
              const code = String(values.code ?? '').trim();
              // A wrong number or code throws field errors, shown under the code.
              await getRegistration(id, code);
              navigate(
                `${getOrgHref('subscriptionRegister')}?id=${id}&code=${encodeURIComponent(code)}`,
              );
            }}
          />
        </div>
      </div>
    </Page>
  );
}
