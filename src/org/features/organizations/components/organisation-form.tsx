import { useState } from 'react';
import type { Organisation } from '@/contract/crm/orgs';
import { createOrgSchema } from '@/contract/crm/orgs';
import { FormEngine, type FormSettings, type FormValues, withContractLimits } from '@/core/forms';
import { Modal } from '@/core/ui/modal';
import { useSaveOrganisation } from '@/org/entities/organisations/api';

/** The form settings shared by create and edit (sysadmin): name, description, capability flags. */
export const organisationFormSettings: FormSettings = withContractLimits(createOrgSchema, {
  rows: [
    [{ field: 'name', type: 'string', title: 'Name', isMandatory: true }],
    [{ field: 'description', type: 'textArea', title: 'Description', rows: 3 }],
    [
      {
        field: 'isProductOwnerEnabled',
        type: 'toggleSwitch',
        title: 'Product owner: may sell products and issue licences',
        width: 6,
      },
      {
        field: 'isServiceOwnerEnabled',
        type: 'toggleSwitch',
        title: 'Service owner: may sell services',
        width: 6,
      },
    ],
  ],
});

export interface OrganisationFormModalProps {
  /** null: create. */
  organisation: Organisation | null;
  onClose: () => void;
}

export function OrganisationFormModal({ organisation, onClose }: OrganisationFormModalProps) {
  const save = useSaveOrganisation();
  const [defaultValues] = useState<FormValues>(() => ({
    name: organisation?.name ?? '',
    description: organisation?.description ?? '',
    isProductOwnerEnabled: organisation?.isProductOwnerEnabled ?? false,
    isServiceOwnerEnabled: organisation?.isServiceOwnerEnabled ?? false,
  }));
  return (
    <Modal
      open
      onClose={onClose}
      title={organisation ? `Edit ${organisation.name}` : 'New organization'}
    >
      <FormEngine
        settings={organisationFormSettings}
        defaultValues={defaultValues}
        submitLabel={organisation ? 'Save' : 'Create'}
        onSubmit={async (values) => {
          const description =
            typeof values['description'] === 'string' ? values['description'] : '';
          await save.mutateAsync({
            id: organisation?.id ?? null,
            input: {
              name: typeof values['name'] === 'string' ? values['name'] : '',
              description: description.trim() ? description : null,
              isProductOwnerEnabled: values['isProductOwnerEnabled'] === true,
              isServiceOwnerEnabled: values['isServiceOwnerEnabled'] === true,
            },
          });
          onClose();
        }}
        onCancel={onClose}
      />
    </Modal>
  );
}
