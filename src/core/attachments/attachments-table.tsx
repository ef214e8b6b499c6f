import { useMemo, type ReactNode } from 'react';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataTable,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { formatFileSize } from '@/core/format';

/** A file attached to a record, as the contracts list it. */
export interface Attachment {
  id: number;
  fileName: string;
  size: number;
}

const columnSettings: ColumnSettings<Attachment> = {
  entity: 'Attachments',
  columns: [
    { id: 'fileName', title: 'File' },
    {
      id: 'size',
      title: 'Size',
      // Shown as '1.5 KB', sorted by bytes (issue 17). No filter: a range in bytes is nothing a
      // user types, and the text ('2 KB') is no value to filter by.
      type: ColumnType.NUMBER,
      displayText: (a) => formatFileSize(a.size),
      isFilterable: false,
      width: '8rem',
    },
  ],
  sortIndex: 0,
  csvMapperFn: (a) => ({ File: a.fileName, Size: a.size }),
};

export interface AttachmentsTableProps {
  attachments: readonly Attachment[];
  /** Fetches the file with the token and saves it (a refusal is toasted by the API client). */
  download: (attachment: Attachment) => Promise<void>;
  /** Keeps this table's URL state apart from the page's other tables (docs/data-table.md). */
  urlKey?: string;
  /** The heading ('Attachments'). */
  title?: ReactNode;
  /** Buttons beside the export (Upload). */
  ribbon?: ReactNode;
}

/**
 * A record's attachments (issue 17: a details page's list is a data table too): any number of
 * files, searched, sorted and paged with the true total; each row's Download is busy
 * ('Downloading…') until the file is saved.
 */
export function AttachmentsTable({
  attachments,
  download,
  urlKey,
  title,
  ribbon,
}: AttachmentsTableProps) {
  const actions = useMemo<RowAction<Attachment>[]>(
    () => [
      {
        action: ActionKind.EDIT,
        buttonTitle: 'Download',
        buttonText: 'Download',
        busyText: 'Downloading…',
        display: ActionDisplay.INLINE,
        ariaLabelFn: (a) => `Download ${a.fileName}`,
        onRun: download,
      },
    ],
    [download],
  );
  return (
    <DataTable<Attachment>
      columnSettings={columnSettings}
      title={title}
      rows={attachments}
      getRowId={(a) => String(a.id)}
      selectable={false}
      urlKey={urlKey}
      ribbon={ribbon}
      actions={actions}
    />
  );
}
