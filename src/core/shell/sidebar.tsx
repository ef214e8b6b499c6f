import { NavLink } from 'react-router-dom';
import './shell.css';
import { canAccess, usePermissionGrants, type PermissionRequirement } from '@/core/permissions';

export interface SidebarLink {
  label: string;
  to: string;
  requirement?: PermissionRequirement;
  /** Match the path exactly (a parent path like /site/12 would otherwise stay active). */
  end?: boolean;
}

export interface SidebarSection {
  heading: string;
  links: SidebarLink[];
}

/** The links a user may open, by section; sections left empty disappear (SPEC §2). */
export function visibleSections(
  sections: readonly SidebarSection[],
  allowed: (requirement?: PermissionRequirement) => boolean,
): SidebarSection[] {
  return sections
    .map((section) => ({ ...section, links: section.links.filter((l) => allowed(l.requirement)) }))
    .filter((section) => section.links.length > 0);
}

export interface SidebarProps {
  sections: readonly SidebarSection[];
  id: string;
  /** Narrow screens: whether the collapsed sidebar is open. */
  open: boolean;
  onNavigate?: () => void;
}

export function Sidebar({ sections, id, open, onNavigate }: SidebarProps) {
  const grants = usePermissionGrants();
  const shown = visibleSections(sections, (r) => canAccess(r, grants));
  return (
    <nav
      id={id}
      aria-label="Main navigation"
      className={`app-sidebar bg-body-tertiary border-end flex-shrink-0 ${open ? 'd-block' : 'd-none'} d-md-block`}
    >
      <div className="p-3">
        {shown.map((section) => (
          <div key={section.heading} className="mb-3">
            <h2
              className="h6 text-uppercase text-body-secondary small fw-semibold mb-1"
              id={`${id}-${slug(section.heading)}`}
            >
              {section.heading}
            </h2>
            <ul
              className="nav nav-pills flex-column"
              aria-labelledby={`${id}-${slug(section.heading)}`}
            >
              {section.links.map((link) => (
                <li className="nav-item" key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end ?? false}
                    className={({ isActive }) => `nav-link py-1 px-2${isActive ? ' active' : ''}`}
                    onClick={onNavigate}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
