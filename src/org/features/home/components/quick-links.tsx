import { Link } from 'react-router-dom';
import { hasAccess, usePermissionGrants } from '@/core/permissions';
import { orgRoutes, type OrgRouteName } from '@/core/routes';

/** The screens a signed-in user may reach from home, with what each is for. */
const LINKS: readonly { route: OrgRouteName; text: string }[] = [
  { route: 'dashboardOverview', text: 'The organization at a glance' },
  { route: 'users', text: 'Invite people and set what they may do' },
  { route: 'licences', text: 'Licences your organization holds' },
  { route: 'software', text: 'Your software subscriptions and their seats' },
  { route: 'offerings', text: 'Products and services you sell' },
  { route: 'customerSubs', text: 'Subscriptions sold to customers' },
  { route: 'issuedLicences', text: 'Licences issued to customers' },
  { route: 'editOrg', text: 'Name, logo and custom data of the organization' },
  { route: 'organizations', text: 'Every organization (sysadmin)' },
  { route: 'allUsers', text: 'Every user (sysadmin)' },
  { route: 'support', text: 'Ask our support team for help' },
  { route: 'profile', text: 'Your name and photo' },
];

/** Quick links to what the user's flags in the selected organisation allow. */
export function QuickLinks() {
  const grants = usePermissionGrants();
  const allowed = LINKS.filter((l) => {
    const def = orgRoutes[l.route];
    return hasAccess('requirement' in def ? def.requirement : undefined, grants);
  });
  return (
    <ul className="list-group">
      {allowed.map((l) => (
        <li key={l.route} className="list-group-item">
          <Link to={orgRoutes[l.route].path} className="fw-semibold">
            {orgRoutes[l.route].title}
          </Link>
          <span className="d-block small text-body-secondary">{l.text}</span>
        </li>
      ))}
    </ul>
  );
}
