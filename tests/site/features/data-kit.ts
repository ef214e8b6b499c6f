/**
 * Test kit of the site portal's screens: data-service URLs, envelopes, a refusal with field
 * errors, Borealis Quarries with its sites, and typed factories (createBlast({...}) etc.).
 */
import { HttpResponse } from 'msw';
import type { Blast, BlastPlan } from '@/contract/data/blasts';
import type { BlastLink } from '@/contract/data/links';
import type { UserPermissions } from '@/contract/metadata';
import { config } from '@/core/config';
import type { MembershipOverrides } from '../../factories/metadata';

export const data = (path: string) => `${config.dataApiUrl}/${path}`;

export const ok = <T>(value: T) => HttpResponse.json({ success: true, errors: null, data: value });

export const paged = <T>(results: T[]) =>
  ok({ results, fetchedCount: results.length, skippedCount: 0, totalAvailable: results.length });

export const refusal = (errors: Record<string, string>, status = 400) =>
  HttpResponse.json(
    {
      success: false,
      errors: Object.fromEntries(
        Object.entries(errors).map(([field, message]) => [
          field,
          { message, errorCode: 'invalid' },
        ]),
      ),
      data: null,
    },
    { status },
  );

/** Borealis Quarries (2) with North Pit (1) where the user has the given site flags. */
export const borealis = (
  permissions: Partial<UserPermissions> = {},
  site: { isSiteAdmin?: boolean; isSiteUser?: boolean } = { isSiteAdmin: true },
): MembershipOverrides => ({
  org: {
    id: 2,
    name: 'Borealis Quarries',
    sites: [{ id: 1, name: 'North Pit', permissions: site }],
  },
  permissions,
});

const when = '2025-01-15T10:00:00.000Z';

export function createBlast(overrides: Partial<Blast> = {}): Blast {
  return {
    id: 1,
    name: 'North Pit 0001',
    description: null,
    status: 'fired',
    firedAt: when,
    plannedAt: null,
    holeCount: 3,
    totalCharge: 240,
    fileName: 'North_Pit_0001.blst',
    fileSize: 180,
    updatedAt: when,
    orgId: 2,
    siteId: 1,
    siteName: 'North Pit',
    createdBy: { id: 7, email: 'siteadmin@example.com', firstName: 'Sarah', lastName: 'Siteadmin' },
    createdAt: when,
    ...overrides,
  };
}

/** A grid of n holes, 5 m apart east–west and 4 m north–south. */
export function createPlan(n: number, cols = Math.max(1, Math.round(Math.sqrt(n)))): BlastPlan {
  const holes = Array.from({ length: n }, (_, i) => ({
    id: `H${i + 1}`,
    x: 1000 + (i % cols) * 5,
    y: 2000 + Math.floor(i / cols) * 4,
    depth: 8 + (i % 5),
    charge: 50 + (i % 9) * 10,
  }));
  const xs = holes.map((h) => h.x);
  const ys = holes.map((h) => h.y);
  return {
    holes,
    bounds: {
      minX: Math.min(...xs),
      minY: Math.min(...ys),
      maxX: Math.max(...xs),
      maxY: Math.max(...ys),
    },
  };
}

export function createLink(overrides: Partial<BlastLink> = {}): BlastLink {
  return {
    id: 'AbCdEfGhIjKlMnOpQrStUvWx',
    blastId: 1,
    isAnonymous: true,
    createdBy: null,
    createdAt: when,
    revokedAt: null,
    isRevoked: false,
    ...overrides,
  };
}

/** A 2D context double recording the arcs drawn (jsdom has no canvas). */
export function fakeCanvasContext() {
  const arcs: { x: number; y: number; r: number }[] = [];
  class FakePath2D {
    arc(x: number, y: number, r: number) {
      arcs.push({ x, y, r });
    }
    moveTo() {}
  }
  const ctx = {
    setTransform: () => {},
    clearRect: () => {},
    fill: () => {},
    stroke: () => {},
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
  };
  return { arcs, ctx, Path2D: FakePath2D };
}
