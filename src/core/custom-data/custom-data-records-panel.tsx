import { useMemo, useState } from 'react';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataTable,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { Modal } from '@/core/ui/modal';
import { typeOfRecord, type CustomDataRecord } from './codec';
import { CustomDataEditor } from './custom-data-editor';

export interface CustomDataRecordsPanelProps {
  records: readonly CustomDataRecord[];
  onSave: (record: CustomDataRecord, meta: { isNew: boolean }) => void | Promise<void>;
  onDelete: (record: CustomDataRecord) => void | Promise<void>;
  /** The id of a record being added (default: a random UUID). */
  newRecordId?: () => string | number;
  title?: string;
  /** Read-only list: no Add, Edit or Delete. */
  readOnly?: boolean;
}

type Editing = { record: CustomDataRecord; isNew: boolean } | null;

/** The records' columns; the title names the table (its heading and its CSV file). */
function recordColumns(title: string): ColumnSettings<CustomDataRecord> {
  return {
    entity: title,
    columns: [
      { id: 'name', title: 'Name' },
      { id: 'type', title: 'Type', accessor: typeOfRecord },
      { id: 'executionPriority', title: 'Execution Priority', type: ColumnType.NUMBER },
    ],
    // Lowest execution priority first, as the records run.
    sortIndex: 2,
    csvMapperFn: (record) => ({
      Name: record.name,
      Type: typeOfRecord(record),
      'Execution Priority': record.executionPriority,
    }),
  };
}

/**
 * The custom data records of an owner (a product, an organisation): name, type and execution
 * priority in the data table, with Add, Edit and Delete through the 'Edit Custom Data' editor.
 */
export function CustomDataRecordsPanel({
  records,
  onSave,
  onDelete,
  newRecordId = () => crypto.randomUUID(),
  title = 'Custom Data',
  readOnly = false,
}: CustomDataRecordsPanelProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [deleting, setDeleting] = useState<CustomDataRecord | null>(null);
  const columnSettings = useMemo(() => recordColumns(title), [title]);
  const actions = useMemo<RowAction<CustomDataRecord>[]>(
    () =>
      readOnly
        ? []
        : [
            {
              action: ActionKind.EDIT,
              buttonTitle: 'Edit',
              buttonText: 'Edit',
              display: ActionDisplay.INLINE,
              onRun: (record) => {
                setEditing({ record, isNew: false });
                setEditorOpen(true);
              },
            },
            {
              action: ActionKind.DELETE,
              buttonTitle: 'Delete',
              buttonText: 'Delete',
              display: ActionDisplay.INLINE,
              onRun: setDeleting,
            },
          ],
    [readOnly],
  );

  return (
    // Issue 17: a details page's list is a data table too (search, sort, paging, the true total).
    <>
      <DataTable<CustomDataRecord>
        columnSettings={columnSettings}
        rows={records}
        getRowId={(record) => String(record.id)}
        selectable={false}
        urlKey="custom-data"
        actions={actions}
        ribbon={
          readOnly ? null : (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={() => {
                setEditing({
                  record: {
                    id: newRecordId(),
                    name: '',
                    description: '',
                    executionPriority: 0,
                    data: '',
                  },
                  isNew: true,
                });
                setEditorOpen(true);
              }}
            >
              Add
            </button>
          )
        }
      />
      <CustomDataEditor
        open={editorOpen}
        record={editing?.record ?? null}
        isNew={editing?.isNew}
        onClose={() => setEditorOpen(false)}
        onSave={(record) => onSave(record, { isNew: editing?.isNew ?? false })}
        onDelete={onDelete}
      />
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete Custom Data"
        footer={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setDeleting(null)}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                const record = deleting;
                setDeleting(null);
                if (record)
                  void Promise.resolve(onDelete(record)).catch((e: unknown) => console.error(e));
              }}
            >
              Delete
            </button>
          </>
        }
      >
        <p className="mb-0">Delete the custom data record &lsquo;{deleting?.name}&rsquo;?</p>
      </Modal>
    </>
  );
}
