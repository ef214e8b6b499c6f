import { memo, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  ExpiredDate,
  formatDate,
  formatDateTime,
  formatTimeDifference,
  formatUser,
  STRING_CELL_MAX,
  truncate,
  type UserLike,
} from '@/core/format';
import { Tooltip } from '@/core/ui/tooltip';
import { ColumnType, DataKind, type ActionKind, type ColumnSetting, type RowRecord } from './types';
import { buildLink, kindOf, licenceLines, readValue, trustedHtml } from './values';

/** What a cell may do besides showing a value: open the table's modal. */
export interface CellActions {
  openModal: (action: ActionKind, initialData: unknown) => void;
}

function StringCell({ text }: { text: string }) {
  if (text.length <= STRING_CELL_MAX) return <>{text}</>;
  return <Tooltip text={text}>{truncate(text, STRING_CELL_MAX)}</Tooltip>;
}

function DropdownCell<T extends RowRecord>({
  setting,
  row,
  actions,
}: {
  setting: ColumnSetting<T>;
  row: T;
  actions: CellActions;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDocument = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDocument);
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]:not([disabled])')?.focus();
    return () => document.removeEventListener('mousedown', onDocument);
  }, [open]);
  const items = setting.dropdownItems ?? [];
  const close = () => {
    setOpen(false);
    ref.current?.querySelector<HTMLElement>('button')?.focus();
  };
  return (
    // Clicks inside the menu must not select the row.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="dropdown d-inline-block"
      ref={ref}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
        if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
          event.preventDefault();
          const list = Array.from(
            ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [],
          );
          const index = list.indexOf(document.activeElement as HTMLElement);
          const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
          list[(next + list.length) % list.length]?.focus();
        }
      }}
    >
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary dropdown-toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {setting.dropdownLabel ?? setting.title}
      </button>
      {open && (
        <ul id={menuId} role="menu" className="dropdown-menu show" aria-label={setting.title}>
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                className="dropdown-item"
                disabled={item.isDisabledFn?.(row) ?? false}
                data-opens-dialog={item.action ? '' : undefined}
                onClick={() => {
                  setOpen(false);
                  if (item.action) actions.openModal(item.action, row);
                  item.onSelect?.(row);
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ToggleCell<T extends RowRecord>({
  setting,
  row,
  actions,
  rowLabel,
}: {
  setting: ColumnSetting<T>;
  row: T;
  actions: CellActions;
  rowLabel: string | undefined;
}) {
  const checked = Boolean(readValue(setting, row));
  const interactive = Boolean(setting.toggleAction || setting.onToggle);
  return (
    <div className="form-check form-switch m-0">
      <input
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={!interactive}
        // Named after its row as the row's buttons are ('Site admin: Ada Lovelace'): a screen
        // reader hears which row's switch it is.
        aria-label={rowLabel ? `${setting.title}: ${rowLabel}` : setting.title}
        data-opens-dialog={setting.toggleAction ? '' : undefined}
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          if (setting.toggleAction) actions.openModal(setting.toggleAction, row);
          setting.onToggle?.(row, event.target.checked);
        }}
      />
    </div>
  );
}

function UrlCell<T extends RowRecord>({ setting, row }: { setting: ColumnSetting<T>; row: T }) {
  const value = readValue(setting, row);
  const text = value === null || value === undefined ? '' : String(value);
  const href = buildLink(setting, row);
  if (!href) return <StringCell text={text} />;
  const full = text || href;
  const label = truncate(full, STRING_CELL_MAX);
  const stop = (event: React.MouseEvent) => event.stopPropagation();
  const link = href.startsWith('/') ? (
    <Link to={href} onClick={stop}>
      {label}
    </Link>
  ) : (
    <a href={href} target="_blank" rel="noopener noreferrer" onClick={stop}>
      {label}
    </a>
  );
  // Issue 17: a link cut at 75 characters (SPEC §5) keeps its whole text in the tooltip, as a
  // string cell does (shown on hover and when the link has the focus).
  return label === full ? link : <Tooltip text={full}>{link}</Tooltip>;
}

/** Renders one cell by its column type and data kind (SPEC §3). */
export function renderCell<T extends RowRecord>(
  setting: ColumnSetting<T>,
  row: T,
  actions: CellActions,
  /** The row's name (its first column), for the controls in the cell. */
  rowLabel?: string,
): ReactNode {
  switch (setting.type) {
    case ColumnType.BUTTON_DROPDOWN:
      return <DropdownCell setting={setting} row={row} actions={actions} />;
    case ColumnType.TOGGLE_SWITCH:
      return <ToggleCell setting={setting} row={row} actions={actions} rowLabel={rowLabel} />;
    case ColumnType.URL:
      return <UrlCell setting={setting} row={row} />;
    default:
      break;
  }
  const value = readValue(setting, row);
  if (value === null || value === undefined || value === '') return null;
  const kind = kindOf(setting as ColumnSetting<never>);
  switch (setting.type) {
    case ColumnType.EXPIRED_DATE:
      return <ExpiredDate value={value as string} withTime={setting.withTime} />;
    case ColumnType.TIME_DIFFERENCE: {
      const exact = formatDateTime(value as string);
      return (
        <time dateTime={exact.replace(/\//g, '-')}>{formatTimeDifference(value as string)}</time>
      );
    }
    case ColumnType.NUMBER:
      if (setting.displayText) return setting.displayText(row);
      return typeof value === 'number' ? value.toLocaleString('en') : String(value);
    default:
      break;
  }
  switch (kind) {
    case DataKind.DATE:
      return setting.withTime ? formatDateTime(value as string) : formatDate(value as string);
    case DataKind.USER:
      return <StringCell text={formatUser(value as UserLike)} />;
    case DataKind.HTML:
      // SPEC §3 / issue 11: HTML values are sanitised with DOMPurify before rendering, and
      // handed over as TrustedHTML (Trusted Types are enforced by the portals' CSP).
      return (
        <div className="dt-html" dangerouslySetInnerHTML={{ __html: trustedHtml(String(value)) }} />
      );
    case DataKind.LICENCES: {
      const lines = licenceLines(value);
      return (
        <ul className="list-unstyled mb-0">
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      );
    }
    default:
      return <StringCell text={typeof value === 'object' ? '' : String(value)} />;
  }
}

interface CellProps<T extends RowRecord> {
  setting: ColumnSetting<T>;
  row: T;
  actions: CellActions;
  rowLabel?: string;
}

export const Cell = memo(function Cell<T extends RowRecord>({
  setting,
  row,
  actions,
  rowLabel,
}: CellProps<T>) {
  return <>{renderCell(setting, row, actions, rowLabel)}</>;
}) as <T extends RowRecord>(props: CellProps<T>) => ReactNode;
