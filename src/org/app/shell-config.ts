import { getOrgHref, orgRoutes, type OrgRouteName, type RouteDef } from '@/core/routes';
import type { ShellConfig } from '@/core/shell/layouts';
import type { SidebarLink } from '@/core/shell/sidebar';

const link = (name: OrgRouteName, label: string): SidebarLink => ({
  label,
  to: orgRoutes[name].path,
  requirement: (orgRoutes[name] as RouteDef).requirement,
});

/**
 * SPEC §2 sidebar of the organisation portal: Personal; Sysadmin; Business; My Org; and the
 * Support link, which the route table limits to the three configured organisations. Links the
 * user may not open are filtered out by the same check that guards the routes.
 */
export const orgShellConfig: ShellConfig = {
  sidebar: () => [
    { heading: 'Personal', links: [link('dashboardOverview', 'Dashboard')] },
    {
      heading: 'Sysadmin',
      links: [
        link('allUsers', 'All Users'),
        link('organizations', 'Organizations'),
        link('auditLog', 'Audit log'),
      ],
    },
    {
      heading: 'Business',
      links: [
        link('customerSubs', 'Customer Subs'),
        link('issuedLicences', 'Issued Licences'),
        link('offerings', 'Offerings'),
      ],
    },
    {
      heading: 'My Org',
      links: [
        link('users', 'Users'),
        link('licences', 'Licences'),
        link('software', 'Software'),
        link('activity', 'Activity'),
      ],
    },
    { heading: 'Help', links: [link('support', 'Support')] },
  ],
  userMenuLinks: [
    { label: 'Profile', to: getOrgHref('profile') },
    {
      label: 'Edit Organization',
      to: getOrgHref('editOrg'),
      requirement: orgRoutes.editOrg.requirement,
    },
  ],
};
