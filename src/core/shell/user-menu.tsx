import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuthSession } from '@/core/auth';
import { useOptionalOrgContext } from '@/core/org/context';
import {
  canAccess,
  useMockPermissions,
  usePermissionGrants,
  type PermissionRequirement,
} from '@/core/permissions';
import { formatUser } from '@/core/format/user';
import { useConfirmLeave } from '@/core/ui/leave-guard-provider';

// A developer's tool (SPEC §3/§6): its code loads when the panel is opened.
const MockPermissionsPanel = lazy(() =>
  import('@/core/permissions/mock-panel').then((m) => ({ default: m.MockPermissionsPanel })),
);

export interface UserMenuLink {
  label: string;
  to: string;
  requirement?: PermissionRequirement;
}

export interface UserMenuProps {
  /** Links of this portal (e.g. Profile, Edit Organization), filtered by permission. */
  links?: readonly UserMenuLink[];
}

/** The first letters of a name's first two words ('Olivia Owner' → 'OO'), for a missing avatar. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/**
 * The signed-in user's menu: profile links, the mock_permissions panel for a developer of the
 * selected organisation where the build enables it (SPEC §3/§6), sign out.
 */
export function UserMenu({ links = [] }: UserMenuProps) {
  const session = useAuthSession();
  const confirmLeave = useConfirmLeave();
  const context = useOptionalOrgContext();
  const grants = usePermissionGrants();
  const mock = useMockPermissions();
  const location = useLocation();
  // Open at one path: navigating closes it; so do an outside click and Escape.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.pathname;
  const setOpen = (next: boolean) => {
    setOpenAt(next ? location.pathname : null);
  };
  const [panelOpen, setPanelOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpenAt(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenAt(null);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const profile = context?.profile;
  const name =
    [profile?.firstName ?? session.user?.givenName, profile?.lastName ?? session.user?.familyName]
      .filter(Boolean)
      .join(' ') ||
    session.user?.email ||
    'Account';
  const avatar = profile?.avatar_Base64;

  return (
    <div className="position-relative" ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn-sm btn-outline-light d-flex align-items-center gap-2"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          setOpen(!open);
        }}
      >
        {avatar ? (
          <img src={avatar} alt="" width={24} height={24} className="rounded-circle" />
        ) : (
          <span className="app-initials rounded-circle" aria-hidden="true">
            {initialsOf(name)}
          </span>
        )}
        {/* Issue 17: on a phone the avatar stands for the name (read out, not shown). */}
        <span className="text-truncate app-narrow-hidden" style={{ maxWidth: '12rem' }}>
          {name}
        </span>
        <span className="visually-hidden">: account menu</span>
      </button>
      <div
        id={menuId}
        className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`}
        style={{ right: 0, left: 'auto' }}
        hidden={!open}
      >
        {session.user?.email ? (
          <p className="dropdown-header text-body-secondary text-truncate mb-0">
            {/* SPEC §3 user display; a user without a first name yet: the email alone. */}
            {session.user.givenName
              ? formatUser({
                  firstName: session.user.givenName,
                  lastName: session.user.familyName,
                  email: session.user.email,
                })
              : session.user.email.toLowerCase()}
          </p>
        ) : null}
        <ul className="list-unstyled mb-0">
          {links
            .filter((l) => canAccess(l.requirement, grants))
            .map((link) => (
              <li key={link.to}>
                <Link className="dropdown-item" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          {mock.enabled ? (
            <li>
              <button
                type="button"
                className="dropdown-item"
                onClick={() => {
                  setOpen(false);
                  setPanelOpen(true);
                }}
              >
                Mock permissions…
              </button>
            </li>
          ) : null}
          <li>
            <hr className="dropdown-divider" />
          </li>
          <li>
            <button
              type="button"
              className="dropdown-item"
              onClick={() => {
                // Issue 17: signing out leaves every form; unsaved changes are asked about first.
                if (!confirmLeave()) return;
                void session.signOut();
              }}
            >
              Sign out
            </button>
          </li>
        </ul>
      </div>
      {panelOpen && mock.enabled ? (
        <Suspense fallback={null}>
          <MockPermissionsPanel
            onClose={() => {
              setPanelOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
