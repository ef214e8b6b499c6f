import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { customDataInputSchema } from '@/contract/common';
import { registrationInputSchema, supportRequestSchema } from '@/contract/crm/misc';
import { offeringInputSchema } from '@/contract/crm/offerings';
import { createOrgSchema, updateOrgSchema } from '@/contract/crm/orgs';
import { blastMetadataSchema } from '@/contract/data/blasts';
import { nodeLibraryInputSchema } from '@/contract/data/node-libraries';
import { siteInputSchema } from '@/contract/data/sites';
import { updateProfileSchema } from '@/contract/identity/profile';
import { customDataFormSettings } from '@/core/custom-data/settings';
import { contractMaxLength, type FormSettings } from '@/core/forms';
import { memberFormSettings } from '@/core/members';
import { inviteUserSchema } from '@/contract/crm/users';
import { profileFormSettings } from '@/org/features/account-profile/components/profile-form';
import { orgFormSettings } from '@/org/features/edit-org/components/org-form';
import {
  offeringFormSettings,
  OFFERING_TYPES,
} from '@/org/features/offerings/components/offering-form';
import { organisationFormSettings } from '@/org/features/organizations/components/organisation-form';
import { registrationFormSettings } from '@/org/features/subscription-register/components/registration-form';
import { supportFormSettings } from '@/org/features/support/components/support-form';
import { blastFormSettings } from '@/site/features/blasts/components/blast-form';
import { libraryFormSettings } from '@/site/features/node-libraries/components/library-form';
import { siteFormSettings } from '@/site/features/sites/components/site-form';

const TEXT = new Set(['string', 'textArea', 'email', 'password', 'url']);

/** Issue 17: each form and the contract of the endpoint it writes. */
const FORMS: [string, FormSettings, z.ZodType][] = [
  ['offering', offeringFormSettings(OFFERING_TYPES, false), offeringInputSchema],
  ['support request', supportFormSettings, supportRequestSchema],
  ['custom data', customDataFormSettings, customDataInputSchema],
  ['profile', profileFormSettings, updateProfileSchema],
  ['organization (own)', orgFormSettings, updateOrgSchema],
  ['organization (admin)', organisationFormSettings, createOrgSchema],
  ['registration', registrationFormSettings, registrationInputSchema],
  ['site', siteFormSettings(1), siteInputSchema],
  ['blast', blastFormSettings('edit'), blastMetadataSchema],
  ['node library', libraryFormSettings, nodeLibraryInputSchema],
  ['member', memberFormSettings({ editing: false, flagRows: [] }), inviteUserSchema],
];

describe('form text fields take their maximum from the contract (issue 17)', () => {
  it.each(FORMS)('%s form', (_, settings, schema) => {
    const fields = settings.rows.flat().filter((f) => TEXT.has(f.type) && !f.isDisabled);
    const bounded = fields.filter((f) => contractMaxLength(schema, f.field) !== undefined);
    expect(bounded.length).toBeGreaterThan(0);
    for (const f of bounded)
      expect([f.field, f.maxLength]).toEqual([f.field, contractMaxLength(schema, f.field)]);
  });

  it('leaves unbounded only the texts the contract bounds otherwise', () => {
    const unbounded = FORMS.flatMap(([form, settings]) =>
      settings.rows
        .flat()
        .filter((f) => TEXT.has(f.type) && !f.isDisabled && f.maxLength === undefined)
        .map((f) => `${form}: ${f.field}`),
    );
    // Bounded otherwise: a version by its pattern (YY.MM.DD.Commit), the icon by the record's data
    // (1,000,000 characters) and its image check, the node list line by line (name 200, type 50).
    expect([...new Set(unbounded)]).toEqual([
      'custom data: fields.warningMinimumVersion',
      'custom data: fields.criticalMinimumVersion',
      'custom data: fields.iconBase64',
      'node library: nodesText',
    ]);
  });

  it('custom data name and description are bounded like the server (200, 2000)', () => {
    const byField = Object.fromEntries(
      customDataFormSettings.rows.flat().map((f) => [f.field, f.maxLength]),
    );
    expect(byField).toMatchObject({ name: 200, description: 2000 });
  });
});
