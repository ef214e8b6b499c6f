import { clearMockPermissions, useMockPermissions } from './mock';

/** Shown in the shell while overrides are in force, with a one-click 'Turn off'. */
export function MockPermissionsBadge() {
  const { active, overrides } = useMockPermissions();
  if (!active) return null;
  const count = Object.keys(overrides ?? {}).length;
  return (
    <div className="d-flex align-items-center gap-1" role="status">
      <span className="badge text-bg-danger">
        Mock permissions on ({count} {count === 1 ? 'flag' : 'flags'})
      </span>
      <button type="button" className="btn btn-sm btn-light py-0" onClick={clearMockPermissions}>
        Turn off
      </button>
    </div>
  );
}
