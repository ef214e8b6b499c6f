import { describe, expect, it } from 'vitest';
import { siteRoutes } from '@/core/routes';

describe('route titles (SPEC §2 route tables)', () => {
  it('titles /all-sites Site Admin, as /sites', () => {
    expect(siteRoutes.allSites.title).toBe('Site Admin');
    expect(siteRoutes.siteAdmin.title).toBe('Site Admin');
  });
});
