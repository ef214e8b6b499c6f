import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FieldSetting, OptionsPage, SearchOptions } from '@/core/forms';
import { SEARCH_SELECT_TEXT } from '@/core/forms/fields/search-select';
import { renderForm } from './helpers';
import { typeInOneBurst } from '../../user';

/** A server of `count` named choices, searched by label, answering the first `take`. */
function choices(count: number, take = 3) {
  const all = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    label: `Customer ${String(i + 1).padStart(3, '0')}`,
  }));
  const calls: { search: string; values: Record<string, unknown> }[] = [];
  let answer = (page: OptionsPage) => Promise.resolve(page);
  const search: SearchOptions = ({ search: text, values }) => {
    calls.push({ search: text, values });
    const matching = all.filter((c) => c.label.toLowerCase().includes(text.toLowerCase()));
    return answer({ items: matching.slice(0, take), total: matching.length });
  };
  return {
    search,
    calls,
    hold: () => {
      let release = () => {};
      answer = (page) =>
        new Promise((resolve) => {
          release = () => resolve(page);
        });
      return () => release();
    },
    fail: () => {
      answer = () => Promise.reject(new Error('offline'));
    },
  };
}

const submitted = (onSubmit: { mock: { calls: unknown[][] } }) =>
  onSubmit.mock.calls.at(-1)?.[0] as Record<string, unknown>;

describe('a form waits for what its fields still load', () => {
  // First in the file: the date field's code is not loaded yet.
  it('cannot be submitted while a field reads Loading..., by click or by Enter', async () => {
    const { onSubmit, user } = renderForm([
      { field: 'name', type: 'string', title: 'Name' },
      { field: 'when', type: 'date', title: 'When' },
    ]);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/^Name/), 'x{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(save).toBeEnabled());
    expect(screen.queryByText('Loading...')).toBeNull();
    await user.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });
});

describe('a dropdown searched on the server (searchOptions)', () => {
  const customer = (search: SearchOptions): FieldSetting => ({
    field: 'customer',
    type: 'dropdown',
    title: 'Customer',
    isMandatory: true,
    searchOptions: search,
  });

  it('takes the first option of the first page once it is in; Save waits for it', async () => {
    const server = choices(120);
    const release = server.hold();
    const { onSubmit, user } = renderForm([customer(server.search)]);
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(save).toBeDisabled();
    release();
    await waitFor(() => expect(save).toBeEnabled());
    expect(screen.getByText('Customer 001')).toBeInTheDocument();
    await user.click(save);
    await waitFor(() => expect(submitted(onSubmit)).toEqual({ customer: 1 }));
  });

  it('says how many of how many it shows, and searches once per pause in typing', async () => {
    const server = choices(120);
    const { onSubmit, user } = renderForm([customer(server.search)]);
    const input = await screen.findByLabelText(/^Customer/);
    await waitFor(() => expect(screen.getByText('Customer 001')).toBeInTheDocument());
    await user.click(input);
    expect(
      await screen.findByText(SEARCH_SELECT_TEXT.more(3, { items: [], total: 120 })),
    ).toBeInTheDocument();
    expect(screen.getByText('3 of 120: type to search')).toBeInTheDocument();
    await typeInOneBurst(input, '117');
    const menu = within(await screen.findByRole('listbox'));
    await waitFor(() => expect(menu.getByRole('option', { name: 'Customer 117' })).toBeVisible());
    // One request for the first page, one for what was typed (not one per key).
    expect(server.calls.map((c) => c.search)).toEqual(['', '117']);
    await user.click(menu.getByRole('option', { name: 'Customer 117' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted(onSubmit)).toEqual({ customer: 117 }));
  });

  it('reloads, and clears the choice, when a field it depends on changes', async () => {
    const customers = choices(5);
    const subs = choices(40);
    const { onSubmit, user } = renderForm([
      customer(customers.search),
      {
        field: 'subscription',
        type: 'dropdown',
        title: 'Subscription',
        searchOptions: subs.search,
        optionsDependOn: ['customer'],
      },
    ]);
    // Asked again once the customer has its default (the first customer).
    await waitFor(() => expect(subs.calls.at(-1)).toEqual({ search: '', values: { customer: 1 } }));
    const sub = screen.getByLabelText(/^Subscription/);
    await user.click(sub);
    await user.click(await screen.findByRole('option', { name: 'Customer 002' }));
    expect(screen.getByText('Customer 002')).toBeInTheDocument();

    await user.click(screen.getByLabelText(/^Customer/));
    await user.click(await screen.findByRole('option', { name: 'Customer 003' }));
    await waitFor(() => expect(subs.calls.at(-1)).toEqual({ search: '', values: { customer: 3 } }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted(onSubmit)).toEqual({ customer: 3, subscription: null }));
  });

  it("SPEC §8 select text: its menu says 'Loading...' while the options are on their way", async () => {
    const server = choices(10);
    const release = server.hold();
    const { user } = renderForm([{ ...customer(server.search), isMandatory: false }]);
    const input = await screen.findByLabelText(/^Customer/);
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await user.click(input);
    const notice = await screen.findByText('Loading...');
    expect(notice).toHaveClass('form-select-rs__menu-notice--loading');
    release();
    expect(await screen.findByRole('option', { name: 'Customer 001' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('says so in the menu when the options could not be loaded', async () => {
    const server = choices(10);
    server.fail();
    const { user } = renderForm([{ ...customer(server.search), isMandatory: false }]);
    const input = await screen.findByLabelText(/^Customer/);
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await user.click(input);
    expect(await screen.findByText(SEARCH_SELECT_TEXT.failed)).toBeInTheDocument();
  });

  it('names the chosen ones given in dropdownData in a multi dropdown, and adds searched ones', async () => {
    const server = choices(50);
    const { onSubmit, user } = renderForm(
      [
        {
          field: 'ids',
          type: 'multiDropdown',
          title: 'Customers',
          isMandatory: true,
          searchOptions: server.search,
          dropdownData: [{ id: 42, label: 'Customer 042' }],
        },
      ],
      { defaultValues: { ids: [42] } },
    );
    expect(await screen.findByText('Customer 042')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Customers/), '007');
    await user.click(await screen.findByRole('option', { name: 'Customer 007' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted(onSubmit)).toEqual({ ids: [42, 7] }));
  });
});
