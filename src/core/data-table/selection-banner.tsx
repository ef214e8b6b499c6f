/**
 * Server mode's selection banner (issue 16, as Gmail has it): once the page is all selected it
 * offers every row matching the query; with 'all matching' on, or rows chosen on other pages, it
 * says so and offers the way back.
 */
import { useDataTableContext } from './context';
import { TABLE_TEXT } from './texts';

export function SelectionBanner() {
  const { selectionBanner: banner, selectAllMatching, clearSelection } = useDataTableContext();
  if (!banner) return null;
  let text: string;
  let button: { label: string; onClick: () => void };
  switch (banner.kind) {
    case 'page':
      text = TABLE_TEXT.pageSelected(banner.onPage);
      button = {
        label: TABLE_TEXT.selectAllMatching(banner.total, banner.isEstimate),
        onClick: selectAllMatching,
      };
      break;
    case 'matching':
      text = TABLE_TEXT.allMatchingSelected(banner.count, banner.isEstimate);
      button = { label: TABLE_TEXT.clearSelection, onClick: clearSelection };
      break;
    case 'other-pages':
      text = TABLE_TEXT.otherPagesSelected(banner.count, banner.elsewhere);
      button = { label: TABLE_TEXT.clearSelection, onClick: clearSelection };
      break;
  }
  return (
    <div
      className="dt-selection-banner alert alert-info d-flex flex-wrap align-items-center gap-2 py-2 mb-2"
      role="status"
    >
      <span>{text}</span>
      <button type="button" className="btn btn-sm btn-link p-0" onClick={button.onClick}>
        {button.label}
      </button>
    </div>
  );
}
