import { permissionTable } from '@/contract/permissions';
import type { Access, RouteInfo } from './routes';

/**
 * A route's guard as docs/local-stack.md shows it: its kind, the action of the permission table
 * (src/contract/permissions.ts) and that action's flags (SPEC §6, an OR).
 */
export function accessText(access: Access): string {
  if (access.kind === 'anonymous' || access.kind === 'user') return access.kind;
  if (access.kind === 'sysadmin') return `sysadmin \`${access.action}\``;
  const flags = permissionTable[access.action];
  return `${access.kind} \`${access.action}\` (${flags.join(', ') || 'any member'})`;
}

/** One row of the Endpoints tables of docs/local-stack.md. */
export const routeRow = (r: RouteInfo) =>
  `| ${r.method} | \`${r.url.replace(/:(\w+)/g, '{$1}')}\` | ${accessText(r.access)} | ${r.summary} |`;
