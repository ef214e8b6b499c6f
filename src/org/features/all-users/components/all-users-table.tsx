import type { AdminUser } from '@/contract/crm/users';
import { ColumnType, DataTable, type ColumnSettings } from '@/core/data-table';
import { formatUser, formatUserName } from '@/core/format';
import { allUsersQueryOptions, allUsersSource } from '@/org/entities/all-users/api';

export const allUsersColumns: ColumnSettings<AdminUser> = {
  entity: 'All Users',
  columns: [
    // SPEC §3 user display, split in its two parts (issue 17: the email shows once, in its own
    // column): the name, or 'Pending user activation' before the first sign-in.
    { id: 'user', title: 'Name', accessor: (row) => formatUserName(row) },
    { id: 'email', title: 'Email' },
    { id: 'status', title: 'Status', width: '7rem' },
    {
      // A read-only switch, as the Users screen's flags: its filter is All/On/Off, a boolean
      // as the list's contract takes it (a text filter 'yes' was refused once the server paged).
      id: 'isSysadmin',
      title: 'Sysadmin',
      type: ColumnType.TOGGLE_SWITCH,
      width: '7rem',
    },
    { id: 'orgName', title: 'Organizations' },
  ],
  sortIndex: 1,
  csvMapperFn: (row) => ({
    Id: row.id,
    User: formatUser(row),
    Email: row.email,
    Status: row.status,
    Sysadmin: row.isSysadmin ? 'Yes' : 'No',
    Organizations: row.orgName,
  }),
};

export function AllUsersTable() {
  return (
    <DataTable<AdminUser>
      columnSettings={allUsersColumns}
      title="Every user, across organizations"
      query={allUsersQueryOptions()}
      source={allUsersSource()}
      getRowId={(row) => String(row.id)}
    />
  );
}
