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
  const { setting, onChange } = props;
  const offeringId: unknown = useWatch({
    control: props.control,
    name: setting.offeringField ?? '',
  });
  const offering = (setting.offerings ?? []).find((o) => sameValue(o.id, offeringId));
  const features = useMemo(() => offering?.features ?? [], [offering]);
  const previous = useRef<unknown>(offeringId);

  useEffect(() => {
    if (sameValue(previous.current, offeringId) || previous.current === offeringId) return;
    previous.current = offeringId;
    onChange([]);
    onChange(features.filter((f) => f.defaultValue === true).map((f) => f.id));
  }, [offeringId, features, onChange]);

  const selected = Array.isArray(props.value) ? (props.value as unknown[]) : [];
  return (
    <CheckboxList
      {...props}
      items={features.map((f) => ({ id: f.id, label: f.name }))}
      selected={selected}
    />
  );
}
