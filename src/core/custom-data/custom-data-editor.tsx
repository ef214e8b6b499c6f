import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { FormEngine, type FormValues } from '@/core/forms';
import { notify } from '@/core/notify';
import { Modal } from '@/core/ui/modal';
import {
  decodeCustomData,
  encodeCustomData,
  FAILED_TO_PARSE,
  isCustomDataType,
  jsonParseError,
  type CustomDataRecord,
  type CustomDataType,
} from './codec';
import { customDataFormSettings } from './settings';

export interface CustomDataEditorProps {
  /** The record to edit; a new record has its id already (read-only) and empty data. */
  record: CustomDataRecord | null;
  open: boolean;
  onClose: () => void;
  /** Receives the record with data as a JSON string. A thrown ApiError's field errors show in the form. */
  onSave: (record: CustomDataRecord) => void | Promise<void>;
  /** Receives the record; absent (or isNew) hides Delete. */
  onDelete?: (record: CustomDataRecord) => void | Promise<void>;
  /** A record being created: no Delete. */
  isNew?: boolean;
}

/** SPEC §2 'Edit Custom Data' modal over the five data types (SPEC §3, §4). */
export function CustomDataEditor(props: CustomDataEditorProps) {
  const { open, onClose, record } = props;
  return (
    <Modal open={open && record !== null} onClose={onClose} title="Edit Custom Data" size="lg">
      {record && <CustomDataForm {...props} record={record} />}
    </Modal>
  );
}

/** Mounted while the modal shows: closing unmounts it, which resets it. */
function CustomDataForm({
  record,
  onClose,
  onSave,
  onDelete,
  isNew,
}: CustomDataEditorProps & { record: CustomDataRecord }) {
  const formId = `custom-data-${useId().replace(/:/g, '')}`;
  const decoded = useMemo(() => decodeCustomData(record.data), [record.data]);
  const [type, setType] = useState<CustomDataType>(decoded.type);
  const [jsonText, setJsonText] = useState(decoded.arbitraryText);
  const [parseError, setParseError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  // SPEC §4: stored data that fails to parse opens as Arbitrary with empty JSON, and says so.
  useEffect(() => {
    if (!decoded.ok)
      notify.error(FAILED_TO_PARSE, { id: `custom-data-parse-${String(record.id)}` });
  }, [decoded, record.id]);

  const defaultValues = useMemo<FormValues>(
    () => ({
      id: record.id,
      name: record.name,
      description: record.description ?? '',
      executionPriority: record.executionPriority,
      type: decoded.type,
      fields: decoded.fields,
    }),
    [record, decoded],
  );

  const onValuesChange = useCallback((values: FormValues) => {
    if (isCustomDataType(values.type)) setType(values.type);
  }, []);

  const submit = async (values: FormValues) => {
    const chosen = isCustomDataType(values.type) ? values.type : 'Arbitrary';
    if (chosen === 'Arbitrary' && jsonParseError(jsonText) !== undefined) return;
    const fields = (values.fields ?? {}) as Record<string, unknown>;
    const description = typeof values.description === 'string' ? values.description : '';
    const saved: CustomDataRecord = {
      id: record.id,
      name: String(values.name ?? '').trim(),
      description,
      executionPriority: Number(values.executionPriority),
      data: encodeCustomData(chosen, fields, jsonText),
    };
    await onSave(saved);
    onClose();
  };

  const remove = async () => {
    if (!onDelete) return;
    setBusy(true);
    try {
      await onDelete(record);
      onClose();
    } catch (error) {
      console.error(error);
    } finally {
      setBusy(false);
    }
  };

  const jsonId = `${formId}-json`;
  const jsonErrorId = `${jsonId}-error`;
  const saveBlocked = type === 'Arbitrary' && parseError !== undefined;

  return (
    <FormEngine
      id={formId}
      settings={customDataFormSettings}
      defaultValues={defaultValues}
      onSubmit={submit}
      onValuesChange={onValuesChange}
      submitLabel="Save"
      submitDisabled={saveBlocked || busy}
      actions={
        <>
          {onDelete && !isNew && (
            <button
              type="button"
              className="btn btn-outline-danger me-auto"
              disabled={busy}
              onClick={() => void remove()}
            >
              Delete
            </button>
          )}
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      {type === 'Arbitrary' && (
        <div className="mb-3">
          <label htmlFor={jsonId} className="form-label">
            JSON
          </label>
          <textarea
            id={jsonId}
            className={`form-control font-monospace${parseError ? ' is-invalid' : ''}`}
            rows={10}
            spellCheck={false}
            value={jsonText}
            aria-invalid={parseError ? true : undefined}
            aria-describedby={parseError ? jsonErrorId : undefined}
            onChange={(e) => {
              // SPEC §4: parsed on every edit; an invalid parse shows its message and blocks Save.
              setJsonText(e.target.value);
              setParseError(jsonParseError(e.target.value));
            }}
          />
          {parseError && (
            <div id={jsonErrorId} className="text-danger small">
              {parseError}
            </div>
          )}
        </div>
      )}
    </FormEngine>
  );
}
