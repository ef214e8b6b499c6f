import { describe, expect, it } from 'vitest';
import type { ColumnSettings, RowRecord } from '@/core/data-table';
import { cellText } from '@/core/data-table/values';
import type { SiteUser } from '@/contract/data/site-users';
import { blastColumns } from '@/site/features/blasts/components/blasts-table';
import { siteUserColumns } from '@/site/features/site-users/components/site-users-table';
import { createBlast } from '../../factories/data';

/** The CSV's value of a column and the cell's text, for one row. */
function both<T extends RowRecord>(settings: ColumnSettings<T>, id: string, field: string, row: T) {
  const column = settings.columns.find((c) => c.id === id);
  if (!column) throw new Error(`no column ${id}`);
  return { csv: settings.csvMapperFn?.(row)[field], cell: cellText(column, row) };
}

const siteUser = (status: SiteUser['status']): SiteUser => ({
  id: 3,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  status,
  isSiteAdmin: false,
  isSiteUser: true,
});

describe("the site portal's CSV says a status as its table does", () => {
  it('a blast: Fired, Planned', () => {
    const settings = blastColumns(1);
    for (const [status, text] of [
      ['fired', 'Fired'],
      ['planned', 'Planned'],
    ] as const) {
      expect(both(settings, 'status', 'Status', createBlast({ status }))).toEqual({
        csv: text,
        cell: text,
      });
    }
  });

  it('a site user: Active, Pending', () => {
    const settings = siteUserColumns(() => undefined);
    for (const [status, text] of [
      ['active', 'Active'],
      ['pending', 'Pending'],
    ] as const) {
      expect(both(settings, 'status', 'Status', siteUser(status))).toEqual({
        csv: text,
        cell: text,
      });
    }
  });
});
