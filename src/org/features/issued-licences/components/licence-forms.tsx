import { useState } from 'react';
import type { Licence } from '@/contract/crm/licences';
import {
  FormEngine,
  fromCalendarDate,
  monthsAfter,
  toCalendarDate,
  type FormSettings,
  type FormValues,
} from '@/core/forms';
import { formatDate } from '@/core/format';
import { ConfirmModal } from '@/core/ui/confirm-modal';
import { Modal } from '@/core/ui/modal';
import { useChangeLicence, useIssueLicence } from '@/org/entities/licences/issued';
import { useLicenceChoices, type LicenceChoices } from '../api/get-licence-choices';

const asNumber = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The Issue form: customer, offering, optional subscription of that customer, seats, expiry. */
export function issueLicenceSettings(choices: LicenceChoices): FormSettings {
  return {
    rows: [
      [
        {
          field: 'customerOrgId',
          type: 'dropdown',
          title: 'Customer',
          isMandatory: true,
          isAnIsDisabledTrigger: true,
          dropdownData: choices.customers.map((c) => ({ id: c.id, label: c.name })),
          tooltip: 'Organisations you have sold to.',
          width: 6,
        },
        {
          field: 'offeringId',
          type: 'dropdown',
          title: 'Product',
          isMandatory: true,
          dropdownData: choices.offerings.map((o) => ({
            id: o.id,
            label: `${o.name} (${o.type === 'product' ? 'product' : 'service'})`,
          })),
          width: 6,
        },
      ],
      [
        {
          field: 'subscriptionId',
          type: 'dropdown',
          title: 'Subscription',
          tooltip: 'Optional: the customer subscription the licence belongs to.',
          dropdownData: choices.subscriptions.map((s) => ({ id: s.id, label: s.name })),
          validate: (value, values) => {
            const id = asNumber(value);
            if (id === null) return undefined;
            const sub = choices.subscriptions.find((s) => s.id === id);
            return sub && sub.customerId !== asNumber(values['customerOrgId'])
              ? 'The subscription belongs to another customer'
              : undefined;
          },
        },
      ],
      [
        { field: 'seats', type: 'positiveInteger', title: 'Seats', isMandatory: true, width: 6 },
        { field: 'expiry', type: 'date', title: 'Expiry', tooltip: 'Empty: no expiry.', width: 6 },
      ],
    ],
  };
}

export function IssueLicenceModal({ onClose }: { onClose: () => void }) {
  const choices = useLicenceChoices();
  const issue = useIssueLicence();
  return (
    <Modal open onClose={onClose} title="Issue a licence" size="lg">
      {choices.isPending && <p role="status">Loading Data...</p>}
      {choices.isError && <p role="alert">Error: Something&apos;s gone wrong!</p>}
      {choices.data && (
        <IssueForm
          choices={choices.data}
          onClose={onClose}
          onSubmit={async (values) => {
            await issue.mutateAsync({
              customerOrgId: asNumber(values['customerOrgId']) ?? 0,
              offeringId: asNumber(values['offeringId']) ?? 0,
              subscriptionId: asNumber(values['subscriptionId']),
              seats: asNumber(values['seats']) ?? 0,
              expiry: toCalendarDate(values['expiry']),
            });
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

function IssueForm({
  choices,
  onClose,
  onSubmit,
}: {
  choices: LicenceChoices;
  onClose: () => void;
  onSubmit: (values: FormValues) => Promise<void>;
}) {
  const [settings] = useState(() => issueLicenceSettings(choices));
  return (
    <FormEngine
      settings={settings}
      defaultValues={{ seats: 1, expiry: fromCalendarDate(monthsAfter(null, 12)) }}
      onSubmit={onSubmit}
      submitLabel="Issue"
      onCancel={onClose}
    />
  );
}

const renewSettings: FormSettings = {
  rows: [[{ field: 'expiry', type: 'date', title: 'New expiry', isMandatory: true }]],
};

/** Renew: a new expiry date (default a year after the current one, or after today). */
export function RenewLicenceModal({ licence, onClose }: { licence: Licence; onClose: () => void }) {
  const change = useChangeLicence();
  return (
    <Modal open onClose={onClose} title="Renew licence">
      <p>
        {licence.product.name} for {licence.customerOrg.name}; it expires{' '}
        {licence.expiry ? formatDate(licence.expiry) : 'never'}.
      </p>
      <FormEngine
        settings={renewSettings}
        defaultValues={{ expiry: fromCalendarDate(monthsAfter(licence.expiry, 12)) }}
        submitLabel="Renew"
        onSubmit={async (values) => {
          await change.mutateAsync({
            kind: 'renew',
            licence,
            expiry: toCalendarDate(values['expiry']) ?? '',
          });
          onClose();
        }}
        onCancel={onClose}
      />
    </Modal>
  );
}

/** Suspend an active (or expired) licence, or reinstate a suspended one, after confirmation. */
export function LicenceStateModal({ licence, onClose }: { licence: Licence; onClose: () => void }) {
  const change = useChangeLicence();
  const kind = licence.state.name === 'Suspended' ? 'reinstate' : 'suspend';
  const verb = kind === 'suspend' ? 'Suspend' : 'Reinstate';
  return (
    <ConfirmModal
      title={`${verb} licence`}
      confirmLabel={verb}
      confirmClassName={kind === 'suspend' ? 'btn btn-warning' : 'btn btn-primary'}
      onClose={onClose}
      onConfirm={() => change.mutateAsync({ kind, licence })}
    >
      <p className="mb-0">
        {kind === 'suspend'
          ? `Suspend the licence of ${licence.product.name} for ${licence.customerOrg.name}? Its users lose access until it is reinstated.`
          : `Reinstate the licence of ${licence.product.name} for ${licence.customerOrg.name}?`}
      </p>
    </ConfirmModal>
  );
}
