import { useEffect, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import type { FieldComponentProps } from './field-props';
import { CheckboxList } from './multi-checkbox-field';
import { sameValue } from './select-config';

/**
 * The included features of an offering form (SPEC §4): lists the features of the offering chosen
 * in `setting.offeringField`. Choosing an offering clears the included features, then pre-selects
 * that offering's features whose defaultValue is true. The initial offering keeps its values.
 */
export function OfferingFeatureField(props: FieldComponentProps) {
  const { setting, onChange, control, takeDefault } = props;
  const offeringId: unknown = useWatch({
    control,
    name: setting.offeringField ?? '',
  });
  const offering = (setting.offerings ?? []).find((o) => sameValue(o.id, offeringId));
  const features = useMemo(() => offering?.features ?? [], [offering]);
  const previous = useRef<unknown>(offeringId);

  useEffect(() => {
    if (sameValue(previous.current, offeringId) || previous.current === offeringId) return;
    previous.current = offeringId;
    const preselected = features.filter((f) => f.defaultValue === true).map((f) => f.id);
    // An offering the form chose itself (a mandatory choice's first option) pre-selects as the
    // starting value: not an unsaved change of the user's (issue 17).
    if (!control.getFieldState(setting.offeringField ?? '').isDirty) {
      takeDefault(preselected);
      return;
    }
    onChange([]);
    onChange(preselected);
  }, [offeringId, features, onChange, control, takeDefault, setting.offeringField]);

  const selected = Array.isArray(props.value) ? (props.value as unknown[]) : [];
  return (
    <CheckboxList
      {...props}
      items={features.map((f) => ({ id: f.id, label: f.name }))}
      selected={selected}
    />
  );
}
