import type { Blast, BlastListItem } from '@/contract/data/blasts';
import { blastMetadataSchema } from '@/contract/data/blasts';
import {
  BLAST_FILE_EXTENSION,
  BLAST_FILE_TYPE_MESSAGE,
  BLST_FIRST_LINE,
  BLST_FIRST_LINE_PROBLEM,
  invalidBlstMessage,
} from '@/contract/data/blasts';
import { readFileHead } from '@/core/files';
import {
  attachmentsOf,
  FormModal,
  type FormSettings,
  type FormValues,
  withContractLimits,
} from '@/core/forms';

export const STATUS_ITEMS = [
  { id: 'fired', label: 'Fired' },
  { id: 'planned', label: 'Planned' },
];

export const ONLY_BLST_MESSAGE = BLAST_FILE_TYPE_MESSAGE;
/** A picked file whose first line is not the .blst magic (the server's message). */
export const NOT_BLST_MESSAGE = invalidBlstMessage(BLST_FIRST_LINE_PROBLEM);

/**
 * A picked file's content, checked when it is picked (issue 17): a .blst file starts with the
 * line 'BLST 1' (a byte-order mark before it allowed, as the server's parser allows it).
 */
export async function blastFileProblem(file: File): Promise<string | undefined> {
  const head = new TextDecoder().decode(await readFileHead(file, 256));
  const firstLine = head
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)[0]
    ?.trim();
  return firstLine === BLST_FIRST_LINE ? undefined : NOT_BLST_MESSAGE;
}
export const CHOOSE_FILE_MESSAGE = 'Choose a .blst file';

/** Upload validation (before any request): exactly one file, with the .blst extension. */
export function uploadFileProblem(value: unknown): string | undefined {
  const files = attachmentsOf(value);
  if (files.length === 0) return CHOOSE_FILE_MESSAGE;
  if (files.length > 1) return 'Choose one file';
  const name = files[0]?.fileName.trim().toLowerCase() ?? '';
  return name.endsWith(BLAST_FILE_EXTENSION) ? undefined : ONLY_BLST_MESSAGE;
}

const isFired = (values: FormValues) => values.status !== 'planned';

/** Upload and edit share the metadata fields; upload adds the file. */
export function blastFormSettings(mode: 'upload' | 'edit'): FormSettings {
  return withContractLimits(blastMetadataSchema, {
    rows: [
      ...(mode === 'upload'
        ? [
            [
              {
                field: 'file',
                type: 'attachments' as const,
                title: 'Blast file (.blst)',
                accept: BLAST_FILE_EXTENSION,
                multiple: false,
                isMandatory: true,
                tooltip: 'A .blst file of at most 20 MiB',
                checkFile: blastFileProblem,
                validate: (value: unknown) => uploadFileProblem(value),
              },
            ],
          ]
        : []),
      [
        {
          field: 'name',
          type: 'string' as const,
          title: 'Name',
          isMandatory: mode === 'edit',
          placeholder: mode === 'upload' ? 'From the file when empty' : 'Enter Name',
        },
      ],
      [
        {
          field: 'description',
          type: 'textArea' as const,
          title: 'Description',
          rows: 2,
        },
      ],
      [
        {
          field: 'status',
          type: 'dropdown' as const,
          title: 'Status',
          isMandatory: true,
          dropdownData: STATUS_ITEMS,
          isAnIsDisabledTrigger: true,
          width: 4,
        },
        {
          field: 'firedAt',
          type: 'date' as const,
          title: 'Fired on',
          isVisible: isFired,
          width: 4,
        },
        { field: 'plannedAt', type: 'date' as const, title: 'Planned for', width: 4 },
      ],
    ],
  });
}

export interface BlastModalProps {
  mode: 'upload' | 'edit';
  blast: BlastListItem | Blast | null;
  onSubmit: (values: FormValues) => Promise<void>;
  onClose: () => void;
}

/** Upload a .blst file, or edit a blast's metadata (FormEngine; server errors under the fields). */
export function BlastModal({ mode, blast, onSubmit, onClose }: BlastModalProps) {
  const defaults: FormValues = blast
    ? {
        name: blast.name,
        description: blast.description ?? '',
        status: blast.status,
        firedAt: blast.firedAt ?? null,
        plannedAt: blast.plannedAt ?? null,
      }
    : { file: [], name: '', description: '', status: 'fired', firedAt: null, plannedAt: null };
  return (
    <FormModal
      onClose={onClose}
      size="lg"
      title={mode === 'upload' ? 'Upload a blast' : `Edit ${blast?.name ?? 'blast'}`}
      settings={blastFormSettings(mode)}
      defaultValues={defaults}
      submitLabel={mode === 'upload' ? 'Upload' : 'Save'}
      onSubmit={onSubmit}
    />
  );
}
