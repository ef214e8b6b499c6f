import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { STRING_CELL_MAX } from '@/core/format';
import { notify, ToastHost } from '@/core/notify';
import { DefinitionList, DetailsCard, DetailsPage } from '@/core/ui/details-page';
import { Modal } from '@/core/ui/modal';
import { MemoryRouter } from 'react-router-dom';
import { renderTable } from './harness';

vi.setConfig({ testTimeout: 30_000 });

/**
 * Issue 17: a saved 1,500-character name, one unbroken word, pushed the Offerings table's columns
 * and buttons off the screen. jsdom has no layout: these check the truncation with its tooltip
 * (SPEC §5, 75 characters) and the classes that let long text wrap (text-break: overflow-wrap
 * anywhere; min-w-0 for flex items).
 */
const LONG = 'N'.repeat(1500);

interface Offering {
  id: number;
  name: string;
}
const settings: ColumnSettings<Offering> = {
  entity: 'Offerings',
  columns: [{ id: 'name', title: 'Name' }],
};
const actions: RowAction<Offering>[] = [
  { action: ActionKind.EDIT, buttonTitle: 'Edit', display: ActionDisplay.INLINE },
];

describe('long unbroken text never widens what holds it (issue 17)', () => {
  it('a table row with a 1,500-character name shows 75 characters and the whole name in its tooltip, in a cell that wraps', () => {
    const { container } = renderTable({
      columnSettings: settings,
      rows: [{ id: 1, name: LONG }],
      actions,
    });
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent(LONG);
    const host = tooltip.parentElement as HTMLElement;
    const shown = (host.textContent ?? '').replace(LONG, '');
    expect(shown).toBe(`${'N'.repeat(STRING_CELL_MAX)}…`);
    const cell = host.closest('td') as HTMLElement;
    expect(cell).toHaveClass('dt-cell', 'text-break');
    // The row's buttons stay in their own column, beside the name.
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: /^Edit/ }).closest('td')).not.toBe(cell);
    expect(container.querySelector('.dt-scroller')).toContainElement(cell);
  });

  it('a link cut at 75 characters keeps its whole text in a tooltip, like a string cell', () => {
    renderTable({
      columnSettings: {
        entity: 'Offerings',
        columns: [
          {
            id: 'name',
            title: 'Name',
            type: ColumnType.URL,
            linkFormat: '/offerings/product/{id}',
          },
        ],
      },
      rows: [{ id: 7, name: LONG }],
    });
    const link = screen.getByRole('link');
    expect(link).toHaveTextContent(`${'N'.repeat(STRING_CELL_MAX)}…`);
    expect(link).toHaveAttribute('href', '/offerings/product/7');
    expect(screen.getByRole('tooltip')).toHaveTextContent(LONG);
    expect(link.closest('[aria-describedby]')).toContainElement(link);
  });

  it('a modal title, a details page heading and its card values wrap', () => {
    render(
      <MemoryRouter>
        <DetailsPage parent={{ to: '/offerings', label: 'Offerings' }} name={LONG} title={LONG}>
          <DetailsCard title={LONG} id="card">
            <DefinitionList items={[['Name', LONG]]} />
          </DetailsCard>
        </DetailsPage>
        <Modal open title={LONG} onClose={() => undefined}>
          body
        </Modal>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveClass('text-break', 'min-w-0');
    for (const heading of screen.getAllByRole('heading', { level: 2, name: LONG }))
      expect(heading).toHaveClass('text-break', 'min-w-0');
    const value = screen.getAllByText(LONG).find((e) => e.tagName === 'DD');
    expect(value).toHaveClass('text-break');
    expect(
      screen.getByRole('link', { name: 'Offerings' }).closest('ol')?.lastElementChild,
    ).toHaveClass('text-break');
  });

  it('a toast with a 1,500-character name wraps inside the toast', async () => {
    render(<ToastHost />);
    act(() => {
      notify.success(`Saved ${LONG}`);
    });
    const text = await screen.findByText(`Saved ${LONG}`);
    expect(text.closest('.Toastify__toast')).toHaveClass('toast-text');
  });
});
