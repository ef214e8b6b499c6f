import { http } from 'msw';
import type { Site } from '@/contract/data/sites';
import { data, ok, rowsOf, type Rows } from '../envelope';

/** The data service's sites: the user's own across organisations (my-sites). */
export const siteHandlers = {
  mine: (rows: Rows<Site>) => http.get(data('my-sites'), () => ok(rowsOf(rows))),
};
