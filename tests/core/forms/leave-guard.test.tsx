import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormEngine, type FieldSetting } from '@/core/forms';
import { LEAVE_UNSAVED } from '@/core/ui/leave-guard';
import { Modal } from '@/core/ui/modal';
import { setupUser } from '../../user';

const name: FieldSetting = { field: 'name', type: 'string', title: 'Name' };

/** window.confirm answering `answer`, recording what it asked. */
function confirmAnswering(answer: boolean) {
  return vi.spyOn(window, 'confirm').mockImplementation(() => answer);
}

/** A page with a link elsewhere, and a form in a modal (open) that closes on Cancel or save. */
function EditInModal({ onSubmit = vi.fn() }: { onSubmit?: () => void | Promise<void> }) {
  const [open, setOpen] = useState(true);
  const location = useLocation();
  return (
    <>
      <output data-testid="where">{location.pathname}</output>
      <Link to="/elsewhere">Elsewhere</Link>
      <Modal open={open} onClose={() => setOpen(false)} title="Edit thing">
        <FormEngine
          settings={{ rows: [[name]] }}
          defaultValues={{ name: 'Anvil' }}
          onSubmit={async () => {
            await onSubmit();
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      </Modal>
    </>
  );
}

function renderEdit(onSubmit?: () => void | Promise<void>) {
  const user = setupUser();
  render(
    <MemoryRouter initialEntries={['/things']}>
      <EditInModal onSubmit={onSubmit} />
    </MemoryRouter>,
  );
  return user;
}

/** A beforeunload as the browser sends it: prevented means the browser asks. */
function unloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('unsaved changes ask before they are lost (issue 17)', () => {
  it('Escape, the close button and Cancel of a modal ask; declined, the typing stays', async () => {
    const user = renderEdit();
    const asked = confirmAnswering(false);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Bolt');

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(asked).toHaveBeenCalledTimes(3);
    expect(asked).toHaveBeenCalledWith(LEAVE_UNSAVED);
    expect(screen.getByRole('dialog', { name: 'Edit thing' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Bolt');

    asked.mockImplementation(() => true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a form without changes closes without a question', async () => {
    const user = renderEdit();
    const asked = confirmAnswering(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(asked).not.toHaveBeenCalled();
    expect(unloadAsks()).toBe(false);
  });

  it('a reload or a closed tab asks while there are unsaved changes, and not once they are saved', async () => {
    const user = renderEdit();
    expect(unloadAsks()).toBe(false);
    await user.type(screen.getByLabelText('Name'), ' 2');
    expect(unloadAsks()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(unloadAsks()).toBe(false);
  });

  it('an in-app link asks first: declined, the page and the typing stay; agreed, it navigates', async () => {
    const user = renderEdit();
    const asked = confirmAnswering(false);
    await user.type(screen.getByLabelText('Name'), ' 2');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(asked).toHaveBeenCalledWith(LEAVE_UNSAVED);
    expect(screen.getByTestId('where')).toHaveTextContent('/things');
    expect(screen.getByLabelText('Name')).toHaveValue('Anvil 2');

    asked.mockImplementation(() => true);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/elsewhere');
  });

  it("a mandatory choice's automatic first option is no unsaved change; the user's own choice is", async () => {
    const customers = [
      { id: 1, label: 'Acme Mining' },
      { id: 2, label: 'Borealis Quarries' },
    ];
    const customer: FieldSetting = {
      field: 'customer',
      type: 'dropdown',
      title: 'Customer',
      isMandatory: true,
      searchOptions: () => Promise.resolve({ items: customers, total: customers.length }),
    };
    const user = setupUser();
    render(
      <MemoryRouter>
        <FormEngine settings={{ rows: [[customer]] }} onSubmit={vi.fn()} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Acme Mining')).toBeInTheDocument();
    // Once the form has settled (its defaults taken in more than one render).
    await waitFor(() => expect(unloadAsks()).toBe(false));
    await user.click(screen.getByLabelText(/^Customer/));
    await user.click(await screen.findByRole('option', { name: 'Borealis Quarries' }));
    expect(unloadAsks()).toBe(true);
  });

  it('an offering the form chose itself pre-selects its features as the starting value, not an unsaved change', async () => {
    const offerings = [
      { id: 5, name: 'BlastPlan', features: [{ id: 51, name: 'Timing', defaultValue: true }] },
    ];
    const fields: FieldSetting[] = [
      {
        field: 'offeringId',
        type: 'dropdown',
        title: 'Offering',
        isMandatory: true,
        searchOptions: () => Promise.resolve({ items: [{ id: 5, label: 'BlastPlan' }], total: 1 }),
      },
      {
        field: 'includedFeatures',
        type: 'offeringFeatureMultiCheckbox',
        title: 'Features',
        offeringField: 'offeringId',
        offerings,
      },
    ];
    const user = setupUser();
    render(
      <MemoryRouter>
        <FormEngine settings={{ rows: [fields] }} onSubmit={vi.fn()} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByLabelText('Timing')).toBeChecked());
    // Once the form has settled (its defaults taken in more than one render).
    await waitFor(() => expect(unloadAsks()).toBe(false));
    await user.click(screen.getByLabelText('Timing'));
    expect(unloadAsks()).toBe(true);
  });

  it('a choice cleared because the fields it depends on took their defaults is no unsaved change', async () => {
    const customer: FieldSetting = {
      field: 'customer',
      type: 'dropdown',
      title: 'Customer',
      isMandatory: true,
      searchOptions: () => Promise.resolve({ items: [{ id: 1, label: 'Acme Mining' }], total: 1 }),
    };
    const subscription: FieldSetting = {
      field: 'subscription',
      type: 'dropdown',
      title: 'Subscription',
      optionsDependOn: ['customer'],
      searchOptions: () => Promise.resolve({ items: [{ id: 9, label: 'Acme 2026' }], total: 1 }),
    };
    render(
      <MemoryRouter>
        <FormEngine settings={{ rows: [[customer, subscription]] }} onSubmit={vi.fn()} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Acme Mining')).toBeInTheDocument();
    await waitFor(() => expect(unloadAsks()).toBe(false));
  });

  it('a failed save keeps asking', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = renderEdit(() => Promise.reject(new Error('Database unavailable')));
    await user.type(screen.getByLabelText('Name'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getByRole('dialog', { name: 'Edit thing' })).toBeInTheDocument();
    expect(unloadAsks()).toBe(true);
  });
});
