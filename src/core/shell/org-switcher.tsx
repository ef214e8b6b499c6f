import { useId } from 'react';
import { useOptionalOrgContext } from '@/core/org/context';

/**
 * The organisation switcher (SPEC §1): a labelled native select, keyboard operable as is.
 * Shown only when the user has more than one organisation; otherwise the name alone.
 */
export function OrgSwitcher() {
  const context = useOptionalOrgContext();
  const id = useId();
  if (!context) return null;
  const { org, selectOrg } = context;
  const orgs = context.orgs ?? [org, ...context.otherOrgs];
  if (orgs.length < 2) {
    return (
      <span className="navbar-text text-light small">
        <span className="visually-hidden">Organisation: </span>
        {org.name}
      </span>
    );
  }
  return (
    <div className="d-flex align-items-center gap-1">
      <label htmlFor={id} className="visually-hidden">
        Organisation
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        style={{ maxWidth: '14rem' }}
        value={org.id}
        onChange={(event) => {
          selectOrg(Number(event.target.value));
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
