import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActionKind, ColumnType, type ColumnSettings } from '@/core/data-table';
import { dataRows, renderTable } from './harness';

interface Device {
  id: number;
  name: string;
  enabled: boolean;
}
const devices: Device[] = [
  { id: 1, name: 'Drill', enabled: true },
  { id: 2, name: 'Loader', enabled: false },
  { id: 3, name: 'Truck', enabled: true },
];
const renderModal = ({ action, initialData }: { action: string; initialData: unknown }) => (
  <div role="dialog" aria-label="Editor">
    {action} {JSON.stringify(initialData)}
  </div>
);

describe('button dropdown and toggle switch cells (SPEC §3, §4)', () => {
  it('a dropdown item opens the modal with its action or calls its handler', async () => {
    const onSelect = vi.fn();
    const settings: ColumnSettings<Device> = {
      entity: 'Devices',
      columns: [
        { id: 'name', title: 'Name' },
        {
          id: 'more',
          title: 'More',
          type: ColumnType.BUTTON_DROPDOWN,
          dropdownLabel: 'Options',
          dropdownItems: [
            { label: 'Edit', action: ActionKind.EDIT },
            { label: 'Ping', onSelect },
          ],
        },
      ],
    };
    const { user, container } = renderTable({
      columnSettings: settings,
      rows: devices,
      renderModal,
    });
    const [first] = screen.getAllByRole('button', { name: 'Options' });
    await user.click(first as HTMLElement);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Ping' }));
    expect(onSelect).toHaveBeenCalledWith(devices[0]);
    await user.click(first as HTMLElement);
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'EDIT {"id":1,"name":"Drill","enabled":true}',
    );
    // Opening a menu does not select the row.
    expect(
      dataRows(container).filter((row) => row.getAttribute('aria-selected') === 'true'),
    ).toEqual([]);
  });

  it('a toggle switch opens its edit action or calls its handler', async () => {
    const onToggle = vi.fn();
    const settings: ColumnSettings<Device> = {
      entity: 'Devices',
      columns: [
        { id: 'name', title: 'Name' },
        { id: 'enabled', title: 'Enabled', type: ColumnType.TOGGLE_SWITCH, onToggle },
        {
          id: 'enabled2',
          title: 'Enabled (edit)',
          type: ColumnType.TOGGLE_SWITCH,
          accessor: (d) => d.enabled,
          toggleAction: ActionKind.DISABLE,
        },
      ],
    };
    const { user } = renderTable({ columnSettings: settings, rows: devices, renderModal });
    // Each switch is named after its row, as the row's buttons are.
    expect(screen.getByRole('switch', { name: 'Enabled: Drill' })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Enabled: Loader' }));
    expect(onToggle).toHaveBeenCalledWith(devices[1], true);
    await user.click(screen.getByRole('switch', { name: 'Enabled (edit): Drill' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('DISABLE');
  });
});

describe('rendering cost', () => {
  it('selecting a row re-renders that row only, not every row', () => {
    let renders = 0;
    const settings: ColumnSettings<Device> = {
      entity: 'Devices',
      columns: [
        {
          id: 'label',
          title: 'Label',
          isSortable: false,
          isFilterable: false,
          isSearchable: false,
          accessor: (d) => {
            renders++;
            return d.name;
          },
        },
      ],
    };
    const { container } = renderTable({ columnSettings: settings, rows: devices });
    const rows = dataRows(container);
    renders = 0;
    fireEvent.click(rows[1]?.cells[1] as HTMLElement);
    // The row's label (aria) and its cell: one row's worth of reads.
    expect(renders).toBeLessThanOrEqual(2);
    expect(rows[1]).toHaveAttribute('aria-selected', 'true');
  });
});
