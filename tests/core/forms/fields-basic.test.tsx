import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOLD_DELAY_MS, HOLD_INTERVAL_MS, type FieldSetting } from '@/core/forms';
import { describedText, renderForm } from './helpers';
import { setupUser } from '../../user';

// Busy CI machines (2 cores): allow slow renders of the heavy widgets.
vi.setConfig({ testTimeout: 30_000 });

const items = [
  { id: 1, label: 'One' },
  { id: 2, label: 'Two' },
  { id: 3, label: 'Three' },
];

const submitted = (onSubmit: { mock: { calls: unknown[][] } }) =>
  onSubmit.mock.calls.at(-1)?.[0] as Record<string, unknown>;

describe('text kinds', () => {
  it('string keeps placeholder; the value is reported as typed, over maxLength refused, never cut (issue 17)', async () => {
    const { user, save, onSubmit } = renderForm([
      { field: 's', type: 'string', title: 'S', maxLength: 3, placeholder: 'Enter S' },
    ]);
    const input = screen.getByPlaceholderText('Enter S');
    await user.type(input, 'abcdef');
    expect(input).toHaveValue('abcdef');
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Value must be at most 3 characters long')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'abc');
    await save();
    expect(submitted(onSubmit)).toEqual({ s: 'abc' });
  });

  it('password shows and hides its text', async () => {
    const { user } = renderForm([{ field: 'p', type: 'password', title: 'Password' }]);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('url rejects what is not an http(s) address', async () => {
    const { user, save } = renderForm([{ field: 'u', type: 'url', title: 'Site' }]);
    await user.type(screen.getByLabelText('Site'), 'nope');
    await save();
    expect(describedText(screen.getByLabelText('Site'))).toBe('Invalid URL');
  });

  it('number gives numbers (empty is null)', async () => {
    const { user, save, onSubmit } = renderForm([{ field: 'n', type: 'number', title: 'N' }], {
      defaultValues: { n: 3 },
    });
    const input = screen.getByLabelText('N');
    expect(input).toHaveValue(3);
    await user.clear(input);
    await save();
    expect(submitted(onSubmit)).toEqual({ n: null });
    await user.type(input, '42');
    await save();
    expect(submitted(onSubmit)).toEqual({ n: 42 });
  });

  it('text area with rows', async () => {
    const { user, save, onSubmit } = renderForm([
      { field: 't', type: 'textArea', title: 'T', rows: 5, isMandatory: true },
    ]);
    expect(screen.getByLabelText(/^T/)).toHaveAttribute('rows', '5');
    await save();
    expect(screen.getByText('Mandatory field')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^T/), 'hi');
    await save();
    expect(submitted(onSubmit)).toEqual({ t: 'hi' });
  });
});

describe('choice kinds', () => {
  it('checkbox is 1 or 0, and mandatory means checked', async () => {
    const { user, save, onSubmit } = renderForm([
      { field: 'agree', type: 'checkbox', title: 'I agree', isMandatory: true },
    ]);
    await save();
    expect(describedText(screen.getByLabelText('I agree'))).toBe('Mandatory field');
    await user.click(screen.getByLabelText('I agree'));
    await save();
    expect(submitted(onSubmit)).toEqual({ agree: 1 });
  });

  it('toggle switch is a boolean switch', async () => {
    const { user, save, onSubmit } = renderForm(
      [{ field: 'on', type: 'toggleSwitch', title: 'Enabled' }],
      { defaultValues: { on: true } },
    );
    const toggle = screen.getByRole('switch', { name: 'Enabled' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await save();
    expect(submitted(onSubmit)).toEqual({ on: false });
  });

  it('mandatory radio group selects its first option', async () => {
    const { user, save, onSubmit } = renderForm([
      { field: 'r', type: 'radioButtons', title: 'Size', isMandatory: true, dropdownData: items },
    ]);
    expect(screen.getByRole('radiogroup', { name: /Size/ })).toBeInTheDocument();
    expect(screen.getByLabelText('One')).toBeChecked();
    await user.click(screen.getByLabelText('Three'));
    await save();
    expect(submitted(onSubmit)).toEqual({ r: 3 });
  });

  it('multi checkbox collects ids; mandatory needs one', async () => {
    const { user, save, onSubmit } = renderForm([
      { field: 'm', type: 'multiCheckbox', title: 'Days', isMandatory: true, dropdownData: items },
    ]);
    await save();
    expect(screen.getByText('Mandatory field')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Three'));
    await user.click(screen.getByLabelText('One'));
    await save();
    expect(submitted(onSubmit)).toEqual({ m: [1, 3] });
  });

  it('button dropdown picks an item; optional ones offer the empty choice -1', async () => {
    const { user, save, onSubmit } = renderForm([
      { field: 'b', type: 'buttonDropdown', title: 'Action', dropdownData: items },
    ]);
    const button = screen.getByRole('button', { name: 'Action' });
    expect(button).toHaveTextContent('Select...');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Two' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveTextContent('Two');
    await save();
    expect(submitted(onSubmit)).toEqual({ b: 2 });
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    await user.click(screen.getByRole('button', { name: '—' }));
    await save();
    expect(submitted(onSubmit)).toEqual({ b: -1 });
  });

  it('offering features: choosing an offering clears the features, then pre-selects its defaults', async () => {
    const offerings = [
      {
        id: 'a',
        name: 'A',
        features: [
          { id: 1, name: 'Alpha', defaultValue: true },
          { id: 2, name: 'Beta' },
        ],
      },
      {
        id: 'b',
        name: 'B',
        features: [
          { id: 3, name: 'Gamma' },
          { id: 4, name: 'Delta', defaultValue: true },
        ],
      },
    ];
    const fields: FieldSetting[] = [
      {
        field: 'offeringId',
        type: 'radioButtons',
        title: 'Offering',
        dropdownData: offerings.map((o) => ({ id: o.id, label: o.name })),
      },
      {
        field: 'includedFeatures',
        type: 'offeringFeatureMultiCheckbox',
        title: 'Features',
        offeringField: 'offeringId',
        offerings,
      },
    ];
    const { user, save, onSubmit } = renderForm(fields, {
      defaultValues: { offeringId: 'a', includedFeatures: [2] },
    });
    // The initial offering keeps the record's features.
    expect(screen.getByLabelText('Beta')).toBeChecked();
    expect(screen.getByLabelText('Alpha')).not.toBeChecked();
    await user.click(screen.getByLabelText('B'));
    expect(screen.getByLabelText('Delta')).toBeChecked();
    expect(screen.getByLabelText('Gamma')).not.toBeChecked();
    await save();
    expect(submitted(onSubmit)).toEqual({ offeringId: 'b', includedFeatures: [4] });
  });
});

describe('JSON dictionary', () => {
  it('starts from its initial data when empty; keys and values up to 100 characters, never cut (issue 17)', async () => {
    const { user, save, onSubmit } = renderForm([
      {
        field: 'title',
        type: 'jsonDictionary',
        title: 'Title',
        isMandatory: true,
        initialData: { en: '' },
      },
    ]);
    const key = screen.getByRole('textbox', { name: 'Title key 1' });
    const value = screen.getByRole('textbox', { name: 'Title value 1' });
    expect(key).toHaveValue('en');
    expect(key).not.toHaveAttribute('maxLength');
    expect(value).not.toHaveAttribute('maxLength');
    await save();
    expect(screen.getByText('Mandatory field')).toBeInTheDocument();
    await user.click(value);
    await user.paste('v'.repeat(101));
    expect(value).toHaveValue('v'.repeat(101));
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Value must be at most 100 characters long')).toBeInTheDocument();
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(value);
    await user.type(value, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Add entry to Title' }));
    await user.type(screen.getByRole('textbox', { name: 'Title key 2' }), 'fr');
    await user.type(screen.getByRole('textbox', { name: 'Title value 2' }), 'Bonjour');
    await save();
    expect(submitted(onSubmit)).toEqual({ title: { en: 'Hello', fr: 'Bonjour' } });
    await user.click(screen.getByRole('button', { name: 'Remove Title entry 2' }));
    await save();
    expect(submitted(onSubmit)).toEqual({ title: { en: 'Hello' } });
  });

  it('keeps existing data', () => {
    renderForm([{ field: 'd', type: 'jsonDictionary', title: 'D', initialData: { en: '' } }], {
      defaultValues: { d: { de: 'Hallo' } },
    });
    expect(screen.getByRole('textbox', { name: 'D key 1' })).toHaveValue('de');
    expect(screen.queryByRole('textbox', { name: 'D key 2' })).not.toBeInTheDocument();
  });
});

describe('time difference', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('edits hours, minutes, seconds and ms within their limits', async () => {
    const { save, onSubmit, user } = renderForm(
      [{ field: 'td', type: 'timeDifference', title: 'Duration' }],
      {
        defaultValues: { td: 23 * 3_600_000 + 59 * 60_000 + 59_000 + 999 },
      },
    );
    expect(screen.getByRole('spinbutton', { name: 'Hours' })).toHaveValue(23);
    expect(screen.getByRole('button', { name: 'Increase Hours' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase Milliseconds' })).toBeDisabled();
    await user.clear(screen.getByRole('spinbutton', { name: 'Minutes' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Minutes' }), '75');
    expect(screen.getByRole('spinbutton', { name: 'Minutes' })).toHaveValue(59);
    await save();
    expect(submitted(onSubmit)).toEqual({ td: 23 * 3_600_000 + 59 * 60_000 + 59_000 + 999 });
  });

  it('holding a button repeats after 500 ms, every 70 ms', () => {
    vi.useFakeTimers();
    renderForm([{ field: 'td', type: 'timeDifference', title: 'Duration' }], {
      defaultValues: { td: 0 },
    });
    const plus = screen.getByRole('button', { name: 'Increase Seconds' });
    const tick = (ms: number) => {
      act(() => {
        vi.advanceTimersByTime(ms);
      });
    };
    const seconds = () =>
      (screen.getByRole('spinbutton', { name: 'Seconds' }) as HTMLInputElement).valueAsNumber;
    fireEvent.pointerDown(plus, { button: 0 });
    expect(seconds()).toBe(1);
    tick(HOLD_DELAY_MS - 1);
    expect(seconds()).toBe(1);
    tick(1 + HOLD_INTERVAL_MS);
    expect(seconds()).toBe(2);
    // One tick at a time, as a browser renders between ticks.
    for (let i = 0; i < 3; i += 1) tick(HOLD_INTERVAL_MS);
    expect(seconds()).toBe(5);
    fireEvent.pointerUp(plus);
    tick(1000);
    expect(seconds()).toBe(5);
  });
});

describe('files', () => {
  it('attachments are { fileName, base64 }; a file above 20971520 bytes is refused with a message', async () => {
    const { user, save, onSubmit } = renderForm([
      { field: 'files', type: 'attachments', title: 'Files' },
    ]);
    const input = screen.getByLabelText('Files');
    const small = new File(['hello'], 'a.txt', { type: 'text/plain' });
    const big = new File(['x'], 'big.bin');
    Object.defineProperty(big, 'size', { value: 20_971_521 });
    await user.upload(input, [small, big]);
    expect(await screen.findByText(/big\.bin is too large/)).toHaveTextContent('at most 20 MB');
    await screen.findByText('a.txt');
    await save();
    expect(submitted(onSubmit)).toEqual({ files: [{ fileName: 'a.txt', base64: btoa('hello') }] });
    await user.click(screen.getByRole('button', { name: 'Remove a.txt' }));
    await save();
    expect(submitted(onSubmit)).toEqual({ files: [] });
  });

  it('the picker names the file the form holds, with its size, not "No file chosen" (issue 17)', async () => {
    const { user } = renderForm([
      { field: 'file', type: 'attachments', title: 'File', multiple: false },
      { field: 'name', type: 'string', title: 'Name' },
    ]);
    const input = screen.getByLabelText('File');
    expect(describedText(input)).toBe('No file chosen');
    await user.type(screen.getByLabelText('Name'), 'Kept');
    await user.upload(input, new File(['x'.repeat(2048)], 'plan.pdf'));
    expect(await screen.findByText('plan.pdf (2 KB)')).toBeVisible();
    expect(screen.queryByText('No file chosen')).toBeNull();
    expect(describedText(input)).toBe('plan.pdf (2 KB)');
    // A second pick replaces the one file; Remove empties the field.
    await user.upload(input, new File(['abc'], 'other.pdf'));
    expect(await screen.findByText('other.pdf (3 B)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove other.pdf' }));
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Kept');
  });

  it('refuses at pick a file of a type the field does not accept, or whose content its check refuses, keeping the rest', async () => {
    const checkFile = vi.fn(async (file: File) =>
      (await file.text()).startsWith('OK') ? undefined : 'Not the right content',
    );
    const { user, save, onSubmit } = renderForm([
      { field: 'files', type: 'attachments', title: 'Files', accept: '.txt', checkFile },
      { field: 'name', type: 'string', title: 'Name' },
    ]);
    const input = screen.getByLabelText('Files');
    await user.type(screen.getByLabelText('Name'), 'Kept');
    await user.upload(input, new File(['OK 1'], 'a.txt'));
    expect(await screen.findByText('a.txt')).toBeInTheDocument();
    const picker = setupUser({ applyAccept: false });
    await picker.upload(input, [new File(['OK'], 'b.png'), new File(['bad'], 'c.txt')]);
    expect(await screen.findByText('Only .txt files can be uploaded')).toBeInTheDocument();
    expect(screen.getByText('Not the right content')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('b.png')).toBeNull();
    expect(screen.queryByText('c.txt')).toBeNull();
    await save();
    expect(submitted(onSubmit)).toEqual({
      files: [{ fileName: 'a.txt', base64: btoa('OK 1') }],
      name: 'Kept',
    });
  });

  it('avatar fields use the profile photo rules', async () => {
    const { user } = renderForm([{ field: 'avatar_Base64', type: 'avatar', title: 'Logo' }]);
    const big = new File(['x'], 'me.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 131_073 });
    await user.upload(screen.getByLabelText('Logo'), big);
    expect(
      await screen.findByText('File size is too large: the maximum is 128 KB'),
    ).toBeInTheDocument();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    await user.upload(
      screen.getByLabelText('Logo'),
      new File([png], 'me.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('img')).toHaveAttribute(
        'src',
        expect.stringMatching(/^data:image\/png;base64,/) as string,
      ),
    );
  });
});
