import type { Licence } from '@/contract/crm/licences';
import { formatUser } from '@/core/format';
import { FormEngine, type FormSettings } from '@/core/forms';
import { Modal } from '@/core/ui/modal';
import { useActiveMembers } from '@/org/entities/org-users/api';

export interface AssignModalProps {
  licence: Licence;
  onAssign: (userId: number, userLabel: string) => Promise<void>;
  onClose: () => void;
}

/** Gives a licence to one of the organisation's active members. */
export function AssignModal({ licence, onAssign, onClose }: AssignModalProps) {
  const members = useActiveMembers();
  const items = (members.data ?? []).map((m) => ({ id: m.id, label: formatUser(m) }));
  const settings: FormSettings = {
    rows: [
      [
        {
          field: 'userId',
          type: 'dropdown',
          title: 'User',
          isMandatory: true,
          dropdownData: items,
          tooltip:
            'Only active members can hold a licence; invited people appear once they sign in',
        },
      ],
    ],
  };
  return (
    <Modal open onClose={onClose} title={`Assign ${licence.product.name}`}>
      {members.isLoading ? (
        <p role="status">Loading users…</p>
      ) : members.isError ? (
        <p className="text-danger" role="alert">
          The organisation&rsquo;s users could not be loaded.
        </p>
      ) : items.length === 0 ? (
        <p>There are no active users in the organisation yet.</p>
      ) : (
        <FormEngine
          settings={settings}
          defaultValues={{ userId: licence.assignedUser?.id ?? items[0]?.id }}
          submitLabel="Assign"
          onSubmit={async (values) => {
            const userId = Number(values.userId);
            await onAssign(userId, items.find((i) => i.id === userId)?.label ?? '');
          }}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
