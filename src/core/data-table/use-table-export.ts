/**
 * CSV export (SPEC §7, §9; issue 16):
 *
 * - client mode: the displayed rows (search, filters, sort; every page), mapped by csvMapperFn
 *   (else the visible columns' text), built at once and saved, as before;
 * - server mode: every row matching the query, read from the source in batches (its exportRows,
 *   else fetchPage page after page) and written as it arrives (csv-export.ts): to the file where
 *   the browser can (showSaveFilePicker), otherwise in Blob chunks. A progress bar counts the
 *   rows and Cancel stops the reading and drops the file;
 * - 'Export selected' in both modes: the selected rows (server mode's 'all matching' streams the
 *   query, leaving out the unticked rows).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { showingInPlace } from '@/core/api';
import { csvFileName, downloadCsv, recordsToCsvText, toCsvText } from './csv';
import {
  blobSink,
  canPickFile,
  fileSink,
  writeCsv,
  type CsvLayout,
  type CsvSink,
} from './csv-export';
import type { ListQuery } from './list-params';
import { matchingRows, type ListSelection, type ListSource } from './list-source';
import { ColumnType, type ColumnSetting, type ColumnSettings, type RowRecord } from './types';
import { cellText } from './values';
import { useLatest } from './use-latest';

export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; written: number; total: number; totalIsEstimate: boolean }
  | { status: 'failed'; message: string };

/** Progress repaints at most this often (a million rows arrive in a thousand batches). */
const PROGRESS_INTERVAL_MS = 100;

const csvColumnsOf = <T extends RowRecord>(columns: ReadonlyArray<ColumnSetting<T>>) =>
  columns.filter((column) => column.type !== ColumnType.BUTTON_DROPDOWN);

/** Rows as CSV text at once (client mode, as SPEC §7 has it). */
function csvText<T extends RowRecord>(
  settings: ColumnSettings<T>,
  columns: ReadonlyArray<ColumnSetting<T>>,
  rows: readonly T[],
): string {
  if (settings.csvMapperFn) return recordsToCsvText(rows.map(settings.csvMapperFn));
  const csvColumns = csvColumnsOf(columns);
  return toCsvText(
    csvColumns.map((column) => column.title),
    rows.map((row) => csvColumns.map((column) => cellText(column, row))),
  );
}

function layoutOf<T extends RowRecord>(
  settings: ColumnSettings<T>,
  columns: ReadonlyArray<ColumnSetting<T>>,
): CsvLayout<T> {
  if (settings.csvMapperFn) return { kind: 'records', map: settings.csvMapperFn };
  const csvColumns = csvColumnsOf(columns);
  return {
    kind: 'columns',
    headers: csvColumns.map((column) => column.title),
    cells: (row) => csvColumns.map((column) => cellText(column, row)),
  };
}

async function* withoutIds<T>(
  batches: AsyncIterable<readonly T[]>,
  excluded: ReadonlySet<string>,
  rowId: (row: T, index: number) => string,
): AsyncGenerator<readonly T[]> {
  let index = 0;
  for await (const batch of batches) {
    yield batch.filter((row) => !excluded.has(rowId(row, index++)));
  }
}

export interface TableExportOptions<T extends RowRecord> {
  mode: 'client' | 'server';
  columnSettings: ColumnSettings<T>;
  columns: ReadonlyArray<ColumnSetting<T>>;
  /** Client: the displayed rows, every page, in order. */
  displayedRows: () => readonly T[];
  source: ListSource<T> | undefined;
  rowId: (row: T, index: number) => string;
  /** The committed query (server mode). */
  query: ListQuery;
  total: number;
  totalIsEstimate: boolean;
}

export function useTableExport<T extends RowRecord>(options: TableExportOptions<T>) {
  const latest = useLatest(options);
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  /** Client mode: the displayed rows as CSV text. */
  const buildCsv = useCallback((rows?: readonly T[]) => {
    const { columnSettings, columns, displayedRows } = latest.current;
    return csvText(columnSettings, columns, rows ?? displayedRows());
  }, []);

  const stream = useCallback(
    (
      open: () => Promise<CsvSink>,
      batches: (signal: AbortSignal) => AsyncIterable<readonly T[]>,
      total: number,
      totalIsEstimate: boolean,
    ) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const { columnSettings, columns } = latest.current;
      // The file picker must open within the click: open() is called before anything awaits.
      const sinkPromise = open();
      setState({ status: 'running', written: 0, total, totalIsEstimate });
      let painted = 0;
      const run = async () => {
        const sink = await sinkPromise;
        await writeCsv({
          batches: batches(controller.signal),
          layout: layoutOf(columnSettings, columns),
          sink,
          signal: controller.signal,
          onProgress: (written) => {
            const now = performance.now();
            if (now - painted < PROGRESS_INTERVAL_MS) return;
            painted = now;
            setState({ status: 'running', written, total, totalIsEstimate });
          },
        });
      };
      run()
        .then(
          () => setState({ status: 'idle' }),
          (error: unknown) => {
            if (
              controller.signal.aborted ||
              (error instanceof DOMException && error.name === 'AbortError')
            ) {
              setState({ status: 'idle' });
              return;
            }
            console.error('CSV export failed', error);
            const message =
              error instanceof Error && error.message ? error.message : 'The export failed.';
            setState({ status: 'failed', message: `Export failed: ${message}` });
            showingInPlace(error);
          },
        )
        .finally(() => {
          if (running.current === controller) running.current = null;
        });
    },
    [],
  );

  const openSink = useCallback(() => {
    const fileName = csvFileName(latest.current.columnSettings.entity);
    return canPickFile() ? fileSink(fileName) : Promise.resolve(blobSink(fileName));
  }, []);

  /** Export CSV: the displayed rows (client) or every row matching the query (server). */
  const exportCsv = useCallback(() => {
    const { mode, columnSettings, source, query, total, totalIsEstimate } = latest.current;
    if (mode === 'client' || !source) {
      downloadCsv(csvFileName(columnSettings.entity), buildCsv());
      return;
    }
    stream(openSink, (signal) => matchingRows(source, query, { signal }), total, totalIsEstimate);
  }, [buildCsv, openSink, stream]);

  /** Export selected: the selection's rows, or 'all matching' streamed without the unticked rows. */
  const exportSelection = useCallback(
    (selection: ListSelection<T>) => {
      const { columnSettings, source, rowId } = latest.current;
      if (selection.kind === 'ids') {
        downloadCsv(csvFileName(columnSettings.entity), buildCsv(selection.rows));
        return;
      }
      if (!source) return;
      const excluded = new Set(selection.excludedIds);
      stream(
        openSink,
        (signal) => withoutIds(matchingRows(source, selection.query, { signal }), excluded, rowId),
        selection.count,
        selection.countIsEstimate,
      );
    },
    [buildCsv, openSink, stream],
  );

  const cancelExport = useCallback(() => running.current?.abort(), []);
  // Leaving the page stops an export (its file is dropped).
  useEffect(() => () => running.current?.abort(), []);
  const dismissExportError = useCallback(() => setState({ status: 'idle' }), []);

  return {
    exportState: state,
    buildCsv,
    exportCsv,
    exportSelection,
    cancelExport,
    dismissExportError,
  };
}
