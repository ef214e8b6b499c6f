import { render, screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../user';
import { dataRows, TableProviders } from '../data-table/harness';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CustomDataEditor,
  CustomDataRecordsPanel,
  type CustomDataRecord,
} from '@/core/custom-data';
import { ToastHost } from '@/core/notify';

// Busy CI machines (2 cores): allow slow renders of the heavy widgets.
vi.setConfig({ testTimeout: 30_000 });

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const record = (data: string, over: Partial<CustomDataRecord> = {}): CustomDataRecord => ({
  id: 'rec-1',
  name: 'Banner',
  description: 'Shown on start',
  executionPriority: 2,
  data,
  ...over,
});

const samples: Record<string, string> = {
  Arbitrary: JSON.stringify({ anything: [1, 2, { deep: true }] }),
  DatedMessage: JSON.stringify({
    type: 'DatedMessage',
    afterDate: '2024-01-01T00:00:00.000Z',
    beforeDate: '2024-02-01T00:00:00.000Z',
    translatedTitle: { en: 'Hello', fr: 'Bonjour' },
    translatedMessage: { en: 'Welcome' },
  }),
  EnforceMinimumVersion: JSON.stringify({
    type: 'EnforceMinimumVersion',
    warningMinimumVersion: '24.01.15.1234',
    criticalMinimumVersion: '23.12.01.abcd',
  }),
  DatedIcon: JSON.stringify({
    type: 'DatedIcon',
    startDate: '2024-03-01T00:00:00.000Z',
    endDate: '2024-04-01T00:00:00.000Z',
    iconBase64: PNG,
  }),
  DatedButton: JSON.stringify({
    type: 'DatedButton',
    startDate: '2024-03-01T00:00:00.000Z',
    endDate: '2024-04-01T00:00:00.000Z',
    iconBase64: `data:image/png;base64,${PNG}`,
    caption: { en: 'Go' },
    message: { en: 'Try it' },
  }),
};

function renderEditor(data: string, over: Partial<Parameters<typeof CustomDataEditor>[0]> = {}) {
  const onSave = vi.fn<(r: CustomDataRecord) => void>();
  const onDelete = vi.fn<(r: CustomDataRecord) => void>();
  const onClose = vi.fn();
  const user = setupUser();
  const rec = record(data);
  render(
    <>
      <ToastHost />
      <CustomDataEditor
        open
        record={rec}
        onSave={onSave}
        onDelete={onDelete}
        onClose={onClose}
        {...over}
      />
    </>,
  );
  return { onSave, onDelete, onClose, user, rec };
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

beforeAll(async () => {
  await Promise.all([
    import('@/core/forms/fields/date-field'),
    import('@/core/forms/fields/dropdown-field'),
  ]);
});

describe('CustomDataEditor', () => {
  it.each(Object.keys(samples))('%s round-trips through Save, then closes', async (type) => {
    const data = samples[type] ?? '';
    const { onSave, onClose, user, rec } = renderEditor(data);
    const dialog = screen.getByRole('dialog', { name: 'Edit Custom Data' });
    expect(await within(dialog).findByText(type)).toBeInTheDocument();
    // A type with a date waits for the date field's code before Save can be pressed.
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = onSave.mock.calls[0]?.[0];
    expect(saved).toMatchObject({
      id: rec.id,
      name: rec.name,
      description: rec.description,
      executionPriority: rec.executionPriority,
    });
    expect(JSON.parse(saved?.data ?? '')).toEqual(JSON.parse(data));
    if (type === 'Arbitrary') expect(JSON.parse(saved?.data ?? '')).not.toHaveProperty('type');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the record fields: read-only id, required name with its placeholder', async () => {
    const { user, onSave } = renderEditor(samples.Arbitrary ?? '');
    expect(screen.getByLabelText(/^Id/)).toBeDisabled();
    expect(screen.getByLabelText(/^Id/)).toHaveValue('rec-1');
    const name = screen.getByPlaceholderText('Enter Name');
    await user.clear(name);
    await user.click(saveButton());
    expect(await screen.findByText('Mandatory field')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('invalid Arbitrary JSON shows its parse message and blocks Save; valid JSON clears it', async () => {
    const { user, onSave } = renderEditor('{}');
    const json = screen.getByLabelText('JSON');
    await user.clear(json);
    await user.type(json, '{{"a": ');
    expect(json).toHaveAttribute('aria-invalid', 'true');
    expect(json.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(json.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toMatch(/JSON|Unexpected|Expected/);
    expect(saveButton()).toBeDisabled();
    await user.type(json, '1}');
    expect(json).not.toHaveAttribute('aria-invalid');
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0].data).toBe('{"a":1}');
  });

  it('a corrupt stored record opens as Arbitrary with empty JSON and the toast', async () => {
    renderEditor('{not json');
    expect(await screen.findByText('Failed to parse custom data JSON')).toBeInTheDocument();
    expect(screen.getByLabelText('JSON')).toHaveValue('{}');
    expect(await screen.findByText('Arbitrary')).toBeInTheDocument();
  });

  it('choosing a type switches the form; the new type saves with its type', async () => {
    const { user, onSave } = renderEditor('{}');
    const type = await screen.findByLabelText(/^Type/);
    await user.click(type);
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'EnforceMinimumVersion' }));
    expect(screen.queryByLabelText('JSON')).not.toBeInTheDocument();
    const warning = screen.getByLabelText(/^Warning minimum version/);
    await user.type(warning, '24.1.1');
    await user.type(screen.getByLabelText(/^Critical minimum version/), '24.01.01.99');
    await user.click(saveButton());
    expect(
      await screen.findByText('Version must be in the format YY.MM.DD.Commit'),
    ).toBeInTheDocument();
    await user.clear(warning);
    await user.type(warning, '24.02.01.100');
    await user.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(JSON.parse(onSave.mock.calls[0]?.[0].data ?? '')).toEqual({
      type: 'EnforceMinimumVersion',
      warningMinimumVersion: '24.02.01.100',
      criticalMinimumVersion: '24.01.01.99',
    });
  });

  it('DatedMessage fields are all required; dictionaries start with an en key', async () => {
    const { user, onSave } = renderEditor('{}');
    await user.click(await screen.findByLabelText(/^Type/));
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'DatedMessage' }));
    expect(await screen.findByLabelText(/^After date/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Translated title key 1' })).toHaveValue('en');
    await user.click(saveButton());
    await waitFor(() => expect(screen.getAllByText('Mandatory field')).toHaveLength(4));
    expect(onSave).not.toHaveBeenCalled();
  });

  it.each([
    ['Arbitrary', [/^Execution Priority/]],
    ['EnforceMinimumVersion', [/^Warning minimum version/, /^Critical minimum version/]],
    ['DatedIcon', [/^Icon \(base64\)/]],
    ['DatedButton', [/^Icon \(base64\)/]],
  ] as const)(
    'SPEC §3 required fields: %s cannot be saved with them empty, each says "Mandatory field"',
    async (type, labels) => {
      const { user, onSave } = renderEditor(samples[type] ?? '');
      await waitFor(() => expect(saveButton()).toBeEnabled());
      for (const label of labels) await user.clear(screen.getByLabelText(label));
      await user.click(saveButton());
      for (const label of labels) {
        const field = screen.getByLabelText(label);
        await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
        expect(field).toHaveAccessibleDescription(expect.stringContaining('Mandatory field'));
      }
      expect(onSave).not.toHaveBeenCalled();
    },
  );

  it('DatedIcon previews only safe images', async () => {
    const { user } = renderEditor(samples.DatedIcon ?? '');
    const preview = await screen.findByRole('img', { name: 'Icon preview' });
    expect(preview).toHaveAttribute('src', `data:image/png;base64,${PNG}`);
    const icon = screen.getByLabelText(/^Icon \(base64\)/);
    await user.clear(icon);
    await user.type(icon, 'javascript:alert(1)');
    expect(screen.queryByRole('img', { name: 'Icon preview' })).not.toBeInTheDocument();
    expect(screen.getByText(/No preview/)).toBeInTheDocument();
  });

  it('Delete sends the record to the delete handler and closes', async () => {
    const { user, onDelete, onClose, rec } = renderEditor(samples.Arbitrary ?? '');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(rec));
    expect(onClose).toHaveBeenCalled();
  });

  it('server field errors of a failed save show under the fields and keep it open', async () => {
    const onSave = vi.fn(() =>
      Promise.reject(
        Object.assign(new Error('400'), {
          fieldErrors: { Name: { message: 'Name taken', errorCode: 'Dup' } },
        }),
      ),
    );
    const { user, onClose } = renderEditor(samples.Arbitrary ?? '', { onSave });
    await user.click(saveButton());
    expect(await screen.findByText('Name taken')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('CustomDataRecordsPanel', () => {
  const records: CustomDataRecord[] = [
    record(samples.DatedIcon ?? '', { id: 1, name: 'Icon', executionPriority: 5 }),
    record(samples.Arbitrary ?? '', { id: 2, name: 'Free', executionPriority: 1 }),
  ];

  it('lists name, type and priority; Add, Edit and Delete use the caller callbacks', async () => {
    const user = setupUser();
    const onSave = vi.fn();
    const onDelete = vi.fn();
    render(
      <CustomDataRecordsPanel
        records={records}
        onSave={onSave}
        onDelete={onDelete}
        newRecordId={() => 'new-1'}
      />,
      { wrapper: TableProviders },
    );
    const rows = dataRows(document.body);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Free', 'Arbitrary', '1'],
      ['Icon', 'DatedIcon', '5'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Edit: Free' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Custom Data' });
    expect(within(dialog).getByPlaceholderText('Enter Name')).toHaveValue('Free');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ id: 2, name: 'Free' }), {
        isNew: false,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add' }));
    const addDialog = screen.getByRole('dialog', { name: 'Edit Custom Data' });
    expect(within(addDialog).getByLabelText(/^Id/)).toHaveValue('new-1');
    expect(within(addDialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.type(within(addDialog).getByPlaceholderText('Enter Name'), 'Fresh');
    await user.click(within(addDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenLastCalledWith(
        expect.objectContaining({ id: 'new-1', name: 'Fresh', executionPriority: 0, data: '{}' }),
        { isNew: true },
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete: Icon' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Custom Data' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(records[0]);
  });

  it('pages many records with the true total; search finds one; Edit opens it', async () => {
    const user = setupUser();
    const many = Array.from({ length: 25 }, (_, i) =>
      record(samples.Arbitrary ?? '', {
        id: i + 1,
        name: `Setting ${String(i + 1).padStart(2, '0')}`,
        executionPriority: i + 1,
      }),
    );
    render(<CustomDataRecordsPanel records={many} onSave={vi.fn()} onDelete={vi.fn()} />, {
      wrapper: TableProviders,
    });
    const table = within(screen.getByRole('region', { name: 'Custom Data' }));
    expect(table.getByText('Showing 1–20 of 25')).toBeInTheDocument();
    expect(dataRows(document.body)).toHaveLength(20);
    expect(table.queryByText('Setting 25')).not.toBeInTheDocument();
    await user.type(table.getByPlaceholderText('Search 25 records...'), 'Setting 25');
    await user.click(await table.findByRole('button', { name: 'Edit: Setting 25' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Custom Data' });
    expect(within(dialog).getByPlaceholderText('Enter Name')).toHaveValue('Setting 25');
  });
});
