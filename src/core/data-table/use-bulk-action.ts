/**
 * The bulk-action runner (issue 16): a bulk action asks first, with the count; then runs once
 * through the ListSource's handler (ids, or the query for 'all matching': one request, never a
 * call per row), shows progress, and ends with what was done and what was refused. The table is
 * refreshed after it ran, and the selection cleared once it answered (a failed run keeps it).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { showingInPlace } from '@/core/api';
import type { BulkResult, ListSelection, ListSource } from './list-source';
import type { BulkActionSetting, RowRecord } from './types';
import { useLatest } from './use-latest';

export type BulkState<T> =
  | { step: 'closed' }
  | { step: 'confirm'; action: BulkActionSetting; selection: ListSelection<T> }
  | {
      step: 'running';
      action: BulkActionSetting;
      count: number;
      done: number | null;
      total: number | null;
    }
  | { step: 'result'; action: BulkActionSetting; result: BulkResult }
  | { step: 'failed'; action: BulkActionSetting; message: string };

export const selectionCount = (selection: ListSelection<unknown>) =>
  selection.kind === 'ids' ? selection.ids.length : selection.count;

export function useBulkAction<T extends RowRecord>({
  source,
  listSelection,
  afterRun,
}: {
  source: ListSource<T> | undefined;
  listSelection: () => ListSelection<T>;
  /**
   * After the handler answered: refresh; `answered` (what was done and refused came back):
   * clear the selection. A failed run keeps it, to be tried again as it was.
   */
  afterRun: (answered: boolean) => void;
}) {
  const [state, setState] = useState<BulkState<T>>({ step: 'closed' });
  const latest = useLatest({ source, afterRun });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const startBulk = useCallback(
    (action: BulkActionSetting) =>
      setState({ step: 'confirm', action, selection: listSelection() }),
    [listSelection],
  );

  /** Runs the action; `params` are the fields its input asked for. */
  const confirmBulk = useCallback(
    (params?: Readonly<Record<string, unknown>>) => {
      if (state.step !== 'confirm') return;
      const { action, selection } = state;
      const handler = latest.current.source?.bulk?.[action.id];
      if (!handler) return;
      const controller = new AbortController();
      running.current = controller;
      const count = selectionCount(selection);
      setState({ step: 'running', action, count, done: null, total: null });
      handler(selection, {
        signal: controller.signal,
        params,
        onProgress: (done, total) => {
          if (!controller.signal.aborted) setState({ step: 'running', action, count, done, total });
        },
      })
        .then(
          (result) => {
            if (controller.signal.aborted) return;
            setState({ step: 'result', action, result });
            latest.current.afterRun(true);
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            const message =
              error instanceof Error && error.message ? error.message : 'Something went wrong!';
            setState({ step: 'failed', action, message });
            showingInPlace(error);
            latest.current.afterRun(false);
          },
        )
        .finally(() => {
          running.current = null;
        });
    },
    [state],
  );

  /** Closes the dialog; not while the action runs (its outcome must be seen). */
  const closeBulk = useCallback(() => {
    setState((current) => (current.step === 'running' ? current : { step: 'closed' }));
  }, []);

  return { bulkState: state, startBulk, confirmBulk, closeBulk };
}
