/**
 * The table's texts. SPEC §2 / §8 verbatim where the SPEC gives them; the rest (issue 16: modes,
 * selection across pages, bulk actions, export) in the same plain style.
 */
import { formatFigure as n, pluralise } from '@/core/format';

const about = (isEstimate: boolean) => (isEstimate ? 'about ' : '');

export const TABLE_TEXT = {
  loading: 'Loading Data...',
  /** While the query retries a failed request (SPEC §9): the loading text is not the whole truth. */
  retrying: (failures: number) => `${pluralise(failures, 'attempt')} failed: trying again…`,
  error: "Error: Something's gone wrong!",
  empty: 'No data found',
  /** Issue 17: under 'No data found' when the list has no record at all. */
  emptyList: (entity: string) => `${entity}: none yet.`,
  /** Issue 17: under 'No data found' when a search or filter matches nothing. */
  noMatch: 'No records match the search and filters.',
  clearQuery: 'Clear search and filters',
  searchPlaceholder: (count: number, isEstimate = false) =>
    `Search ${about(isEstimate)}${pluralise(count, 'record')}...`,
  showing: (first: number, last: number, count: number, isEstimate = false) =>
    `Showing ${n(first)}–${n(last)} of ${about(isEstimate)}${n(count)}`,
  /** Client mode while the SPEC §7 re-posts still bring rows. */
  stillLoading: (loaded: number, total: number) => `(${n(loaded)} of ${n(total)} loaded…)`,
  /** Client mode when the re-posts ended short of the total and no server can take over. */
  onlyLoaded: (loaded: number, total: number) => `(only ${n(loaded)} of ${n(total)} loaded)`,
  incompleteNotice: (loaded: number, total: number) =>
    `Only the first ${n(loaded)} of ${n(total)} records could be loaded: search, filters, sorting and export cover those ${n(loaded)} only.`,
  selected: (count: number, isEstimate = false) => `${about(isEstimate)}${n(count)} selected`,
  pageSelected: (onPage: number) =>
    onPage === 1
      ? 'The 1 row on this page is selected.'
      : `All ${n(onPage)} rows on this page are selected.`,
  selectAllMatching: (total: number, isEstimate = false) =>
    `Select all ${about(isEstimate)}${n(total)} matching`,
  allMatchingSelected: (count: number, isEstimate = false) =>
    count === 1 && !isEstimate
      ? 'The 1 matching row is selected.'
      : `All ${about(isEstimate)}${n(count)} matching rows are selected.`,
  otherPagesSelected: (count: number, elsewhere: number) =>
    `${n(count)} selected, ${n(elsewhere)} of them on other pages.`,
  clearSelection: 'Clear selection',
  exportCsv: 'Export CSV',
  exportSelected: 'Export selected',
  exporting: (entity: string) => `Exporting ${entity}`,
  exportProgress: (written: number, total: number, isEstimate = false) =>
    `${n(written)} of ${about(isEstimate)}${pluralise(total, 'row')}`,
  numberError: 'Value must be a number',
  dateError: 'Value must be a date (YYYY/MM/DD)',
  bulkQuestion: (label: string, count: number, isEstimate = false) =>
    `${label} ${about(isEstimate)}${pluralise(count, 'record')}?`,
  bulkRunning: (count: number, isEstimate = false) =>
    `Working on ${about(isEstimate)}${pluralise(count, 'record')}…`,
  bulkDone: (done: number) => `Done: ${n(done)}.`,
  bulkRefused: (refused: number) => `Refused: ${n(refused)}.`,
} as const;
