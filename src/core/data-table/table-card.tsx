import type { ReactNode } from 'react';
import { ConfirmModal, preloadDialogs } from '@/core/ui/lazy-dialogs';
import { DataTable, type DataTableProps } from './data-table';
import type { RowRecord } from './types';

/** What a row's removal asks before it runs. */
export interface RemovalConfirmation {
  title: string;
  confirmLabel: string;
  /** The question, naming what is removed. */
  message: ReactNode;
  onConfirm: () => Promise<unknown>;
}

export interface TableCardProps<T extends RowRecord> extends Omit<
  DataTableProps<T>,
  'title' | 'selectable' | 'renderModal'
> {
  /** The card's heading, and the table's name for assistive technology. */
  heading: string;
  /** Before the table: what the list is, the buttons that add to it. */
  intro?: ReactNode;
  /** The list is known to be empty: emptyText stands instead of the table. */
  isEmpty: boolean;
  emptyText: ReactNode;
  /** The confirmation a row's removal (the table's modal) opens with. */
  confirmRemoval: (row: T) => RemovalConfirmation;
  /** After the table: the forms that add to the list. */
  children?: ReactNode;
}

/**
 * A card of a details page holding one of the record's lists (a blast's shares, its links):
 * issues 16/17, a details page's list is a data table too, paged by the server with the true
 * total, each under its own URL key. A row's removal asks first.
 */
export function TableCard<T extends RowRecord>({
  heading,
  intro,
  isEmpty,
  emptyText,
  confirmRemoval,
  children,
  ...table
}: TableCardProps<T>) {
  return (
    <div className="card h-100">
      <div className="card-body">
        <h3 className="h5">{heading}</h3>
        {intro}
        {isEmpty ? (
          <p className="text-body-secondary">{emptyText}</p>
        ) : (
          <div className={children ? 'mb-3' : undefined}>
            <DataTable<T>
              {...table}
              title={<span className="visually-hidden">{heading}</span>}
              selectable={false}
              preloadModal={preloadDialogs}
              renderModal={({ row, close }) => {
                if (!row) return null;
                const { message, ...confirmation } = confirmRemoval(row);
                return (
                  <ConfirmModal {...confirmation} onClose={close}>
                    <p className="mb-0">{message}</p>
                  </ConfirmModal>
                );
              }}
            />
          </div>
        )}
        {children}
      </div>
    </div>
  );
}
