import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toStoredDate, type FieldSetting } from '@/core/forms';
import { SELECT_DEFAULTS } from '@/core/forms/fields/select-config';
import { describedText, renderForm } from './helpers';

// Busy CI machines (2 cores): allow slow renders of the heavy widgets.
vi.setConfig({ testTimeout: 30_000 });

const items = [
  { id: 1, label: 'One' },
  { id: 2, label: 'Two' },
  { id: 3, label: 'Three' },
];
const submitted = (onSubmit: { mock: { calls: unknown[][] } }) =>
  onSubmit.mock.calls.at(-1)?.[0] as Record<string, unknown>;

beforeAll(async () => {
  // Warm the lazily loaded field modules so React.lazy resolves at once.
  await Promise.all([
    import('@/core/forms/fields/date-field'),
    import('@/core/forms/fields/dropdown-field'),
    import('@/core/forms/fields/multi-dropdown-field'),
    import('@/core/forms/fields/user-field'),
  ]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('dropdown (react-select, lazily loaded)', () => {
  it("mandatory without value takes its first option; texts 'Select...' and 'No options'", async () => {
    const { save, onSubmit, user } = renderForm([
      { field: 'd', type: 'dropdown', title: 'Level', isMandatory: true, dropdownData: items },
    ]);
    const input = await screen.findByLabelText(/^Level/);
    expect(screen.getByText('One')).toBeInTheDocument();
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'Three' }));
    await save();
    expect(submitted(onSubmit)).toEqual({ d: 3 });
    await user.type(input, 'zzz');
    expect(screen.getByText('No options')).toBeInTheDocument();
  });

  it('SPEC §9 select: its menu is at most 300 px high (at least 140), and Page Down moves 5 options', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      label: `Level ${String(i + 1)}`,
    }));
    const { user } = renderForm([
      { field: 'd', type: 'dropdown', title: 'Level', isMandatory: true, dropdownData: many },
    ]);
    const input = await screen.findByLabelText(/^Level/);
    await user.click(input);
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toHaveStyle({ maxHeight: '300px' });
    // jsdom lays nothing out, so the 140 px floor (used only when space is short) is read here.
    expect(SELECT_DEFAULTS.minMenuHeight).toBe(140);
    const focused = () => listbox.querySelector('.form-select-rs__option--is-focused');
    expect(focused()).toHaveTextContent('Level 1');
    await user.keyboard('{PageDown}');
    expect(focused()).toHaveTextContent('Level 6');
    await user.keyboard('{PageUp}');
    expect(focused()).toHaveTextContent('Level 1');
  });

  it('non-mandatory offers an empty option with value -1, and shows the placeholder', async () => {
    const { save, onSubmit, user } = renderForm([
      { field: 'd', type: 'dropdown', title: 'Level', dropdownData: items },
    ]);
    const input = await screen.findByLabelText('Level');
    expect(screen.getByText('Select...')).toBeInTheDocument();
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['—', 'One', 'Two', 'Three']);
    await user.click(options[0] as HTMLElement);
    await save();
    expect(submitted(onSubmit)).toEqual({ d: -1 });
  });

  it("a mandatory dropdown set to -1 says 'Mandatory field'", async () => {
    const { save } = renderForm(
      [{ field: 'd', type: 'dropdown', title: 'Level', isMandatory: true, dropdownData: [] }],
      {
        defaultValues: { d: -1 },
      },
    );
    await screen.findByLabelText(/^Level/);
    await save();
    expect(screen.getByText('Mandatory field')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Level/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('user field uses emails as values and labels', async () => {
    const { save, onSubmit, user } = renderForm([
      {
        field: 'owner',
        type: 'user',
        title: 'Owner',
        isMandatory: true,
        users: [{ email: 'a@x.io' }, { email: 'b@x.io' }],
      },
    ]);
    const input = await screen.findByLabelText(/^Owner/);
    await save();
    expect(screen.getByText('Mandatory field')).toBeInTheDocument();
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'b@x.io' }));
    await save();
    expect(submitted(onSubmit)).toEqual({ owner: 'b@x.io' });
  });
});

describe('multi dropdown', () => {
  it('chooses several; mandatory needs at least one', async () => {
    const { save, onSubmit, user } = renderForm([
      { field: 'm', type: 'multiDropdown', title: 'Tags', isMandatory: true, dropdownData: items },
    ]);
    const input = await screen.findByLabelText(/^Tags/);
    await save();
    expect(screen.getByText('Mandatory field')).toBeInTheDocument();
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'Two' }));
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'One' }));
    await save();
    expect(submitted(onSubmit)).toEqual({ m: [2, 1] });
  });

  it('typed tags are normalised; Enter or Space adds them once', async () => {
    const { save, onSubmit, user } = renderForm(
      [{ field: 'tags', type: 'multiDropdown', title: 'Tags', allowAdd: true }],
      {
        defaultValues: { tags: ['blue'] },
      },
    );
    const input = await screen.findByLabelText('Tags');
    await user.type(input, 'Red;Car{Enter}');
    await user.type(input, 'BLUE ');
    await save();
    expect(submitted(onSubmit)).toEqual({ tags: ['blue', 'redcar'] });
  });

  it('a typed tag over 30 characters stays in the input with an error under it, and is not added (issue 17)', async () => {
    const { save, onSubmit, user } = renderForm(
      [{ field: 'tags', type: 'multiDropdown', title: 'Tags', allowAdd: true }],
      { defaultValues: { tags: [] } },
    );
    const input = await screen.findByLabelText('Tags');
    await user.click(input);
    await user.paste('x'.repeat(35));
    expect(input).toHaveValue('x'.repeat(35));
    expect(screen.getByText('Value must be at most 30 characters long')).toHaveClass('text-danger');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('x'.repeat(35));
    await save();
    expect(submitted(onSubmit)).toEqual({ tags: [] });
  });

  it("removing tags warns 'The following tags will be removed:' and the tags", async () => {
    const { user } = renderForm(
      [{ field: 'tags', type: 'multiDropdown', title: 'Tags', allowAdd: true }],
      {
        defaultValues: { tags: ['alpha', 'beta', 'gamma'] },
      },
    );
    await screen.findByLabelText('Tags');
    expect(screen.queryByText(/The following tags will be removed:/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove alpha' }));
    await user.click(screen.getByRole('button', { name: 'Remove gamma' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'The following tags will be removed: alpha, gamma',
    );
  });
});

describe('date field (react-datepicker, lazily loaded)', () => {
  const date: FieldSetting = { field: 'when', type: 'date', title: 'When' };

  it('typed text is day/month/year outside the US', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    const { save, onSubmit, user } = renderForm([date]);
    const input = await screen.findByLabelText('When');
    await user.type(input, '3/4/24');
    await user.keyboard('{Escape}');
    await save();
    expect(submitted(onSubmit)).toEqual({ when: toStoredDate(new Date(2024, 3, 3)) });
  });

  it('typed text is month/day/year in the US; two-digit years above 68 are 19xx', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    const { save, onSubmit, user } = renderForm([date]);
    const input = await screen.findByLabelText('When');
    await user.type(input, '3/4/69');
    await user.keyboard('{Escape}');
    await save();
    expect(submitted(onSubmit)).toEqual({ when: toStoredDate(new Date(1969, 2, 4)) });
  });

  it('text that is not a date sets nothing, stays as typed with the format as its error, and holds the submit', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    const stored = toStoredDate(new Date(2024, 0, 15));
    const { save, onSubmit, user } = renderForm([date], { defaultValues: { when: stored } });
    const input = await screen.findByLabelText('When');
    await user.clear(input);
    await user.type(input, '13/45/2026');
    // Nothing said while typing: a date being typed is not a date until its last digit.
    expect(screen.queryByText(/Not a date/)).toBeNull();
    await user.keyboard('{Escape}');
    await user.tab();
    // What the user typed is not lost, and the field says why nothing was set.
    expect(input).toHaveValue('13/45/2026');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(input)).toBe('Not a date: type it as DD/MM/YYYY');
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input).toHaveValue('13/45/2026');
    // Mended, the date is set and the form goes.
    await user.clear(input);
    await user.type(input, '13/4/2026');
    await user.keyboard('{Escape}');
    expect(screen.queryByText(/Not a date/)).toBeNull();
    await save();
    expect(submitted(onSubmit)).toEqual({ when: toStoredDate(new Date(2026, 3, 13)) });
  });

  it('a mandatory date with text that is no date says so once, not also that it is mandatory; Enter does not submit it', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    const { save, onSubmit, user } = renderForm([{ ...date, isMandatory: true }]);
    const input = await screen.findByLabelText('When');
    await user.type(input, 'soon{Enter}');
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(describedText(input)).toBe('Not a date: type it as MM/DD/YYYY');
    expect(input).toHaveValue('soon');
    // Erased, the field is as before any typing: empty, and mandatory (said at once: the form
    // was submitted).
    await user.clear(input);
    await user.tab();
    await waitFor(() => expect(describedText(input)).toBe('Mandatory field'));
    await save();
    expect(describedText(input)).toBe('Mandatory field');
  });

  it('a calendar pick after text that is no date takes the pick and clears the error', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    const { save, onSubmit, user } = renderForm([date], {
      defaultValues: { when: toStoredDate(new Date(2024, 1, 10)) },
    });
    const input = await screen.findByLabelText('When');
    await user.clear(input);
    await user.type(input, 'x');
    await user.tab();
    expect(describedText(input)).toBe('Not a date: type it as DD/MM/YYYY');
    await user.click(input);
    const day = screen.getAllByRole('gridcell', { name: /February 20th, 2024/ })[0] as HTMLElement;
    await user.click(day);
    expect(screen.queryByText(/Not a date/)).toBeNull();
    await save();
    expect(submitted(onSubmit)).toEqual({ when: toStoredDate(new Date(2024, 1, 20)) });
  });

  it('a calendar pick stores local midnight; the calendar has month and year selects and starts on Sunday', async () => {
    const { save, onSubmit, user } = renderForm([date], {
      defaultValues: { when: toStoredDate(new Date(2024, 1, 10)) },
    });
    await user.click(await screen.findByLabelText('When'));
    const year = await screen.findByRole('combobox', { name: 'Year' });
    const thisYear = new Date().getFullYear();
    const years = within(year)
      .getAllByRole('option')
      .map((o) => Number(o.textContent));
    expect(Math.max(...years)).toBe(thisYear);
    expect(years).toContain(thisYear - 100);
    expect(document.querySelector('.react-datepicker__day-name')?.textContent).toMatch(/^Su/);
    // fixed height: 6 weeks
    expect(document.querySelectorAll('.react-datepicker__week')).toHaveLength(6);
    const day = screen.getAllByRole('gridcell', { name: /February 20th, 2024/ })[0] as HTMLElement;
    await user.click(day);
    await save();
    expect(submitted(onSubmit)).toEqual({ when: toStoredDate(new Date(2024, 1, 20)) });
    expect(new Date(submitted(onSubmit).when as string).getHours()).toBe(0);
  });

  it('the clear button sets null, and only shows when enabled', async () => {
    const { save, onSubmit, user, unmount } = renderForm([date], {
      defaultValues: { when: toStoredDate(new Date(2024, 1, 10)) },
    });
    await user.click(await screen.findByRole('button', { name: 'Clear date' }));
    await save();
    expect(submitted(onSubmit)).toEqual({ when: null });
    unmount();
    renderForm([{ ...date, isDisabled: true }], {
      defaultValues: { when: toStoredDate(new Date(2024, 1, 10)) },
    });
    await screen.findByLabelText('When');
    expect(screen.queryByRole('button', { name: 'Clear date' })).not.toBeInTheDocument();
  });

  it("the label sits above the input, like every other field's (the picker's wrapper is a block)", async () => {
    renderForm([date, { field: 'expires', type: 'expiredDate', title: 'Expires' }]);
    for (const label of ['When', 'Expires']) {
      const input = await screen.findByLabelText(label);
      // react-datepicker wraps the input in an inline-block: beside the label, not under it.
      const wrapper = input.closest('.react-datepicker-wrapper');
      expect(wrapper).toHaveClass('d-block');
      const labelElement = document.querySelector(`label[for="${input.id}"]`);
      expect(labelElement?.compareDocumentPosition(wrapper as Node)).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
    }
  });

  it('an expired date shows in red', async () => {
    renderForm([{ field: 'expires', type: 'expiredDate', title: 'Expires' }], {
      defaultValues: { expires: toStoredDate(new Date(2000, 0, 1)) },
    });
    expect(await screen.findByLabelText('Expires')).toHaveClass('text-danger');
  });

  it('range mode restarts a range longer than maxDays from the clicked day', async () => {
    const { save, onSubmit, user } = renderForm(
      [{ field: 'r', type: 'date', title: 'Range', dateMode: 'range', maxDays: 3 }],
      {
        defaultValues: { r: [toStoredDate(new Date(2024, 1, 1)), null] },
      },
    );
    await user.click(await screen.findByLabelText('Range'));
    await user.click(
      screen.getAllByRole('gridcell', { name: /February 10th, 2024/ })[0] as HTMLElement,
    );
    await save();
    expect(submitted(onSubmit)).toEqual({ r: [toStoredDate(new Date(2024, 1, 10)), null] });
    await user.click(screen.getByLabelText('Range'));
    await user.click(
      screen.getAllByRole('gridcell', { name: /February 12th, 2024/ })[0] as HTMLElement,
    );
    await save();
    expect(submitted(onSubmit)).toEqual({
      r: [toStoredDate(new Date(2024, 1, 10)), toStoredDate(new Date(2024, 1, 12))],
    });
  });

  it("an impossible range says 'Invalid range'", async () => {
    const { save } = renderForm([{ field: 'r', type: 'date', title: 'Range', dateMode: 'range' }], {
      defaultValues: {
        r: [toStoredDate(new Date(2024, 1, 10)), toStoredDate(new Date(2024, 1, 1))],
      },
    });
    await screen.findByLabelText('Range');
    await save();
    await waitFor(() =>
      expect(describedText(screen.getByLabelText('Range'))).toBe('Invalid range'),
    );
  });

  it('multiple mode keeps at least one day when required and restarts at max', async () => {
    const { save, onSubmit, user } = renderForm(
      [
        {
          field: 'days',
          type: 'date',
          title: 'Days',
          dateMode: 'multiple',
          isMandatory: true,
          maxSelections: 2,
        },
      ],
      { defaultValues: { days: [toStoredDate(new Date(2024, 1, 5))] } },
    );
    await user.click(await screen.findByLabelText(/^Days/));
    const pick = (n: number) =>
      user.click(
        screen.getAllByRole('gridcell', {
          name: new RegExp(`February ${String(n)}th, 2024`),
        })[0] as HTMLElement,
      );
    await pick(5);
    await save();
    expect(submitted(onSubmit)).toEqual({ days: [toStoredDate(new Date(2024, 1, 5))] });
    await user.click(screen.getByLabelText(/^Days/));
    await pick(6);
    await pick(7);
    await save();
    expect(submitted(onSubmit)).toEqual({ days: [toStoredDate(new Date(2024, 1, 7))] });
  });
});

describe('year picker', () => {
  it('shows 12 years at a time and stores 1 January of the picked year', async () => {
    const { save, onSubmit, user } = renderForm(
      [{ field: 'y', type: 'date', title: 'Year', pickYear: true }],
      {
        defaultValues: { y: toStoredDate(new Date(2021, 0, 1)) },
      },
    );
    await user.click(await screen.findByLabelText('Year'));
    const years = document.querySelectorAll('.react-datepicker__year-text');
    expect(years).toHaveLength(12);
    await user.click(screen.getByText('2023'));
    await save();
    expect(submitted(onSubmit)).toEqual({ y: toStoredDate(new Date(2023, 0, 1)) });
  });
});
