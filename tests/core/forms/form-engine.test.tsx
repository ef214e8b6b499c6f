import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/core/api';
import { flattenPayload, type FieldSetting } from '@/core/forms';
import { describedText, renderForm } from './helpers';

// Busy CI machines (2 cores): allow slow renders of the heavy widgets.
vi.setConfig({ testTimeout: 30_000 });

const name: FieldSetting = { field: 'name', type: 'string', title: 'Name', isMandatory: true };

describe('FormEngine', () => {
  it("shows 'Mandatory field' under an empty mandatory field, as small red linked text, and does not submit", async () => {
    const { save, onSubmit } = renderForm([name]);
    await save();
    const input = screen.getByLabelText(/^Name/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(input)).toBe('Mandatory field');
    const message = screen.getByText('Mandatory field');
    expect(message).toHaveClass('text-danger', 'small');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the values on Enter, keeping the record around the fields', async () => {
    const { user, onSubmit } = renderForm([name], { defaultValues: { id: 7, name: '' } });
    await user.type(screen.getByLabelText(/^Name/), 'Acme{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ id: 7, name: 'Acme' });
  });

  it('does not submit on Enter inside a text area', async () => {
    const { user, onSubmit } = renderForm([{ field: 'notes', type: 'textArea', title: 'Notes' }]);
    await user.type(screen.getByLabelText('Notes'), 'line{Enter}two');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Notes')).toHaveValue('line\ntwo');
  });

  it('clears an error once the value is corrected', async () => {
    const { save, user } = renderForm([name]);
    await save();
    expect(screen.getByText('Mandatory field')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'x');
    await waitFor(() => expect(screen.queryByText('Mandatory field')).not.toBeInTheDocument());
  });

  it('exempts a field disabled by its rule, re-evaluated when a trigger field changes', async () => {
    const fields: FieldSetting[] = [
      { field: 'locked', type: 'checkbox', title: 'Locked', isAnIsDisabledTrigger: true },
      {
        field: 'code',
        type: 'string',
        title: 'Code',
        isMandatory: true,
        isDisabledFn: (v) => v.locked === 1,
      },
    ];
    const { save, user, onSubmit } = renderForm(fields);
    expect(screen.getByLabelText(/^Code/)).toBeEnabled();
    await save();
    expect(screen.getByText('Mandatory field')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Locked'));
    expect(screen.getByLabelText(/^Code/)).toBeDisabled();
    await waitFor(() => expect(screen.queryByText('Mandatory field')).not.toBeInTheDocument());
    await save();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('skips validation when isValidate is false, and hides invisible fields', async () => {
    const { save, onSubmit } = renderForm([
      { ...name, isValidate: false },
      { field: 'secret', type: 'string', title: 'Secret', isMandatory: true, isVisible: false },
      { field: 'other', type: 'string', title: 'Other', visible: () => false },
    ]);
    expect(screen.queryByLabelText(/Secret/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Other/)).not.toBeInTheDocument();
    await save();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows visibility driven by a trigger field', async () => {
    const { user } = renderForm([
      { field: 'more', type: 'toggleSwitch', title: 'More', isAnIsDisabledTrigger: true },
      { field: 'extra', type: 'string', title: 'Extra', isVisible: (v) => v.more === true },
    ]);
    expect(screen.queryByLabelText('Extra')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'More' }));
    expect(screen.getByLabelText('Extra')).toBeInTheDocument();
  });

  it('minLength, email and positive-integer messages, verbatim', async () => {
    const { save, user } = renderForm([
      { field: 'code', type: 'string', title: 'Code', minLength: 4 },
      { field: 'email', type: 'email', title: 'Email' },
      { field: 'count', type: 'positiveInteger', title: 'Count' },
      { field: 'seats', type: 'positiveInteger', title: 'Seats' },
    ]);
    await user.type(screen.getByLabelText('Code'), 'abc');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Count'), '1.5');
    await user.type(screen.getByLabelText('Seats'), '-2');
    await save();
    expect(describedText(screen.getByLabelText('Code'))).toBe(
      'Value must be longer than 3 chars in length',
    );
    expect(describedText(screen.getByLabelText('Email'))).toBe('Invalid email');
    expect(describedText(screen.getByLabelText('Count'))).toBe('Value must be an integer');
    expect(describedText(screen.getByLabelText('Seats'))).toBe('Value must be positive');
  });

  it('accepts a trimmed email and a positive integer as a number', async () => {
    const { save, user, onSubmit } = renderForm([
      { field: 'email', type: 'email', title: 'Email' },
      { field: 'count', type: 'positiveInteger', title: 'Count' },
    ]);
    await user.type(screen.getByLabelText('Email'), '  a@b.co ');
    await user.type(screen.getByLabelText('Count'), '12');
    await save();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      email: expect.stringContaining('a@b.co') as string,
      count: 12,
    });
  });

  it('shows server field errors under the fields (case-insensitive keys), keeping typed values', async () => {
    const { rerender, user } = renderForm([name, { field: 'code', type: 'string', title: 'Code' }]);
    await user.type(screen.getByLabelText(/^Name/), 'Taken');
    const { FormEngine } = await import('@/core/forms');
    rerender(
      <FormEngine
        settings={{ rows: [[name, { field: 'code', type: 'string', title: 'Code' }]] }}
        onSubmit={vi.fn()}
        serverErrors={{
          Name: { message: 'Name already exists', errorCode: 'Duplicate' },
          other: 'Something else',
        }}
      />,
    );
    expect(describedText(screen.getByLabelText(/^Name/))).toBe('Name already exists');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Taken');
    expect(screen.getByRole('alert')).toHaveTextContent('Something else');
  });

  it('shows field errors of an error thrown by onSubmit (ApiError.fieldErrors)', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        Object.assign(new Error('Bad'), {
          status: 400,
          fieldErrors: { name: { message: 'Too rude', errorCode: 'X' } },
        }),
      ),
    );
    const { user } = renderForm([name], { onSubmit });
    await user.type(screen.getByLabelText(/^Name/), 'Rude{Enter}');
    await waitFor(() => expect(describedText(screen.getByLabelText(/^Name/))).toBe('Too rude'));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Rude');
  });

  it('a refusal of what was sent (409) shows in the form, keeps the typing, and is taken from the toast; a 500 stays a toast', async () => {
    const refusal = new ApiError({
      message: 'Your organization is not enabled to sell products',
      status: 409,
      kind: 'http',
      method: 'POST',
      endpoint: '/crm/v1/orgs/1/issued-licences',
    });
    const onSubmit = vi.fn(() => Promise.reject(refusal));
    const { user } = renderForm([name], { onSubmit });
    await user.type(screen.getByLabelText(/^Name/), 'Blast{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal.message);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Blast');
    expect(refusal.shownInPlace).toBe(true);

    const outage = new ApiError({
      message: 'Database unavailable',
      status: 503,
      kind: 'http',
      method: 'POST',
      endpoint: '/crm/v1/orgs/1/issued-licences',
    });
    onSubmit.mockImplementation(() => Promise.reject(outage));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.type(screen.getByLabelText(/^Name/), '{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(outage.shownInPlace).toBe(false);
  });

  it('lays out rows, orders by index, hides titles when asked and uses the submit label', async () => {
    const { container } = renderForm(
      {
        hasFieldTitle: false,
        isVerticalLayout: false,
        rows: [
          [
            { field: 'b', type: 'string', title: 'B', index: 2, width: 6 },
            { field: 'a', type: 'string', title: 'A', index: 1, width: '200px' },
          ],
        ],
      },
      { submitLabel: 'Create' },
    );
    const labels = [...container.querySelectorAll('label')];
    expect(labels.map((l) => l.textContent)).toEqual(['A', 'B']);
    expect(labels.every((l) => l.classList.contains('visually-hidden'))).toBe(true);
    expect(container.querySelector('[data-field="b"]')).toHaveClass('col-md-6');
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
  });

  it('a tooltip describes its field', () => {
    renderForm([{ ...name, tooltip: 'The legal name' }]);
    expect(describedText(screen.getByLabelText(/^Name/))).toBe('The legal name');
  });

  it("a tooltip is a help button beside the label, not in it: the label is the field's exact name", async () => {
    const { user, container } = renderForm([
      { ...name, tooltip: 'The legal name' },
      { field: 'notes', type: 'string', title: 'Notes', tooltip: 'Anything else' },
    ]);
    // The label is the title alone (no tooltip text, no mandatory star), for readers and
    // getByLabel; the star is still shown beside it.
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(screen.getByLabelText('Name')).toBe(input);
    // Nothing else is labelled 'Name': the help button is named by its own text.
    expect(screen.getAllByLabelText(/Name/)).toEqual([input]);
    expect(screen.getByLabelText('Notes')).toBe(screen.getByRole('textbox', { name: 'Notes' }));
    const labels = [...container.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(['Name', 'Notes']);
    expect(input.closest('[data-field]')).toHaveTextContent(/^Name\*/);
    // The help has its own name, says its text, and is reached by the keyboard before the field.
    const help = screen.getByRole('button', { name: 'About Name' });
    expect(help).toHaveAccessibleDescription('The legal name');
    expect(help.closest('label')).toBeNull();
    await user.tab();
    expect(help).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription('The legal name');
  });

  it('a switch or a checkbox shows its tooltip too, beside its label', () => {
    renderForm([
      { field: 'admin', type: 'toggleSwitch', title: 'Org admin', tooltip: 'Admins manage users' },
      { field: 'terms', type: 'checkbox', title: 'I agree', tooltip: 'Read them first' },
    ]);
    expect(screen.getByRole('switch', { name: 'Org admin' })).toHaveAccessibleDescription(
      'Admins manage users',
    );
    expect(screen.getByRole('button', { name: 'About Org admin' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toHaveAccessibleDescription(
      'Read them first',
    );
  });

  it('without shown titles the tooltip still describes the field, with no icon', () => {
    renderForm({ rows: [[{ ...name, tooltip: 'The legal name' }]], hasFieldTitle: false });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'The legal name',
    );
    expect(screen.queryByRole('button', { name: 'About Name' })).toBeNull();
  });

  it('in the horizontal layout the label column holds the label and its help', () => {
    const { container } = renderForm({
      rows: [[{ ...name, tooltip: 'The legal name' }]],
      isVerticalLayout: false,
    });
    const label = container.querySelector('label') as HTMLElement;
    expect(label).not.toHaveClass('col-sm-4');
    expect(label.parentElement).toHaveClass('col-sm-4');
    expect(label.parentElement).toContainElement(
      screen.getByRole('button', { name: 'About Name' }),
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  });

  it('a tooltip over 200 characters uses the wide style, as in tables (SPEC §9)', () => {
    const long = 'x'.repeat(201);
    renderForm([
      { ...name, tooltip: 'The legal name' },
      { field: 'notes', type: 'string', title: 'Notes', tooltip: long },
    ]);
    const [short, wide] = screen.getAllByRole('tooltip', { hidden: true });
    expect(short).toHaveTextContent('The legal name');
    expect(short).not.toHaveClass('tip-wide');
    expect(wide).toHaveTextContent(long);
    expect(wide).toHaveClass('tip-wide');
    expect(describedText(screen.getByLabelText(/^Notes/))).toBe(long);
  });

  it('nested fields submit nested values, flattened on demand', async () => {
    const { save, onSubmit } = renderForm(
      [{ field: 'address.city', type: 'string', title: 'City' }],
      {
        defaultValues: { address: { city: 'Perth' }, avatar_Base64: 'data:image/png;base64,AA' },
      },
    );
    await save();
    const values = onSubmit.mock.calls[0]?.[0] ?? {};
    expect(values).toEqual({
      address: { city: 'Perth' },
      avatar_Base64: 'data:image/png;base64,AA',
    });
    expect(flattenPayload(values)).toEqual({ 'address.city': 'Perth' });
  });
});

describe('FormEngine review (a form that bills or grants says what it will do first)', () => {
  const review = (values: Record<string, unknown>) => ({
    summary: `Grant ${String(values['name'])}`,
    warnings: values['name'] === 'late' ? ['It is late: confirm'] : [],
  });

  it('shows the summary with Confirm and Back; nothing is submitted before Confirm, by click or Enter', async () => {
    const { user, onSubmit } = renderForm([name], { review });
    await user.type(screen.getByLabelText(/^Name/), 'Acme{Enter}');
    expect(await screen.findByText('Grant Acme')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Acme');
    expect(screen.queryByText('Grant Acme')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Acme' });
  });

  it('a warning must be ticked before Confirm is allowed', async () => {
    const { user, onSubmit } = renderForm([name], { review });
    await user.type(screen.getByLabelText(/^Name/), 'late');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    const warning = screen.getByRole('checkbox', { name: 'It is late: confirm' });
    // Focus moves to the review once it has rendered (an effect): on a busy machine after the
    // Confirm button appears.
    await waitFor(() => expect(warning).toHaveFocus());
    await user.click(warning);
    await user.click(confirm);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });
});
