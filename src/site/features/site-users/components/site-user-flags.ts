import type { SiteUserFlags } from '@/contract/data/site-users';
import { permissionFlagLabels } from '@/contract/flags';
import { flagValues, type MemberFlagSet } from '@/core/members';

/** A site user's flags, with the words the screen uses for them. */
export const siteUserFlags: MemberFlagSet<keyof SiteUserFlags> = {
  names: ['isSiteAdmin', 'isSiteUser'],
  labels: permissionFlagLabels,
};

export const flagsOf = (values: Partial<Record<keyof SiteUserFlags, unknown>>): SiteUserFlags =>
  flagValues(siteUserFlags, values);
