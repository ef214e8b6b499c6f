import { z } from 'zod';
import { emailSchema } from '@/contract/common';
import type { FieldSetting, FormSettings } from '@/core/forms';
import { withContractLimits } from '@/core/forms/contract-limits';

/** Both portals' member endpoints take the contract's email (inviteUserSchema, addSiteUserSchema). */
const memberEmailSchema = z.object({ email: emailSchema });

export interface MemberFormOptions {
  /** Editing an existing member: the email is fixed. */
  editing: boolean;
  /** The flags' rows of toggle switches (flagFieldRows). */
  flagRows: FieldSetting[][];
  /** Under the email while adding. */
  emailTooltip?: string;
  /** A check of the email before any request (a duplicate invitation). */
  validateEmail?: FieldSetting['validate'];
}

/** The member form: the email, then the flags; adding and editing share it. */
export function memberFormSettings({
  editing,
  flagRows,
  emailTooltip,
  validateEmail,
}: MemberFormOptions): FormSettings {
  return withContractLimits(memberEmailSchema, {
    rows: [
      [
        {
          field: 'email',
          type: 'email',
          title: 'Email',
          isMandatory: true,
          placeholder: 'name@example.com',
          isDisabled: editing,
          ...(validateEmail ? { validate: validateEmail } : {}),
          tooltip: editing ? undefined : emailTooltip,
        },
      ],
      ...flagRows,
    ],
  });
}
