import type { TableData } from '@/contract/envelope';
import type { FetchResult } from './types';

/** SPEC §8: table data that is not an array is logged as 'Bad data' and shown as the error. */
export class BadDataError extends Error {
  constructor() {
    super('Bad data');
    this.name = 'BadDataError';
  }
}

const EMPTY_ROWS: never[] = [];
export const EMPTY_TABLE_DATA: TableData<never> = {
  tableData: EMPTY_ROWS,
  fetched: 0,
  totalAvailable: 0,
};

/**
 * What a caller-supplied fetch answered, as table data: nothing → empty rows, 0 fetched, 0 total
 * (SPEC §7); a plain list → that list; table data whose tableData is not an array → Bad data.
 */
export function toTableData<T>(result: FetchResult<T> | unknown): TableData<T> {
  if (result === null || result === undefined) return EMPTY_TABLE_DATA;
  if (Array.isArray(result)) {
    return { tableData: result as T[], fetched: result.length, totalAvailable: result.length };
  }
  // A string, number or boolean has no tableData either.
  const data = result as Partial<TableData<T>>;
  if (!Array.isArray(data.tableData)) {
    console.error('Bad data', result);
    throw new BadDataError();
  }
  return {
    tableData: data.tableData,
    fetched: data.fetched ?? data.tableData.length,
    totalAvailable: data.totalAvailable ?? data.tableData.length,
  };
}
