import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { setupUser } from '../../user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { DataTable, type DataTableProps, type RowRecord } from '@/core/data-table';
import { OrgContext, type OrgContextValue } from '@/core/org/context';
import type { OrgFlag, UserFlag } from '@/contract/metadata';

/** The selected organisation and the user's flags there (all false unless listed). */
export function orgContext(
  flags: { user?: UserFlag[]; org?: OrgFlag[] } = {},
  orgId = 7,
): OrgContextValue {
  const on = <K extends string>(names: K[] | undefined) =>
    Object.fromEntries((names ?? []).map((name) => [name, true])) as Record<K, boolean>;
  return {
    org: {
      id: orgId,
      name: 'Acme Mining',
      description: null,
      avatar_Base64: null,
      customData: {},
      sites: [],
      permissions: on(flags.org),
    },
    userPermissions: on(flags.user),
    otherOrgs: [],
    site: null,
    profile: {
      id: '1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      avatar_Base64: null,
    },
    pageSize: 20,
    selectOrg: () => undefined,
  };
}

/**
 * What a data table needs around it (a query client, a router, the organisation) for a
 * component that renders one inside (a records panel, an attachments list).
 */
export function TableProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <OrgContext.Provider value={orgContext()}>{children}</OrgContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

function LocationProbe({ onNavigate }: { onNavigate: (navigate: NavigateFunction) => void }) {
  const location = useLocation();
  onNavigate(useNavigate());
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface HarnessOptions {
  url?: string;
  /** Entries the user visited before url (Back leads to the last of them). */
  before?: string[];
  org?: OrgContextValue | null;
  /** How many times a failed query is tried again (none by default). */
  retries?: number;
}

export function renderTable<T extends RowRecord>(
  props: DataTableProps<T>,
  { url = '/list', before = [], org = orgContext(), retries }: HarnessOptions = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: retries ?? false, gcTime: Infinity } },
  });
  const user = setupUser();
  let navigate: NavigateFunction | undefined;
  const go = async (delta: number) => {
    await act(async () => {
      await navigate?.(delta);
    });
  };
  const ui = (next: DataTableProps<T>) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[...before, url]} initialIndex={before.length}>
        <OrgContext.Provider value={org}>
          <DataTable {...next} />
          <LocationProbe onNavigate={(latest) => (navigate = latest)} />
        </OrgContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const result = render(ui(props));
  return {
    ...result,
    client,
    user,
    rerenderWith: (next: DataTableProps<T>) => result.rerender(ui(next)),
    location: () => result.getByTestId('location').textContent,
    /** The browser's Back and Forward buttons. */
    back: () => go(-1),
    forward: () => go(1),
  };
}

/** The body rows that hold data (not the message row). */
export function dataRows(container: HTMLElement): HTMLTableRowElement[] {
  return Array.from(container.querySelectorAll<HTMLTableRowElement>('tbody tr')).filter(
    (row) => !row.querySelector('.dt-message'),
  );
}

/** The text of one column (by its index among the data columns) down the body. */
export function columnTexts(container: HTMLElement, index: number, selectable = true): string[] {
  const offset = selectable ? 1 : 0;
  return dataRows(container).map((row) => row.cells[index + offset]?.textContent ?? '');
}
