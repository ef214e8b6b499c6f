import { useId } from 'react';
import { MAX_FEATURE_NAME_LENGTH } from '@/contract/crm/offerings';
import { LENGTH_COUNTER_FROM, maxLengthMessage } from '@/contract/limits';

/** A feature as edited: id present for an existing one (kept and renamed), absent for a new one. */
export interface FeatureDraft {
  /** Stable React key. */
  key: string;
  id?: number;
  name: string;
  defaultValue: boolean;
}

export interface FeaturesEditorProps {
  features: FeatureDraft[];
  onChange: (features: FeatureDraft[]) => void;
  /** Messages by row index (from the contract or the server: features.{i}.name). */
  errors: Record<number, string>;
  disabled?: boolean;
}

/**
 * Issue 17: feature names over the contract's maximum, by row; the form does not send them (the
 * name is kept as typed, never cut).
 */
export function featureLengthErrors(features: readonly FeatureDraft[]): Record<number, string> {
  const errors: Record<number, string> = {};
  features.forEach((f, i) => {
    if (f.name.length > MAX_FEATURE_NAME_LENGTH)
      errors[i] = maxLengthMessage(MAX_FEATURE_NAME_LENGTH);
  });
  return errors;
}

let nextKey = 0;
export const newFeatureKey = () => `new-${++nextKey}`;

/**
 * The features of a product or service (SPEC §3 Feature: id, name, defaultValue). The form engine
 * has no list-of-records field, so the offering form keeps them here and adds them to the payload.
 */
export function FeaturesEditor({ features, onChange, errors, disabled }: FeaturesEditorProps) {
  const baseId = useId();
  const tooLong = featureLengthErrors(features);
  const update = (index: number, patch: Partial<FeatureDraft>) =>
    onChange(features.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">Features</legend>
      <p className="small text-body-secondary mb-2">
        Features switched on by default are pre-selected when the offering is added to a
        subscription.
      </p>
      {features.length === 0 && <p className="small text-body-secondary">No features yet.</p>}
      {features.map((feature, index) => {
        const nameId = `${baseId}-name-${index}`;
        const errorId = `${nameId}-error`;
        const error = errors[index] ?? tooLong[index];
        const counterId = `${nameId}-counter`;
        const counted = feature.name.length >= MAX_FEATURE_NAME_LENGTH * LENGTH_COUNTER_FROM;
        return (
          <div className="row g-2 align-items-start mb-2" key={feature.key}>
            <div className="col">
              <label className="visually-hidden" htmlFor={nameId}>
                {`Feature ${index + 1} name`}
              </label>
              <input
                id={nameId}
                className={error ? 'form-control is-invalid' : 'form-control'}
                value={feature.name}
                placeholder="Feature name"
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={
                  [error ? errorId : '', counted ? counterId : ''].filter(Boolean).join(' ') ||
                  undefined
                }
                onChange={(e) => update(index, { name: e.target.value })}
              />
              {error && (
                <div id={errorId} className="invalid-feedback d-block">
                  {error}
                </div>
              )}
              {counted && (
                <div
                  id={counterId}
                  className={`form-text text-end mt-0${error ? ' text-danger' : ''}`}
                >
                  {`${String(feature.name.length)} / ${String(MAX_FEATURE_NAME_LENGTH)}`}
                </div>
              )}
            </div>
            <div className="col-auto pt-2">
              <div className="form-check form-switch">
                <input
                  id={`${nameId}-default`}
                  type="checkbox"
                  role="switch"
                  className="form-check-input"
                  checked={feature.defaultValue}
                  disabled={disabled}
                  onChange={(e) => update(index, { defaultValue: e.target.checked })}
                />
                <label className="form-check-label" htmlFor={`${nameId}-default`}>
                  On by default
                  <span className="visually-hidden">{` (feature ${index + 1})`}</span>
                </label>
              </div>
            </div>
            <div className="col-auto">
              <button
                type="button"
                className="btn btn-outline-danger"
                disabled={disabled}
                aria-label={`Remove feature ${index + 1}`}
                onClick={() => onChange(features.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </div>
          </div>
        );
      })}
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={disabled}
        onClick={() =>
          onChange([...features, { key: newFeatureKey(), name: '', defaultValue: false }])
        }
      >
        Add feature
      </button>
    </fieldset>
  );
}
