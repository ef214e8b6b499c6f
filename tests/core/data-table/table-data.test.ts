import { afterEach, describe, expect, it, vi } from 'vitest';
import { BadDataError, EMPTY_TABLE_DATA, toTableData } from '@/core/data-table/table-data';

describe('what a fetch answered, as table data (SPEC §7, §8)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('nothing is no rows, none fetched, none in all', () => {
    expect(toTableData(undefined)).toEqual({ tableData: [], fetched: 0, totalAvailable: 0 });
    expect(toTableData(null)).toBe(EMPTY_TABLE_DATA);
    expect(EMPTY_TABLE_DATA).toEqual({ tableData: [], fetched: 0, totalAvailable: 0 });
  });

  it('a plain list is all of the list', () => {
    expect(toTableData([{ id: 1 }, { id: 2 }])).toEqual({
      tableData: [{ id: 1 }, { id: 2 }],
      fetched: 2,
      totalAvailable: 2,
    });
  });

  it('table data keeps its counts; missing counts are the rows it holds', () => {
    expect(toTableData({ tableData: [{ id: 1 }], fetched: 1, totalAvailable: 250 })).toEqual({
      tableData: [{ id: 1 }],
      fetched: 1,
      totalAvailable: 250,
    });
    expect(toTableData({ tableData: [{ id: 1 }, { id: 2 }] })).toEqual({
      tableData: [{ id: 1 }, { id: 2 }],
      fetched: 2,
      totalAvailable: 2,
    });
    expect(toTableData({ tableData: [], fetched: 0, totalAvailable: 0 })).toEqual({
      tableData: [],
      fetched: 0,
      totalAvailable: 0,
    });
  });

  it("anything else is 'Bad data', logged and thrown", () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const bad of [{ tableData: 'rows' }, { rows: [] }, 'rows', 42, true]) {
      expect(() => toTableData(bad)).toThrow(BadDataError);
    }
    expect(logged).toHaveBeenCalledWith('Bad data', 'rows');
    const error = new BadDataError();
    expect(error.message).toBe('Bad data');
    expect(error.name).toBe('BadDataError');
    expect(error).toBeInstanceOf(Error);
  });
});
