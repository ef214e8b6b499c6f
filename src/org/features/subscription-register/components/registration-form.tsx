import type { RegistrationInput } from '@/contract/crm/misc';
import { registrationInputSchema } from '@/contract/crm/misc';
import { FormEngine, type FormSettings, type FormValues, withContractLimits } from '@/core/forms';

const PHONE = /^\+?[0-9 ()./-]{5,50}$/;

/** Organisation and contact details, validated here and again by the server. */
export const registrationFormSettings: FormSettings = withContractLimits(registrationInputSchema, {
  rows: [
    [
      {
        field: 'organisationName',
        type: 'string',
        title: 'Organization name',
        isMandatory: true,
      },
    ],
    [
      {
        field: 'organisationDescription',
        type: 'textArea',
        title: 'What your organization does',
        rows: 3,
      },
    ],
    [
      {
        field: 'contactFirstName',
        type: 'string',
        title: 'Contact first name',
        isMandatory: true,
        width: 6,
      },
      {
        field: 'contactLastName',
        type: 'string',
        title: 'Contact last name',
        isMandatory: true,
        width: 6,
      },
    ],
    [
      {
        field: 'contactEmail',
        type: 'email',
        title: 'Contact email',
        isMandatory: true,
        width: 6,
      },
      {
        field: 'contactPhone',
        type: 'string',
        title: 'Contact phone',
        width: 6,
        placeholder: '+44 20 7946 0000',
        validate: (value) =>
          typeof value === 'string' && value.trim() !== '' && !PHONE.test(value.trim())
            ? 'Invalid phone number'
            : undefined,
      },
    ],
  ],
});

export function toRegistrationInput(
  values: FormValues,
  offeringId: number | null,
): RegistrationInput {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return {
    organisationName: text(values.organisationName),
    organisationDescription: text(values.organisationDescription) || null,
    contactFirstName: text(values.contactFirstName),
    contactLastName: text(values.contactLastName),
    contactEmail: text(values.contactEmail),
    contactPhone: text(values.contactPhone) || null,
    offeringId,
  };
}

export interface RegistrationFormProps {
  defaultValues?: FormValues;
  submitLabel: string;
  onSubmit: (values: FormValues) => Promise<void>;
  actions?: React.ReactNode;
}

export function RegistrationForm({
  defaultValues,
  submitLabel,
  onSubmit,
  actions,
}: RegistrationFormProps) {
  return (
    <FormEngine
      settings={registrationFormSettings}
      defaultValues={defaultValues ?? {}}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      actions={actions}
    />
  );
}
