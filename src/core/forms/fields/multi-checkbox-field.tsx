import type { FieldComponentProps } from './field-props';
import { sameValue } from './select-config';

export interface CheckboxItem {
  id: string | number;
  label: string;
}

/** A list of checkboxes; the value is the array of checked ids, in item order. */
export function CheckboxList(
  props: FieldComponentProps & { items: readonly CheckboxItem[]; selected: readonly unknown[] },
) {
  const { items, selected } = props;
  const toggle = (id: string | number, on: boolean) => {
    const next = items
      .map((item) => item.id)
      .filter((itemId) =>
        sameValue(itemId, id) ? on : selected.some((s) => sameValue(s, itemId)),
      );
    props.onChange(next);
  };
  return (
    <div role="group" aria-labelledby={`${props.id}-legend`} aria-describedby={props.describedBy}>
      {items.length === 0 && <p className="text-body-secondary small mb-0">No options</p>}
      {items.map((item, i) => {
        const optionId = `${props.id}-${i}`;
        return (
          <div className="form-check" key={String(item.id)}>
            <input
              id={optionId}
              ref={i === 0 ? props.controlHandle : undefined}
              type="checkbox"
              className={props.invalid ? 'form-check-input is-invalid' : 'form-check-input'}
              checked={selected.some((s) => sameValue(s, item.id))}
              disabled={props.disabled}
              onChange={(e) => toggle(item.id, e.target.checked)}
              onBlur={props.onBlur}
            />
            <label className="form-check-label" htmlFor={optionId}>
              {item.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}

export function MultiCheckboxField(props: FieldComponentProps) {
  const selected = Array.isArray(props.value) ? (props.value as unknown[]) : [];
  return <CheckboxList {...props} items={props.setting.dropdownData ?? []} selected={selected} />;
}
