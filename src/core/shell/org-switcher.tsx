import { useId } from 'react';
import { useLocation } from 'react-router-dom';
import { useOptionalOrgContext } from '@/core/org/context';
import { useMockPermissions } from '@/core/permissions';
import { orgRoutes, siteRoutes } from '@/core/routes';
import { usePortal } from '@/core/ui/portal';
import { switchLanding } from './org-switch';

/**
 * The organisation switcher (SPEC §1): a labelled native select, keyboard operable as is.
 * Shown only when the user has more than one organisation; otherwise the name alone. A switch
 * stays on the screen when the next organisation may open it, else lands where switchLanding
 * says (never on 'You do not have access to this page').
 */
export function OrgSwitcher() {
  const context = useOptionalOrgContext();
  const id = useId();
  const location = useLocation();
  const { portal } = usePortal();
  const { overrides } = useMockPermissions();
  if (!context) return null;
  const { org, selectOrg } = context;
  const orgs = context.orgs ?? [org, ...context.otherOrgs];
  if (orgs.length < 2) {
    return (
      <span className="navbar-text text-light small text-truncate app-org-select" title={org.name}>
        <span className="visually-hidden">Organization: </span>
        {org.name}
      </span>
    );
  }
  return (
    <div className="d-flex align-items-center gap-1 min-w-0">
      <label htmlFor={id} className="visually-hidden">
        Organization
      </label>
      <select
        id={id}
        className="form-select form-select-sm app-org-select"
        title={org.name}
        value={org.id}
        onChange={(event) => {
          const nextId = Number(event.target.value);
          const membership = context.memberships?.find((m) => m.org.id === nextId);
          if (!membership) {
            selectOrg(nextId);
            return;
          }
          const to = switchLanding({
            pathname: location.pathname,
            search: location.search,
            table: portal === 'org' ? orgRoutes : siteRoutes,
            next: {
              org: membership.org,
              // SPEC §6: sysadmin is the user's, from the token, in every organisation.
              permissions: {
                ...membership.permissions,
                isSysadmin: membership.permissions.isSysadmin || context.userPermissions.isSysadmin,
              },
            },
            mock: overrides,
          });
          selectOrg(nextId, { to });
        }}
      >
        {orgs.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
