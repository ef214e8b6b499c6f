import { useState, type ReactNode } from 'react';
import type { Licence } from '@/contract/crm/licences';
import {
  FormEngine,
  fromCalendarDate,
  monthsAfter,
  toCalendarDate,
  type FormReview,
  type FormSettings,
  type FormValues,
  type ShownText,
} from '@/core/forms';
import { ExpiredDate, pluralise } from '@/core/format';
import { ConfirmModal } from '@/core/ui/confirm-modal';
import { Modal } from '@/core/ui/modal';
import { useChangeLicence, useIssueLicence } from '@/org/entities/licences/issued';
import { useOrgContext, useOrgId } from '@/core/org';
import { isSellable } from '@/org/entities/offerings/api';
import { customerOptions } from '@/org/entities/subscriptions/customers';
import { customerSubscriptionOptions } from '@/org/entities/subscriptions/issued';
import { useOfferingChoices, type OfferingChoice } from '../api/get-licence-choices';
import { pastExpiryWarning } from './licence-expiry';

const asNumber = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** 'expires 2027/11/23', the date red when it is today or past (SPEC §4); or 'no expiry'. */
export const expiryText = (expiry: string | null): ReactNode =>
  expiry ? (
    <>
      expires <ExpiredDate value={expiry} />
    </>
  ) : (
    'no expiry'
  );

/** What Issue will do, in words (issue 17): 'Issue BlastPlan to Delta Drilling: 5 seats, expires 2027/11/23'. */
export function issueReview(
  values: FormValues,
  shown: ShownText,
  offerings: readonly OfferingChoice[],
): FormReview {
  const offering = offerings.find((o) => o.id === asNumber(values['offeringId']));
  const expiry = toCalendarDate(values['expiry']);
  const subscription = shown('subscriptionId');
  return {
    summary: (
      <>
        {`Issue ${offering?.name ?? shown('offeringId')} to ${shown('customerOrgId')}: ${pluralise(
          asNumber(values['seats']) ?? 0,
          'seat',
        )}, `}
        {expiryText(expiry)}
        {subscription ? `, under the subscription ${subscription}` : ''}
      </>
    ),
    warnings: pastExpiryWarning(expiry, 'the licence'),
  };
}

/**
 * The Issue form: customer, offering, optional subscription of that customer, seats, expiry.
 * Customers and the chosen customer's subscriptions are searched on the server (issue 16).
 */
export function issueLicenceSettings(orgId: number, offerings: OfferingChoice[]): FormSettings {
  return {
    rows: [
      [
        {
          field: 'customerOrgId',
          type: 'dropdown',
          title: 'Customer',
          isMandatory: true,
          isAnIsDisabledTrigger: true,
          searchOptions: customerOptions(orgId),
          tooltip: 'Organizations you have sold to.',
          width: 6,
        },
        {
          field: 'offeringId',
          type: 'dropdown',
          title: 'Product',
          isMandatory: true,
          dropdownData: offerings.map((o) => ({
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
          tooltip:
            "Optional: one of the customer's subscriptions of the product that the licence belongs to.",
          // Only what can be chosen: the chosen customer's subscriptions of the chosen product.
          searchOptions: customerSubscriptionOptions(orgId, {
            customer: 'customerOrgId',
            offering: 'offeringId',
          }),
          optionsDependOn: ['customerOrgId', 'offeringId'],
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
  const offerings = useOfferingChoices();
  // Only what the organisation may sell now (its product- and service-owner flags).
  const sellable = isSellable(useOrgContext().org.permissions);
  const issue = useIssueLicence();
  return (
    <Modal open onClose={onClose} title="Issue a licence" size="lg">
      {offerings.isPending && <p role="status">Loading Data...</p>}
      {offerings.isError && <p role="alert">Error: Something&apos;s gone wrong!</p>}
      {offerings.data && (
        <IssueForm
          offerings={offerings.data.filter(sellable)}
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
  offerings,
  onClose,
  onSubmit,
}: {
  offerings: OfferingChoice[];
  onClose: () => void;
  onSubmit: (values: FormValues) => Promise<void>;
}) {
  const orgId = useOrgId();
  const [settings] = useState(() => issueLicenceSettings(orgId, offerings));
  return (
    <FormEngine
      settings={settings}
      defaultValues={{ seats: 1, expiry: fromCalendarDate(monthsAfter(null, 12)) }}
      onSubmit={onSubmit}
      review={(values, shown) => issueReview(values, shown, offerings)}
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
        {licence.expiry ? <ExpiredDate value={licence.expiry} /> : 'never'}.
      </p>
      <FormEngine
        settings={renewSettings}
        defaultValues={{ expiry: fromCalendarDate(monthsAfter(licence.expiry, 12)) }}
        submitLabel="Renew"
        review={(values) => {
          const expiry = toCalendarDate(values['expiry']);
          return {
            summary: (
              <>
                {`Renew ${licence.product.name} for ${licence.customerOrg.name}: `}
                {expiryText(expiry)}
              </>
            ),
            warnings: pastExpiryWarning(expiry, 'the licence'),
          };
        }}
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
