import { queryOptions, useQuery } from '@tanstack/react-query';
import { emailPreferencesSchema, type EmailPreferences } from '@/contract/crm/misc';
import { crmApi, type ManualResult } from '@/core/api';

export const EMAIL_PREFERENCES_KEY = 'email-preferences';

/** A link whose code is wrong or expired: the page says so in place of the form. */
export class PreferencesLinkError extends Error {
  constructor(
    message: string,
    readonly expired: boolean,
  ) {
    super(message);
    this.name = 'PreferencesLinkError';
  }
}

export const INVALID_LINK_TEXT =
  'This email preferences link is not valid. Use the link in your latest email.';

/** The server's own words for a refused code, or ours. */
export function linkProblemOf(result: ManualResult<unknown>): PreferencesLinkError {
  const code = result.fieldErrors?.['code'];
  if (code) return new PreferencesLinkError(code.message, code.errorCode === 'expired');
  if (result.status === 404 || result.status === 400)
    return new PreferencesLinkError(
      result.message && result.message !== 'Something went wrong!'
        ? result.message
        : INVALID_LINK_TEXT,
      false,
    );
  return new PreferencesLinkError(result.message, false);
}

export const preferencesPath = (email: string, code: string) =>
  `email-preferences/${encodeURIComponent(email)}/${encodeURIComponent(code)}`;

/** GET email-preferences/{email}/{code}: anonymous; the code from the email grants access. */
export async function getEmailPreferences(
  email: string,
  code: string,
  signal?: AbortSignal,
): Promise<EmailPreferences> {
  const result = await crmApi.get<unknown>(preferencesPath(email, code), undefined, {
    isAnonymous: true,
    handleErrorManually: true,
    signal,
  });
  if (result.inError) throw linkProblemOf(result);
  return emailPreferencesSchema.parse(result.data);
}

/** Anonymous: keyed by the address and code, not by an organisation. */
export const emailPreferencesQueryOptions = (email: string, code: string) =>
  queryOptions({
    queryKey: [EMAIL_PREFERENCES_KEY, email, code],
    queryFn: ({ signal }) => getEmailPreferences(email, code, signal),
    retry: false,
  });

export function useEmailPreferences(email: string, code: string) {
  return useQuery(emailPreferencesQueryOptions(email, code));
}
