import { useState } from 'react';
import type { Licence } from '@/contract/crm/licences';
import { formatUser } from '@/core/format';
import { FormEngine, withLabels, type FormSettings } from '@/core/forms';
import { useOrgId } from '@/core/org';
import { Modal } from '@/core/ui/modal';
import { activeMemberOptions } from '@/org/entities/org-users/api';

export interface AssignModalProps {
  licence: Licence;
  onAssign: (userId: number, userLabel: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Gives a licence to one of the organisation's active members, searched on the server (an
 * organisation may have thousands).
 */
export function AssignModal({ licence, onAssign, onClose }: AssignModalProps) {
  const orgId = useOrgId();
  const [members] = useState(() => withLabels(activeMemberOptions(orgId)));
  const holder = licence.assignedUser;
  const settings: FormSettings = {
    rows: [
      [
        {
          field: 'userId',
          type: 'dropdown',
          title: 'User',
          isMandatory: true,
          searchOptions: members.searchOptions,
          dropdownData: holder ? [{ id: holder.id, label: formatUser(holder) }] : [],
          tooltip:
            'Only active members can hold a licence; invited people appear once they sign in',
        },
      ],
    ],
  };
  return (
    <Modal open onClose={onClose} title={`Assign ${licence.product.name}`}>
      <FormEngine
        settings={settings}
        defaultValues={{ userId: holder?.id }}
        submitLabel="Assign"
        onSubmit={async (values) => {
          const userId = Number(values.userId);
          await onAssign(userId, members.labelOf(userId) ?? (holder ? formatUser(holder) : ''));
        }}
        onCancel={onClose}
      />
    </Modal>
  );
}
