import type { Organisation } from '@/contract/crm/orgs';
import { updateOrgSchema } from '@/contract/crm/orgs';
import { FormEngine, type FormSettings, withContractLimits } from '@/core/forms';
import { useUpdateOrg } from '@/org/entities/organisations/api';

export const orgFormSettings: FormSettings = withContractLimits(updateOrgSchema, {
  rows: [
    [{ field: 'name', type: 'string', title: 'Name', isMandatory: true }],
    [
      {
        field: 'description',
        type: 'textArea',
        title: 'Description',
        rows: 3,
        placeholder: 'What your organization does, as customers and vendors will read it',
      },
    ],
    [{ field: 'avatar_Base64', type: 'avatar', title: 'Organization logo' }],
  ],
});

/** Name, description and logo of the organisation (SPEC §2 /edit-org). */
export function OrgForm({ org }: { org: Organisation }) {
  const update = useUpdateOrg();
  return (
    <FormEngine
      // A saved organisation reloads the form with what the server kept.
      key={`${org.name}|${org.description ?? ''}|${org.avatar_Base64?.length ?? 0}`}
      settings={orgFormSettings}
      defaultValues={{
        name: org.name,
        description: org.description ?? '',
        avatar_Base64: org.avatar_Base64 ?? '',
      }}
      submitLabel="Save"
      onSubmit={async (values) => {
        const avatar = typeof values.avatar_Base64 === 'string' ? values.avatar_Base64 : '';
        await update.mutateAsync({
          name: String(values.name ?? ''),
          description: typeof values.description === 'string' ? values.description : null,
          // Only a newly chosen picture is sent; otherwise the stored one stays.
          ...(avatar && avatar !== org.avatar_Base64 ? { avatar_Base64: avatar } : {}),
        });
      }}
    />
  );
}
