/** Leading query keys of the sites feature (mutations invalidate by them). */
export const SITES_KEY = 'data-sites';
export const ALL_SITES_KEY = 'data-all-sites';
export const MY_SITES_KEY = 'data-my-sites';
export const SITE_DASHBOARD_KEY = 'site-dashboard';
export const DATA_DASHBOARD_KEY = 'data-dashboard';
export const SITE_SUBSCRIPTIONS_KEY = 'site-subscriptions';
