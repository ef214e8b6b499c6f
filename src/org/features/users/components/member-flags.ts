import type { MemberFlags } from '@/contract/crm/users';
import { permissionFlagLabels } from '@/contract/flags';
import { flagValues, type MemberFlagSet } from '@/core/members';

/** The flags a member may hold here, with the words the screen uses for them. */
export const memberFlags: MemberFlagSet<keyof MemberFlags> = {
  names: ['isOrgAdmin', 'isBusinessManager', 'isSubManager', 'isDeveloper', 'isTechSupport'],
  labels: permissionFlagLabels,
  // Short headings keep the table within a laptop screen; the switches are named by them.
  columnTitles: {
    isOrgAdmin: 'Org admin',
    isBusinessManager: 'Business mgr',
    isSubManager: 'Sub mgr',
    isDeveloper: 'Developer',
    isTechSupport: 'Tech support',
  },
};

export const flagsOf = (values: Partial<Record<keyof MemberFlags, unknown>>): MemberFlags =>
  flagValues(memberFlags, values);
