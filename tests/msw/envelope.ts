/**
 * The API envelope (SPEC §3) as msw answers: a success with its data, a paged list, and a
 * refusal with field errors. Every handler of tests/msw/handlers answers through these.
 */
import { HttpResponse } from 'msw';
import { config } from '@/core/config';

/** A CRM service URL: crm('orgs/1/offerings/list'). */
export const crm = (path: string) => `${config.crmApiUrl}/${path}`;
/** A data service URL: data('orgs/2/sites/1/blasts/list'). */
export const data = (path: string) => `${config.dataApiUrl}/${path}`;
/** An identity service URL: identity('profile'). */
export const identity = (path: string) => `${config.identityApiUrl}/${path}`;

export const ok = <T>(value: T) => HttpResponse.json({ success: true, errors: null, data: value });

/** Every row in one page (SPEC §3 paged results, with the list contract's count fields). */
export const paged = <T>(results: readonly T[]) =>
  ok({
    results,
    fetchedCount: results.length,
    skippedCount: 0,
    totalAvailable: results.length,
    totalIsEstimate: false,
    hasMore: false,
  });

/**
 * One page of a list request's body (skip, take, a search in the rows' text), as the stack
 * answers a picker: the page and the true total. `keep` applies the list's own options. A GET
 * request's page is in its query (GET my-sites?search&skip&take).
 */
export async function pageOf<T>(
  request: Request,
  rows: readonly T[],
  keep: (row: T, body: Record<string, unknown>) => boolean = () => true,
) {
  const body =
    request.method === 'GET'
      ? Object.fromEntries(new URL(request.url).searchParams)
      : ((await request.json()) as Record<string, unknown>);
  const search = typeof body['search'] === 'string' ? body['search'].toLowerCase() : '';
  const matching = rows.filter(
    (row) => JSON.stringify(row).toLowerCase().includes(search) && keep(row, body),
  );
  const skip = Number(body['skip'] ?? 0);
  const results = matching.slice(skip, skip + Number(body['take'] ?? 1000));
  return ok({
    results,
    fetchedCount: results.length,
    skippedCount: skip,
    totalAvailable: matching.length,
    totalIsEstimate: false,
    hasMore: skip + results.length < matching.length,
  });
}

/** A refusal in the API envelope with errors keyed by field (SPEC §3); 400 unless given. */
export const refusal = (errors: Record<string, string>, status = 400) =>
  HttpResponse.json(
    {
      success: false,
      errors: Object.fromEntries(
        Object.entries(errors).map(([field, message]) => [
          field,
          { message, errorCode: 'invalid' },
        ]),
      ),
      data: null,
    },
    { status },
  );

/** What a list handler answers: rows, or a function read at each request (a test's store). */
export type Rows<T> = readonly T[] | (() => readonly T[]);
export const rowsOf = <T>(rows: Rows<T>): readonly T[] =>
  typeof rows === 'function' ? rows() : rows;
