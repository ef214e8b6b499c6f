import { useEffect, useId, useRef } from 'react';
import { orgFlagNames, permissionFlagLabels, userFlagNames } from '@/contract/flags';
import { clearMockPermissions, setMockPermission, useMockPermissions } from './mock';
import { siteFlagNames } from './grants';

/** Every flag an override can name (user, organisation and site flags share names). */
export const mockableFlags: readonly (keyof typeof permissionFlagLabels)[] = [
  ...new Set([...userFlagNames, ...orgFlagNames, ...siteFlagNames]),
];

const choiceOf = (value: boolean | undefined) =>
  value === undefined ? 'real' : value ? 'on' : 'off';

/**
 * The developer panel for mock_permissions (SPEC §3/§6): override any flag (on/off) or leave
 * it real, each flag by the name screens use for it. Renders nothing unless overrides are
 * honoured here (a developer of the selected organisation, in a build that enables them).
 */
export function MockPermissionsPanel({ onClose }: { onClose: () => void }) {
  const { overrides, enabled } = useMockPermissions();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  if (!enabled) return null;
  return (
    <div
      ref={panel}
      role="dialog"
      aria-labelledby={titleId}
      // A light card even when opened from the dark top bar (AA contrast of its buttons).
      data-bs-theme="light"
      tabIndex={-1}
      className="card shadow position-fixed end-0 top-0 m-2 text-body"
      style={{ zIndex: 1060, width: '22rem', maxHeight: 'calc(100vh - 1rem)', overflowY: 'auto' }}
    >
      <div className="card-header d-flex align-items-center">
        <h2 id={titleId} className="h6 mb-0 me-auto">
          Mock permissions
        </h2>
        <button type="button" className="btn-close" aria-label="Close" onClick={onClose} />
      </div>
      <div className="card-body">
        <p className="small text-body-secondary">
          Developer override, this browser only. Checks use these values instead of the real ones;
          the server still applies the real permissions.
        </p>
        <table className="table table-sm align-middle mb-2">
          <thead>
            <tr>
              <th scope="col">Flag</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {mockableFlags.map((flag) => (
              <tr key={flag}>
                <th scope="row" className="fw-normal">
                  <label htmlFor={`${titleId}-${flag}`}>{permissionFlagLabels[flag]}</label>
                </th>
                <td>
                  <select
                    id={`${titleId}-${flag}`}
                    className="form-select form-select-sm"
                    value={choiceOf(overrides?.[flag])}
                    onChange={(event) => {
                      const v = event.target.value;
                      setMockPermission(flag, v === 'real' ? undefined : v === 'on');
                    }}
                  >
                    <option value="real">Real</option>
                    <option value="on">On</option>
                    <option value="off">Off</option>
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          onClick={clearMockPermissions}
        >
          Clear all overrides
        </button>
      </div>
    </div>
  );
}
