import { http } from 'msw';
import type { Blast, BlastListItem, BlastPlan } from '@/contract/data/blasts';
import type { BlastLink } from '@/contract/data/links';
import type { BlastShare } from '@/contract/data/shared-blasts';
import type { AuditEvent } from '@/contract/crm/audit';
import { data, ok, pageOf, paged, rowsOf, type Rows } from '../envelope';
import { auditHandlers } from './audit';

const blastPath = (blast: Pick<Blast, 'id' | 'orgId' | 'siteId'>) =>
  `orgs/${blast.orgId}/sites/${blast.siteId}/blasts/${blast.id}`;

/** The data service's blasts of a site (orgs/{orgId}/sites/{siteId}/blasts…). */
export const blastHandlers = {
  list: (rows: Rows<BlastListItem>, orgId = 2, siteId = 1) =>
    http.post(data(`orgs/${orgId}/sites/${siteId}/blasts/list`), () => paged(rowsOf(rows))),
  /** Blast Details: the blast, its plan, its shares and links, and its History (the site's). */
  details: (
    blast: Blast,
    {
      plan,
      shares = [],
      links = () => [],
      history = [],
      seen = [],
    }: {
      plan: BlastPlan;
      shares?: readonly BlastShare[];
      /** Read at each request: a test changes what the next read answers. */
      links?: () => readonly BlastLink[];
      /** The site's events (its Activity); the History asks for the blast's. */
      history?: readonly AuditEvent[];
      /** Collects the History's request bodies. */
      seen?: unknown[];
    },
  ) => [
    auditHandlers.siteActivity(history, blast.orgId, blast.siteId, seen),
    http.get(data(blastPath(blast)), () => ok(blast)),
    http.get(data(`${blastPath(blast)}/plan`), () => ok(plan)),
    http.post(data(`${blastPath(blast)}/shares/list`), ({ request }) => pageOf(request, shares)),
    http.post(data(`${blastPath(blast)}/links/list`), ({ request }) => pageOf(request, links())),
  ],
};
