/** The route table of both portals (SPEC §2, with SPEC §6's rules) and typed hrefs. */
export {
  buildPath,
  getNamedHref,
  getOrgHref,
  getSiteHref,
  orgRoutes,
  requirements,
  siteRoutes,
} from './routes';
export type {
  HrefOptions,
  NamedRoute,
  OrgRouteName,
  RouteAccess,
  RouteDef,
  RouteParams,
  RouteTable,
  SiteRouteName,
} from './routes';
