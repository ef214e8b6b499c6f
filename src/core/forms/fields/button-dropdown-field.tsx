import { useEffect, useRef, useState } from 'react';
import { EMPTY_OPTION_VALUE } from '../validation';
import type { FieldComponentProps } from './field-props';
import { sameValue } from './select-config';

/**
 * A Bootstrap-styled button dropdown (no Bootstrap JS) choosing one dropdownData item.
 * Non-mandatory: an empty choice with value -1 comes first (SPEC §5).
 */
export function ButtonDropdownField({ controlHandle, ...props }: FieldComponentProps) {
  const { setting, disabled } = props;
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const items = [
    ...(setting.isMandatory ? [] : [{ id: EMPTY_OPTION_VALUE, label: '—' }]),
    ...(setting.dropdownData ?? []),
  ];
  const current = items.find((i) => sameValue(i.id, props.value) && i.id !== EMPTY_OPTION_VALUE);
  const menuId = `${props.id}-menu`;

  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e: MouseEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', onDown);
    const element = wrapper.current;
    element?.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      element?.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="dropdown" ref={wrapper}>
      <button
        id={props.id}
        ref={controlHandle}
        type="button"
        className={`btn btn-outline-secondary dropdown-toggle${props.invalid ? ' is-invalid border-danger' : ''}`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-describedby={props.describedBy}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        onBlur={props.onBlur}
      >
        {current?.label ?? setting.placeholder ?? 'Select...'}
      </button>
      <ul id={menuId} className={`dropdown-menu${open ? ' show' : ''}`} hidden={!open}>
        {items.map((item) => (
          <li key={String(item.id)}>
            <button
              type="button"
              className={`dropdown-item${sameValue(item.id, props.value) ? ' active' : ''}`}
              aria-current={sameValue(item.id, props.value) || undefined}
              onClick={() => {
                props.onChange(item.id);
                setOpen(false);
              }}
            >
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
