import type { ReactNode } from 'react';
import type { Permission } from './check';
import { useCanAccess } from './grants';

export interface CanAccessProps {
  requirement?: Permission;
  children: ReactNode;
  /** Shown instead when access is refused (nothing by default). */
  fallback?: ReactNode;
}

/** One permission check, as a component: renders children only when the check passes. */
export function CanAccess({ requirement, children, fallback = null }: CanAccessProps) {
  return useCanAccess(requirement) ? children : fallback;
}
