/**
 * The table's footer (SPEC §2): what is shown of how many (the true total: 'about N' when the
 * server estimates it, rows still loading or left out said so), page navigation (first, last and
 * a window around the current page) and the page size.
 */
import { formatFigure } from '@/core/format';
import { PAGE_SIZES } from '@/core/storage';
import { isPageSize } from '@/core/storage/page-size';
import { useDataTableContext } from './context';
import type { TableTotals } from './use-table-rows';
import { pageWindow } from './pagination';
import { TABLE_TEXT } from './texts';

function footerStatus(first: number, last: number, count: number, totals: TableTotals): string {
  const showing = TABLE_TEXT.showing(first, last, count, totals.isEstimate);
  if (totals.loadingMore)
    return `${showing} ${TABLE_TEXT.stillLoading(totals.loaded, totals.total)}`;
  if (totals.incomplete) return `${showing} ${TABLE_TEXT.onlyLoaded(totals.loaded, totals.total)}`;
  return showing;
}

export function DataTableFooter() {
  const { pagination, isLoading, isError, totals, isListEmpty } = useDataTableContext();
  const { page, pageSize, rowCount } = pagination;
  const firstRow = rowCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const lastRow = Math.min(page * pageSize, rowCount);
  // Issue 17: a list with no record has no pages to go through.
  if (isListEmpty) return null;
  return (
    <div className="dt-footer d-flex flex-wrap align-items-center gap-3">
      <span className="text-body-secondary small" role="status" aria-live="polite">
        {isLoading || isError ? '' : footerStatus(firstRow, lastRow, rowCount, totals)}
      </span>
      {/* While the first rows load, the footer is its empty live region alone (no height): the
          rows then arrive above the page controls instead of pushing them down the screen (a
          layout shift of 0.11 on a phone, where a page of rows is taller than the screen). */}
      {!isLoading && <PageControls />}
    </div>
  );
}

function PageControls() {
  const { pagination } = useDataTableContext();
  const { page, pageCount, pageSize, setPage, setPageSize } = pagination;
  const go = (target: number) => () => setPage(Math.min(Math.max(1, target), pageCount));
  return (
    <>
      <nav aria-label="Pagination" className="ms-auto">
        <ul className="pagination pagination-sm mb-0">
          <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
            <button
              type="button"
              className="page-link"
              aria-label="Previous page"
              disabled={page <= 1}
              onClick={go(page - 1)}
            >
              ‹
            </button>
          </li>
          {pageWindow(page, pageCount).map((item) =>
            typeof item === 'number' ? (
              <li key={item} className={`page-item${item === page ? ' active' : ''}`}>
                <button
                  type="button"
                  className="page-link"
                  aria-label={`Page ${formatFigure(item)}`}
                  aria-current={item === page ? 'page' : undefined}
                  onClick={go(item)}
                >
                  {formatFigure(item)}
                </button>
              </li>
            ) : (
              <li key={item} className="page-item disabled" aria-hidden="true">
                <span className="page-link">…</span>
              </li>
            ),
          )}
          <li className={`page-item${page >= pageCount ? ' disabled' : ''}`}>
            <button
              type="button"
              className="page-link"
              aria-label="Next page"
              disabled={page >= pageCount}
              onClick={go(page + 1)}
            >
              ›
            </button>
          </li>
        </ul>
      </nav>
      <label className="d-flex align-items-center gap-2 small mb-0">
        Rows per page
        <select
          className="form-select form-select-sm w-auto"
          value={pageSize}
          onChange={(event) => {
            const size = Number(event.target.value);
            if (isPageSize(size)) setPageSize(size);
          }}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
