import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter, Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormEngine, type FieldSetting } from '@/core/forms';
import { LEAVE_UNSAVED, useGuardedNavigate } from '@/core/ui/leave-guard';
import { LeaveGuardProvider } from '@/core/ui/leave-guard-provider';
import { Modal } from '@/core/ui/modal';
import { setupUser } from '../../user';

const name: FieldSetting = { field: 'name', type: 'string', title: 'Name' };

/** A mandatory customer picker: it takes the first option `searchOptions` answers. */
const customerPicker = (searchOptions: FieldSetting['searchOptions']): FieldSetting => ({
  field: 'customer',
  type: 'dropdown',
  title: 'Customer',
  isMandatory: true,
  searchOptions,
});

/** A subscription picker whose choice is cleared when the customer changes. */
const subscriptionPicker: FieldSetting = {
  field: 'subscription',
  type: 'dropdown',
  title: 'Subscription',
  optionsDependOn: ['customer'],
  searchOptions: () => Promise.resolve({ items: [{ id: 9, label: 'Acme 2026' }], total: 1 }),
};

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
    const customer = customerPicker(() =>
      Promise.resolve({ items: customers, total: customers.length }),
    );
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
    const customer = customerPicker(() =>
      Promise.resolve({ items: [{ id: 1, label: 'Acme Mining' }], total: 1 }),
    );
    render(
      <MemoryRouter>
        <FormEngine settings={{ rows: [[customer, subscriptionPicker]] }} onSubmit={vi.fn()} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Acme Mining')).toBeInTheDocument();
    await waitFor(() => expect(unloadAsks()).toBe(false));
  });

  it('a form taking its own defaults never counts as changed, not even while its options load', async () => {
    // The Issue licence dialog: a customer that takes the first option the server answers, a
    // subscription cleared when the customer changes, seats with a default. Between the fields'
    // registration and their defaults the form's own isDirty said "changed" (Escape asked on a
    // slow link); the guard listens to the browser only while a field differs from its default.
    const listens = vi.spyOn(window, 'addEventListener');
    const answers: Array<
      (page: { items: { id: number; label: string }[]; total: number }) => void
    > = [];
    const customer = customerPicker(() => new Promise((resolve) => answers.push(resolve)));
    const seats: FieldSetting = { field: 'seats', type: 'positiveInteger', title: 'Seats' };
    const user = setupUser();
    const asked = confirmAnswering(false);
    const closed = vi.fn();
    render(
      <MemoryRouter>
        <Modal open onClose={closed} title="Issue a licence">
          <FormEngine
            settings={{ rows: [[customer, subscriptionPicker], [seats]] }}
            defaultValues={{ seats: 1 }}
            onSubmit={vi.fn()}
          />
        </Modal>
      </MemoryRouter>,
    );
    await waitFor(() => expect(answers).toHaveLength(1));
    await user.keyboard('{Escape}');
    expect(asked).not.toHaveBeenCalled();
    expect(closed).toHaveBeenCalledTimes(1);
    act(() => answers[0]?.({ items: [{ id: 1, label: 'Acme Mining' }], total: 1 }));
    expect(await screen.findByText('Acme Mining')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(asked).not.toHaveBeenCalled();
    expect(closed).toHaveBeenCalledTimes(2);
    expect(listens.mock.calls.filter(([type]) => type === 'beforeunload')).toEqual([]);
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

/** A page with a form of its own (Name, starting 'Anvil'). */
function FormPage({ title }: { title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <FormEngine
        settings={{ rows: [[name]] }}
        defaultValues={{ name: 'Anvil' }}
        onSubmit={vi.fn()}
      />
    </>
  );
}

/** The router's path, as the page shows it. */
function Where() {
  return <output data-testid="page">{useLocation().pathname}</output>;
}

/**
 * The app as the portals run it: the browser's own history (BrowserRouter), the leave guard
 * around the routes. /list links to a page form (/things/1) and to a modal form (/things/1/edit).
 */
function renderInBrowser(start = '/list') {
  window.history.replaceState(null, '', start);
  const user = setupUser();
  render(
    <BrowserRouter>
      <LeaveGuardProvider>
        <Where />
        <Link to="/list">List</Link> <Link to="/things/1">Thing</Link>{' '}
        <Link to="/things/1/edit">Edit thing</Link>
        <Routes>
          <Route path="/list" element={<h1>List</h1>} />
          <Route path="/things/1" element={<FormPage title="Thing" />} />
          <Route path="/things/1/edit" element={<EditInModal />} />
        </Routes>
      </LeaveGuardProvider>
    </BrowserRouter>,
  );
  return user;
}

/** The browser's Back (delta -1) or Forward (+1), once the address and the page have settled. */
async function traverse(delta: number, settled: string) {
  act(() => window.history.go(delta));
  await waitFor(() => expect(window.location.pathname).toBe(settled));
  await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent(settled));
  // A declined pop takes two history steps (there and back): let any late one arrive.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(window.location.pathname).toBe(settled);
  expect(screen.getByTestId('page')).toHaveTextContent(settled);
}

describe("the browser's Back and Forward ask before unsaved changes are lost (issue 17)", () => {
  it('Back from a page form with changes asks: Stay keeps the page and the typing, Leave goes back', async () => {
    const user = renderInBrowser();
    await user.click(screen.getByRole('link', { name: 'Thing' }));
    await user.type(screen.getByLabelText('Name'), ' 2');
    const asked = confirmAnswering(false);

    await traverse(-1, '/things/1');
    expect(asked).toHaveBeenCalledTimes(1);
    expect(asked).toHaveBeenCalledWith(LEAVE_UNSAVED);
    expect(screen.getByLabelText('Name')).toHaveValue('Anvil 2');

    asked.mockImplementation(() => true);
    await traverse(-1, '/list');
    expect(asked).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: 'List' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).toBeNull();
  });

  it('Forward asks too', async () => {
    const user = renderInBrowser('/things/1');
    await user.click(screen.getByRole('link', { name: 'List' }));
    await traverse(-1, '/things/1');
    await user.type(screen.getByLabelText('Name'), ' 2');
    const asked = confirmAnswering(false);

    await traverse(1, '/things/1');
    expect(asked).toHaveBeenCalledWith(LEAVE_UNSAVED);
    expect(screen.getByLabelText('Name')).toHaveValue('Anvil 2');
  });

  it('Back with a modal form with changes asks: Stay keeps the dialog and the typing, Leave goes back', async () => {
    const user = renderInBrowser();
    await user.click(screen.getByRole('link', { name: 'Edit thing' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit thing' });
    await user.type(screen.getByLabelText('Name'), ' 2');
    const asked = confirmAnswering(false);

    await traverse(-1, '/things/1/edit');
    expect(asked).toHaveBeenCalledWith(LEAVE_UNSAVED);
    expect(dialog).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Anvil 2');

    asked.mockImplementation(() => true);
    await traverse(-1, '/list');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Back from a form without changes (a page, or a modal) goes back without a question', async () => {
    const user = renderInBrowser();
    const asked = confirmAnswering(false);
    await user.click(screen.getByRole('link', { name: 'Thing' }));
    await traverse(-1, '/list');
    expect(screen.queryByLabelText('Name')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Edit thing' }));
    expect(screen.getByRole('dialog', { name: 'Edit thing' })).toBeInTheDocument();
    await traverse(-1, '/list');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(asked).not.toHaveBeenCalled();
  });

  it('a form whose changes were saved no longer asks', async () => {
    const user = renderInBrowser();
    await user.click(screen.getByRole('link', { name: 'Edit thing' }));
    await user.type(screen.getByLabelText('Name'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const asked = confirmAnswering(false);
    await traverse(-1, '/list');
    expect(asked).not.toHaveBeenCalled();
  });
});

/** A page form with a button that navigates by code, and one that saves, then navigates. */
function FormWithCodeNavigation() {
  const navigate = useGuardedNavigate();
  return (
    <>
      <Where />
      <button type="button" onClick={() => navigate('/list')}>
        Go to the list
      </button>
      <FormEngine
        settings={{ rows: [[name]] }}
        defaultValues={{ name: 'Anvil' }}
        onSubmit={async () => {
          await Promise.resolve();
          navigate('/saved');
        }}
      />
    </>
  );
}

function renderCodeNavigation() {
  const user = setupUser();
  render(
    <MemoryRouter initialEntries={['/things/1']}>
      <LeaveGuardProvider>
        <Routes>
          <Route path="/things/1" element={<FormWithCodeNavigation />} />
          <Route path="/list" element={<h1>List</h1>} />
          <Route path="/saved" element={<h1>Saved</h1>} />
        </Routes>
      </LeaveGuardProvider>
    </MemoryRouter>,
  );
  return user;
}

describe('a navigation started by code asks before unsaved changes are lost (issue 17)', () => {
  it('declined, the page and the typing stay; agreed, it navigates', async () => {
    const user = renderCodeNavigation();
    await user.type(screen.getByLabelText('Name'), ' 2');
    const asked = confirmAnswering(false);
    await user.click(screen.getByRole('button', { name: 'Go to the list' }));
    expect(asked).toHaveBeenCalledWith(LEAVE_UNSAVED);
    expect(screen.getByTestId('page')).toHaveTextContent('/things/1');
    expect(screen.getByLabelText('Name')).toHaveValue('Anvil 2');

    asked.mockImplementation(() => true);
    await user.click(screen.getByRole('button', { name: 'Go to the list' }));
    expect(await screen.findByRole('heading', { name: 'List' })).toBeInTheDocument();
  });

  it('without changes it navigates without a question', async () => {
    const user = renderCodeNavigation();
    const asked = confirmAnswering(false);
    await user.click(screen.getByRole('button', { name: 'Go to the list' }));
    expect(await screen.findByRole('heading', { name: 'List' })).toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
  });

  it("a form's own navigation after its save does not ask about what it just saved", async () => {
    const user = renderCodeNavigation();
    await user.type(screen.getByLabelText('Name'), ' 2');
    const asked = confirmAnswering(false);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Saved' })).toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
  });
});

describe('a save on its way holds no unsaved changes (issue 17)', () => {
  it('a link clicked while the save is still answering leaves without asking; a reload asks', async () => {
    // The save was sent and its toast may already say so, but its refetch is still on its way:
    // the link must not ask about what is being saved (a question declined cancels the link).
    let answer = () => {};
    const saving = new Promise<void>((resolve) => {
      answer = resolve;
    });
    window.history.replaceState(null, '', '/things/1');
    const user = setupUser();
    render(
      <BrowserRouter>
        <LeaveGuardProvider>
          <Link to="/list">Go to the list</Link>
          <Routes>
            <Route
              path="/things/1"
              element={
                <FormEngine
                  settings={{ rows: [[name]] }}
                  defaultValues={{ name: 'Anvil' }}
                  onSubmit={() => saving}
                />
              }
            />
            <Route path="/list" element={<h1>List</h1>} />
          </Routes>
        </LeaveGuardProvider>
      </BrowserRouter>,
    );
    await user.type(screen.getByLabelText('Name'), ' 2');
    const asked = confirmAnswering(false);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    // A reload would cancel the save's request: that still asks.
    expect(unloadAsks()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Go to the list' }));
    expect(await screen.findByRole('heading', { name: 'List' })).toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
    act(() => answer());
  });
});
