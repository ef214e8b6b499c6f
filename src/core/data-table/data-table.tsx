import type { ReactNode } from 'react';
import { DataTableProvider } from './context';
import { useDataTableController, type DataTableOptions } from './controller';
import { DataTableFooter } from './footer';
import { DataTableBody } from './table-body';
import { DataTableHeader } from './toolbar';
import type { ModalRenderProps, RowRecord } from './types';
import './data-table.css';

export { TABLE_TEXT } from './text';

export interface DataTableProps<T extends RowRecord, TEditor = unknown> extends DataTableOptions<
  T,
  TEditor
> {
  /** The heading; the entity name when absent. */
  title?: ReactNode;
  /** The table's modal content (an editor), rendered while the modal is open. */
  renderModal?: (props: ModalRenderProps<T, TEditor>) => ReactNode;
  /** More buttons for the ribbon. */
  ribbon?: ReactNode;
  /** Hide the CSV export button. */
  hideExport?: boolean;
}

/**
 * SPEC §2 data table screen: a header with the entity name and a ribbon of buttons, a filter row
 * under the column headings, the body, and a footer with page navigation and page size.
 */
export function DataTable<T extends RowRecord, TEditor = unknown>(
  props: DataTableProps<T, TEditor>,
) {
  const controller = useDataTableController<T, TEditor>(props);
  const { renderModal } = props;
  return (
    <DataTableProvider value={controller as never}>
      <section className="dt" aria-label={controller.columnSettings.entity}>
        <DataTableHeader title={props.title} ribbon={props.ribbon} hideExport={props.hideExport} />
        <DataTableBody />
        <DataTableFooter />
      </section>
      {controller.isModalOpen &&
        controller.modalAction !== null &&
        renderModal?.({
          action: controller.modalAction,
          rows: controller.modalRows,
          row: controller.modalRows[0] ?? null,
          initialData: controller.modalInitialData,
          editorSettings: controller.editorSettings,
          close: controller.closeModal,
          refresh: controller.refresh,
        })}
    </DataTableProvider>
  );
}
