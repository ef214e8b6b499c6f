import { useState } from 'react';
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

/**
 * The custom data records of an owner (a product, an organisation): name, type and execution
 * priority, with Add, Edit and Delete through the 'Edit Custom Data' editor.
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
  const sorted = [...records].sort((a, b) => a.executionPriority - b.executionPriority);

  const openEditor = (next: NonNullable<Editing>) => {
    setEditing(next);
    setEditorOpen(true);
  };

  return (
    <section className="card" aria-labelledby="custom-data-panel-title">
      <div className="card-header d-flex align-items-center justify-content-between">
        <h2 className="fs-6 mb-0" id="custom-data-panel-title">
          {title}
        </h2>
        {!readOnly && (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() =>
              openEditor({
                record: {
                  id: newRecordId(),
                  name: '',
                  description: '',
                  executionPriority: 0,
                  data: '',
                },
                isNew: true,
              })
            }
          >
            Add
          </button>
        )}
      </div>
      <div className="table-responsive">
        <table className="table table-sm table-hover mb-0">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Execution Priority</th>
              {!readOnly && (
                <th scope="col" className="table-actions">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {sorted.length === 0 && (
              <tr>
                <td colSpan={readOnly ? 3 : 4} className="text-body-secondary">
                  No data found
                </td>
              </tr>
            )}
            {sorted.map((record) => (
              <tr key={String(record.id)}>
                <td>{record.name}</td>
                <td>{typeOfRecord(record)}</td>
                <td>{record.executionPriority}</td>
                {!readOnly && (
                  <td className="table-actions text-end text-nowrap">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary me-1"
                      aria-label={`Edit ${record.name}`}
                      onClick={() => openEditor({ record, isNew: false })}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={`Delete ${record.name}`}
                      onClick={() => setDeleting(record)}
                    >
                      Delete
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
    </section>
  );
}
