import type { EmailPreferences } from '@/contract/crm/misc';
import { FormEngine, type FormSettings } from '@/core/forms';
import { useUpdateEmailPreferences } from '../api/update-email-preferences';

export const preferencesFormSettings: FormSettings = {
  rows: [
    [
      {
        field: 'productUpdates',
        type: 'toggleSwitch',
        title: 'Product updates: new versions and features of the software you use',
      },
    ],
    [
      {
        field: 'serviceNotices',
        type: 'toggleSwitch',
        title: 'Service notices: maintenance, licence expiry and subscription changes',
      },
    ],
    [{ field: 'marketing', type: 'toggleSwitch', title: 'News and offers' }],
  ],
};

export function PreferencesForm({
  email,
  code,
  preferences,
}: {
  email: string;
  code: string;
  preferences: EmailPreferences;
}) {
  const save = useUpdateEmailPreferences(email, code);
  return (
    <FormEngine
      settings={preferencesFormSettings}
      defaultValues={{
        productUpdates: preferences.productUpdates,
        serviceNotices: preferences.serviceNotices,
        marketing: preferences.marketing,
      }}
      submitLabel="Save preferences"
      onSubmit={async (values) => {
        await save.mutateAsync({
          productUpdates: values.productUpdates === true,
          serviceNotices: values.serviceNotices === true,
          marketing: values.marketing === true,
        });
      }}
    />
  );
}
