/**
 * The data table of every list screen (SPEC §2, §3, §4; issue 16): the controller (controller.ts,
 * composed of small hooks) and a thin Bootstrap view reading it through DataTableContext.
 */
import { Suspense, type ReactNode, type SyntheticEvent } from 'react';
import { lazyModule } from '@/core/lazy';
import { BlockingOverlay } from '@/core/ui/loaders';
import { DataTableProvider } from './context';
import { useDataTableController, type DataTableOptions } from './controller';
import { SelectionBanner } from './selection-banner';
import { DataTableBody } from './table-body';
import { DataTableFooter } from './table-footer';
import { DataTableHeader } from './table-header';
import { TABLE_TEXT } from './texts';
import type { ModalRenderProps, RowRecord } from './types';
import './data-table.css';

export { TABLE_TEXT };

// Issue 16: the dialog and its form engine load when a bulk action is first chosen (or hovered).
const BulkDialog = lazyModule(() => import('./bulk-dialog')).component('BulkDialog');

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
  /** Hide the CSV export buttons. */
  hideExport?: boolean;
  /**
   * Starts loading what renderModal renders (its lazy components' preload), called when a
   * button that opens the modal is hovered or focused: the first click does not wait visibly.
   */
  preloadModal?: () => unknown;
}

/**
 * SPEC §2 data table screen: a header with the entity name and a ribbon of buttons, a filter row
 * under the column headings, the body, and a footer with page navigation and page size.
 */
export function DataTable<T extends RowRecord, TEditor = unknown>(
  props: DataTableProps<T, TEditor>,
) {
  const controller = useDataTableController<T, TEditor>(props);
  const { renderModal, preloadModal } = props;
  const { totals, errorMessage } = controller;
  // A button marked data-opens-dialog (the ribbon's actions, the bulk actions, a row's actions)
  // starts loading the dialogs' code when hovered or focused.
  const preloadDialogs = (event: SyntheticEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest('[data-opens-dialog]')) return;
    // A failed preload is tried again when the dialog renders, which shows its own error.
    void BulkDialog.preload().catch(() => undefined);
    void Promise.resolve(preloadModal?.()).catch(() => undefined);
  };
  return (
    <DataTableProvider value={controller as never}>
      <section
        className="dt"
        aria-label={controller.columnSettings.entity}
        onPointerOver={preloadDialogs}
        onFocus={preloadDialogs}
      >
        <DataTableHeader title={props.title} ribbon={props.ribbon} hideExport={props.hideExport} />
        {totals.incomplete && (
          <div className="alert alert-warning py-2 mb-2" role="status">
            {TABLE_TEXT.incompleteNotice(totals.loaded, totals.total)}
          </div>
        )}
        {errorMessage && (
          <div className="alert alert-danger py-2 mb-2" role="alert">
            {errorMessage}
          </div>
        )}
        <SelectionBanner />
        <DataTableBody />
        <DataTableFooter />
      </section>
      {/* Until a dialog's code has arrived, the blocking loader stands over the unchanged page. */}
      <Suspense fallback={<BlockingOverlay />}>
        {controller.bulkState.step !== 'closed' && <BulkDialog />}
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
      </Suspense>
    </DataTableProvider>
  );
}
