import { useOrgContext, type Organisation } from '@/core/org';

function roleText(org: Organisation): string {
  const p = org.permissions;
  const roles = [
    p.isOrgOwner && 'owner',
    p.isOrgAdmin && 'admin',
    p.isBusinessManager && 'business manager',
    p.isSubManager && 'subscription manager',
    p.isDeveloper && 'developer',
  ].filter(Boolean);
  return roles.length ? roles.join(', ') : 'member';
}

/** The user's organisations; choosing one selects it for every screen. */
export function OrgList() {
  const context = useOrgContext();
  const orgs = context.orgs ?? [context.org, ...context.otherOrgs];
  return (
    <ul className="list-group">
      {orgs.map((org) => {
        const selected = org.id === context.org.id;
        return (
          <li key={org.id} className="list-group-item d-flex align-items-center gap-3">
            {org.avatar_Base64 ? (
              <img src={org.avatar_Base64} alt="" width={40} height={40} className="rounded" />
            ) : (
              <span
                className="rounded bg-secondary-subtle d-inline-flex align-items-center justify-content-center fw-semibold"
                style={{ width: 40, height: 40 }}
                aria-hidden="true"
              >
                {org.name.slice(0, 1).toUpperCase()}
              </span>
            )}
            <div className="flex-grow-1">
              <span className="fw-semibold d-block">{org.name}</span>
              <span className="small text-body-secondary">You are {roleText(org)}</span>
            </div>
            {selected ? (
              <span className="badge text-bg-primary">Selected</span>
            ) : (
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                aria-label={`Select ${org.name}`}
                onClick={() => context.selectOrg(org.id)}
              >
                Select
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
