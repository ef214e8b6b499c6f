/** Where a node library lives: organisation-wide, or one site's. */
export interface LibraryScope {
  orgId: number;
  siteId: number | null;
}

/** Leading query key of node libraries (mutations invalidate it). */
export const NODE_LIBRARIES_KEY = 'node-libraries';

/** The collection path of a scope under the data service. */
export const librariesPath = ({ orgId, siteId }: LibraryScope) =>
  siteId === null ? `orgs/${orgId}/node-libraries` : `orgs/${orgId}/sites/${siteId}/node-libraries`;
