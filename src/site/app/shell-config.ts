import type { OrgContextValue } from '@/core/org/context';
import { getSiteHref, siteRoutes, type SiteRouteName, type RouteDef } from '@/core/routes';
import type { ShellConfig } from '@/core/shell/layouts';
import type { SidebarLink, SidebarSection } from '@/core/shell/sidebar';

const link = (
  name: SiteRouteName,
  label: string,
  to: string = siteRoutes[name].path,
): SidebarLink => ({
  label,
  to,
  requirement: (siteRoutes[name] as RouteDef).requirement,
});

/** Inside a selected site: the site's own pages (their checks see the site's flags). */
function siteSection(context: OrgContextValue | null): SidebarSection[] {
  const site = context?.site;
  if (!site) return [];
  const siteId = site.id;
  return [
    {
      heading: site.name,
      links: [
        {
          ...link('siteDashboard', 'Site Dashboard', getSiteHref('siteDashboard', { siteId })),
          end: true,
        },
        link('siteBlasts', 'Blasts', getSiteHref('siteBlasts', { siteId })),
        link('siteUsers', 'Users', getSiteHref('siteUsers', { siteId })),
        link('siteNodeLibraries', 'Node Libraries', getSiteHref('siteNodeLibraries', { siteId })),
        link('siteActivity', 'Activity', getSiteHref('siteActivity', { siteId })),
      ],
    },
  ];
}

/**
 * SPEC §2 sidebar of the site portal: Sysadmin (site admin: /sites for organisation admins,
 * /all-sites for sysadmins); Data (dashboard, blasts shared, node libraries); and, inside a
 * selected site, that site's pages. Links the user may not open are filtered out.
 */
export const siteShellConfig: ShellConfig = {
  sidebar: (context) => [
    {
      heading: 'Sysadmin',
      links: [link('siteAdmin', 'Site Admin'), link('allSites', 'All Sites')],
    },
    {
      heading: 'Data',
      links: [
        link('dashboardOverview', 'Dashboard'),
        link('blastsShared', 'Blasts Shared'),
        { ...link('nodeLibraries', 'Node Libraries'), end: true },
      ],
    },
    ...siteSection(context),
  ],
};
