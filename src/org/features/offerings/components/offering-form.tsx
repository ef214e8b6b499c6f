import { useState } from 'react';
import type { Offering, OfferingDetail } from '@/contract/crm/offerings';
import { offeringInputSchema } from '@/contract/crm/offerings';
import { showingInPlace } from '@/core/api';
import {
  FormEngine,
  fieldErrorsOf,
  type DropdownItem,
  type FormSettings,
  type FormSubmitHelpers,
  type FormValues,
  type ServerFieldErrors,
  withContractLimits,
} from '@/core/forms';
import { Modal } from '@/core/ui/modal';
import { useSaveOffering } from '@/org/entities/offerings/mutations';
import { FeaturesEditor, featureLengthErrors, type FeatureDraft } from './features-editor';
import { OFFERING_TYPES, useSellableTypes } from './offering-types';

export { OFFERING_TYPES };

/** The form settings shared by create and edit (the type is fixed once created). */
export function offeringFormSettings(
  types: readonly DropdownItem[],
  isEdit: boolean,
): FormSettings {
  return withContractLimits(offeringInputSchema, {
    rows: [
      [
        {
          field: 'type',
          type: 'dropdown',
          title: 'Type',
          isMandatory: true,
          dropdownData: types,
          isDisabled: isEdit,
          width: 4,
        },
        {
          field: 'name',
          type: 'string',
          title: 'Name',
          isMandatory: true,
          width: 8,
        },
      ],
      [{ field: 'description', type: 'textArea', title: 'Description', rows: 3 }],
      [
        {
          field: 'tags',
          type: 'multiDropdown',
          title: 'Tags',
          allowAdd: true,
          dropdownData: [],
          placeholder: 'Type a tag, then Enter',
        },
      ],
    ],
  });
}

const toDrafts = (offering: Offering | null): FeatureDraft[] =>
  (offering?.features ?? []).map((f) => ({
    key: `id-${f.id}`,
    id: f.id,
    name: f.name,
    defaultValue: f.defaultValue,
  }));

export interface OfferingFormModalProps {
  /** null: create. */
  offering: Offering | null;
  onClose: () => void;
  onSaved?: (saved: OfferingDetail) => void;
}

/** Create or edit a product or service in a modal (the table's and the details page's). */
export function OfferingFormModal({ offering, onClose, onSaved }: OfferingFormModalProps) {
  const sellable = useSellableTypes();
  const isEdit = offering !== null;
  // Editing keeps the offering's own type even if the organisation may no longer sell it.
  const types = isEdit ? OFFERING_TYPES : sellable;
  const [settings] = useState(() => offeringFormSettings(types, isEdit));
  const [features, setFeatures] = useState<FeatureDraft[]>(() => toDrafts(offering));
  const [featureErrors, setFeatureErrors] = useState<Record<number, string>>({});
  const save = useSaveOffering();
  const defaultValues: FormValues = offering
    ? {
        type: offering.type,
        name: offering.name,
        description: offering.description ?? '',
        tags: offering.tags,
      }
    : { type: types[0]?.id ?? 'product', name: '', description: '', tags: [] };

  const onSubmit = async (values: FormValues, helpers: FormSubmitHelpers) => {
    const tooLong = featureLengthErrors(features);
    setFeatureErrors(tooLong);
    if (Object.keys(tooLong).length > 0) return;
    const description = typeof values['description'] === 'string' ? values['description'] : '';
    try {
      const saved = await save.mutateAsync({
        id: offering?.id ?? null,
        input: {
          type: values['type'] === 'service' ? 'service' : 'product',
          name: typeof values['name'] === 'string' ? values['name'] : '',
          description: description.trim() ? description : null,
          tags: Array.isArray(values['tags']) ? values['tags'].map(String) : [],
          features: features.map((f) => ({
            ...(f.id !== undefined ? { id: f.id } : {}),
            name: f.name,
            defaultValue: f.defaultValue,
          })),
        },
      });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (!errors) throw error;
      // Feature rows are not engine fields: their messages go under the rows.
      const rest: ServerFieldErrors = {};
      const byRow: Record<number, string> = {};
      for (const [key, value] of Object.entries(errors)) {
        const message = typeof value === 'string' ? value : value.message;
        const match = /^features\.(\d+)\./.exec(key);
        if (match) byRow[Number(match[1])] = message;
        else rest[key] = { message };
      }
      setFeatureErrors(byRow);
      helpers.setServerErrors(rest);
      showingInPlace(error);
    }
  };

  const title = isEdit
    ? `Edit ${offering.type === 'product' ? 'product' : 'service'}`
    : 'New product or service';
  return (
    <Modal open onClose={onClose} title={title} size="lg">
      <FormEngine
        settings={settings}
        defaultValues={defaultValues}
        onSubmit={onSubmit}
        submitLabel={isEdit ? 'Save' : 'Create'}
        onCancel={onClose}
      >
        <FeaturesEditor features={features} errors={featureErrors} onChange={setFeatures} />
      </FormEngine>
    </Modal>
  );
}
