import { useState } from 'react';
import type { Subscription } from '@/contract/crm/subscriptions';
import { createSubscriptionSchema } from '@/contract/crm/subscriptions';
import {
  FormEngine,
  fromCalendarDate,
  isPastDay,
  toCalendarDate,
  attachmentsOf,
  type FormReview,
  type FormSettings,
  type FormValues,
  type ShownText,
  withContractLimits,
} from '@/core/forms';
import { ExpiredDate, formatDate, pluralise } from '@/core/format';
import { useOrgContext } from '@/core/org';
import { isSellable, type SellerFlags } from '@/org/entities/offerings/api';
import { Modal } from '@/core/ui/modal';
import { customerOptions } from '@/org/entities/subscriptions/customers';
import { useCreateSubscriptions, useUpdateSubscription } from '@/org/entities/subscriptions/issued';
import { useSubscriptionChoices, type SubscriptionChoices } from '../api/get-subscription-choices';

type Mode = 'create' | 'edit';

export interface Named {
  id: number;
  name: string;
}

/**
 * The form settings shared by create (several customers at once) and edit: customers and the
 * offering are chosen when creating only; included features follow the offering (SPEC §4).
 */
export function subscriptionFormSettings(
  orgId: number,
  choices: SubscriptionChoices,
  mode: Mode,
  customers: readonly Named[] = [],
): FormSettings {
  const creating = mode === 'create';
  return withContractLimits(createSubscriptionSchema, {
    rows: [
      [
        {
          field: 'subscriberOrgIds',
          type: 'multiDropdown',
          title: 'Customers',
          tooltip: 'One subscription is created for each customer chosen.',
          isMandatory: true,
          isVisible: creating,
          // Searched on the server (a vendor has thousands); the chosen ones are named here.
          searchOptions: customerOptions(orgId),
          dropdownData: customers.map((c) => ({ id: c.id, label: c.name })),
        },
      ],
      [
        {
          field: 'offeringId',
          type: 'dropdown',
          title: 'Offering',
          isMandatory: true,
          isDisabled: !creating,
          isAnIsDisabledTrigger: true,
          dropdownData: choices.offerings.map((o) => ({
            id: o.id,
            label: `${o.name} (${o.type === 'product' ? 'product' : 'service'})`,
          })),
          width: 6,
        },
        {
          field: 'name',
          type: 'string',
          title: 'Name',
          isMandatory: !creating,
          placeholder: creating ? 'Default: Customer - Offering' : undefined,
          width: 6,
        },
      ],
      [
        { field: 'startDate', type: 'date', title: 'Start date', isMandatory: true, width: 4 },
        {
          field: 'endDate',
          type: 'expiredDate',
          title: 'End date',
          tooltip: 'Empty: no end.',
          width: 4,
          validate: (value, values) => {
            const end = toCalendarDate(value);
            const start = toCalendarDate(values['startDate']);
            return end && start && end < start
              ? 'The end date must not be before the start date'
              : undefined;
          },
        },
        {
          field: 'seatsAllowed',
          type: 'positiveInteger',
          title: 'Seats allowed',
          isMandatory: true,
          width: 4,
        },
      ],
      [
        {
          field: 'includedFeatureIds',
          type: 'offeringFeatureMultiCheckbox',
          title: 'Included features',
          offeringField: 'offeringId',
          offerings: choices.offerings,
        },
      ],
      [
        {
          field: 'attachments',
          type: 'attachments',
          title: creating ? 'Attachments' : 'Add attachments',
          tooltip: 'Up to 20 MiB each.',
        },
      ],
    ],
  });
}

/** A new subscription is sold: only offerings the organisation may sell now (an edit keeps its own). */
const sellableChoices = (
  choices: SubscriptionChoices,
  mode: Mode,
  flags: SellerFlags,
): SubscriptionChoices =>
  mode === 'create' ? { offerings: choices.offerings.filter(isSellable(flags)) } : choices;

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
const positive = (value: unknown): number => {
  const n = Number(value);
  return Number.isInteger(n) ? n : 0;
};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * What Create will do, in words (issue 17): 'Create a subscription to BlastPlan for Delta
 * Drilling: 5 seats allowed, from 2026/11/26, no end date'; an end date in the past is asked.
 */
export function createSubscriptionReview(
  values: FormValues,
  shown: ShownText,
  choices: SubscriptionChoices,
): FormReview {
  const count = ids(values['subscriberOrgIds']).length;
  const offering = choices.offerings.find((o) => o.id === positive(values['offeringId']));
  const start = toCalendarDate(values['startDate']);
  const end = toCalendarDate(values['endDate']);
  const what = count === 1 ? 'a subscription' : `${String(count)} subscriptions`;
  const each = count === 1 ? '' : ' each';
  return {
    summary: (
      <>
        {`Create ${what} to ${offering?.name ?? shown('offeringId')} for ${shown('subscriberOrgIds')}: ${pluralise(
          positive(values['seatsAllowed']),
          'seat',
        )} allowed${each}, from ${formatDate(start)}, `}
        {end ? (
          <>
            ends <ExpiredDate value={end} />
          </>
        ) : (
          'no end date'
        )}
      </>
    ),
    warnings:
      end && isPastDay(end)
        ? [
            `The end date ${formatDate(end)} is in the past: the ${count === 1 ? 'subscription' : 'subscriptions'} will be ended at once`,
          ]
        : [],
  };
}

export interface SubscriptionFormModalProps {
  mode: Mode;
  /** The subscription edited (edit mode). */
  subscription?: Subscription | null;
  /** The customers chosen to start with (create). */
  customers?: readonly Named[];
  onClose: () => void;
}

/** MULTI_CREATE (one subscription per customer) or EDIT, in a modal. */
export function SubscriptionFormModal({
  mode,
  subscription,
  customers,
  onClose,
}: SubscriptionFormModalProps) {
  const choices = useSubscriptionChoices();
  return (
    <Modal
      open
      onClose={onClose}
      title={mode === 'create' ? 'New customer subscriptions' : 'Edit subscription'}
      size="lg"
    >
      {choices.isPending && <p role="status">Loading Data...</p>}
      {choices.isError && <p role="alert">Error: Something&apos;s gone wrong!</p>}
      {choices.data && (
        <SubscriptionForm
          mode={mode}
          choices={choices.data}
          subscription={subscription ?? null}
          customers={customers ?? []}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function SubscriptionForm({
  mode,
  choices,
  subscription,
  customers,
  onClose,
}: {
  mode: Mode;
  choices: SubscriptionChoices;
  subscription: Subscription | null;
  customers: readonly Named[];
  onClose: () => void;
}) {
  const { org } = useOrgContext();
  const [offered] = useState(() => sellableChoices(choices, mode, org.permissions));
  const [settings] = useState(() => subscriptionFormSettings(org.id, offered, mode, customers));
  const create = useCreateSubscriptions();
  const update = useUpdateSubscription();
  const today = new Date();
  const defaultValues: FormValues =
    mode === 'edit' && subscription
      ? {
          offeringId: subscription.offering.id,
          name: subscription.name,
          startDate: fromCalendarDate(subscription.startDate),
          endDate: fromCalendarDate(subscription.endDate),
          seatsAllowed: subscription.seatsAllowed,
          includedFeatureIds: subscription.includedFeatures.map((f) => f.id),
          attachments: [],
        }
      : {
          subscriberOrgIds: customers.map((c) => c.id),
          // The first offering is chosen to start with: its default features are pre-selected
          // as if it had been picked (SPEC §4).
          offeringId: offered.offerings[0]?.id,
          includedFeatureIds: (offered.offerings[0]?.features ?? [])
            .filter((f) => f.defaultValue)
            .map((f) => f.id),
          name: '',
          startDate: new Date(today.getFullYear(), today.getMonth(), today.getDate()).toISOString(),
          endDate: null,
          seatsAllowed: 1,
          attachments: [],
        };

  const onSubmit = async (values: FormValues) => {
    const common = {
      startDate: toCalendarDate(values['startDate']) ?? '',
      endDate: toCalendarDate(values['endDate']),
      seatsAllowed: positive(values['seatsAllowed']),
      includedFeatureIds: ids(values['includedFeatureIds']),
      attachments: attachmentsOf(values['attachments']),
    };
    if (mode === 'edit' && subscription) {
      await update.mutateAsync({
        id: subscription.id,
        input: { ...common, name: text(values['name']) },
      });
    } else {
      const name = text(values['name']).trim();
      await create.mutateAsync({
        ...common,
        subscriberOrgIds: ids(values['subscriberOrgIds']),
        offeringId: positive(values['offeringId']),
        ...(name ? { name } : {}),
      });
    }
    onClose();
  };

  return (
    <FormEngine
      settings={settings}
      defaultValues={defaultValues}
      onSubmit={onSubmit}
      // A new subscription bills: it says what it will do first (an edit saves at once).
      review={
        mode === 'create'
          ? (values, shown) => createSubscriptionReview(values, shown, offered)
          : undefined
      }
      submitLabel={mode === 'create' ? 'Create' : 'Save'}
      onCancel={onClose}
    />
  );
}
