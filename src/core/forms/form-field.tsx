import { Suspense, useCallback, useEffect, type CSSProperties } from 'react';
import { useController, type Control } from 'react-hook-form';
import { Tooltip } from '@/core/ui/tooltip';
import { FIELD_KINDS } from './field-registry';
import type { FieldSetting, FormValues } from './types';
import { lengthCounter, MESSAGES } from './validation';

export interface FormFieldProps {
  setting: FieldSetting;
  control: Control<FormValues>;
  idPrefix: string;
  disabled: boolean;
  hasFieldTitle: boolean;
  isVerticalLayout: boolean;
  values: FormValues;
  setFieldValue: (field: string, value: unknown) => void;
  /** Makes a value the field chose itself its starting value (see FieldComponentProps). */
  setFieldDefault: (field: string, value: unknown) => void;
  /** Marks this field as still loading (its code, or its options): the form waits for it. */
  setLoading: (field: string, loading: boolean) => void;
  /** Keeps the text this field shows for its value (a picker's label) for the form's review. */
  setShownText: (field: string, text: string) => void;
}

/** What a field shows while its code loads; the form cannot be submitted meanwhile. */
function LoadingControl({ onLoading }: { onLoading: (loading: boolean) => void }) {
  useEffect(() => {
    onLoading(true);
    return () => onLoading(false);
  }, [onLoading]);
  return <div className="form-control text-body-secondary">Loading...</div>;
}

function columnOf(width: FieldSetting['width']): { className: string; style?: CSSProperties } {
  if (typeof width === 'number')
    return { className: `col-12 col-md-${String(Math.min(12, Math.max(1, width)))}` };
  if (typeof width === 'string') return { className: 'col-auto', style: { width } };
  return { className: 'col-12 col-md' };
}

/**
 * One field: its label, its control (by kind), the tooltip and the error as small red text under
 * the field, linked with aria-describedby (SPEC §8 'Field errors').
 */
export function FormField({
  setting,
  control,
  idPrefix,
  disabled,
  hasFieldTitle,
  isVerticalLayout,
  values,
  setFieldValue,
  setFieldDefault,
  setLoading,
  setShownText,
}: FormFieldProps) {
  const { field, fieldState } = useController({ name: setting.field, control });
  const kind = FIELD_KINDS[setting.type];
  const Component = kind.component;
  const id = `${idPrefix}-${setting.field.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const errorId = `${id}-error`;
  const tooltipId = `${id}-tooltip`;
  const counterId = `${id}-counter`;
  // Issue 17: near the maximum a counter; over it the error shows as the user types or pastes
  // (before any submit), and what they typed is kept.
  const counter = disabled ? undefined : lengthCounter(setting, field.value);
  const message =
    fieldState.error?.message ?? (counter?.over ? MESSAGES.maxLength(counter.max) : undefined);
  const invalid = Boolean(message);
  const describedBy =
    [
      invalid ? errorId : undefined,
      counter ? counterId : undefined,
      setting.tooltip ? tooltipId : undefined,
    ]
      .filter(Boolean)
      .join(' ') || undefined;
  const title = setting.title ?? setting.field;
  const name = setting.field;
  const fieldLoading = useCallback(
    (loading: boolean) => setLoading(name, loading),
    [setLoading, name],
  );
  const shownText = useCallback((text: string) => setShownText(name, text), [setShownText, name]);
  const labelClass = hasFieldTitle
    ? isVerticalLayout
      ? 'form-label'
      : 'col-sm-4 col-form-label'
    : 'visually-hidden';
  const column = columnOf(setting.width);

  const caption = (
    <>
      {title}
      {setting.isMandatory && hasFieldTitle && (
        <span className="text-danger" aria-hidden="true">
          {' '}
          *
        </span>
      )}
      {setting.tooltip && (
        <Tooltip text={setting.tooltip} id={tooltipId}>
          {/* An SVG, not the ⓘ character: headless and minimal systems lack a font with it. */}
          <svg
            className="ms-1 text-body-secondary"
            width="14"
            height="14"
            viewBox="0 0 16 16"
            fill="currentColor"
            focusable="false"
            aria-hidden="true"
          >
            <path d="M8 15A7 7 0 1 1 8 1a7 7 0 0 1 0 14m0 1A8 8 0 1 0 8 0a8 8 0 0 0 0 16" />
            <path d="m8.93 6.59-2.29.29-.08.38.45.08c.29.07.35.18.29.47l-.74 3.47c-.19.9.11 1.32.82 1.32.55 0 1.18-.25 1.47-.6l.09-.42c-.2.18-.5.25-.7.25-.27 0-.37-.2-.3-.53zM9 4.5a1 1 0 1 1-2 0 1 1 0 0 1 2 0" />
          </svg>
        </Tooltip>
      )}
    </>
  );

  let label = null;
  if (kind.label === 'for') {
    label = (
      <label htmlFor={id} className={labelClass}>
        {caption}
      </label>
    );
  } else if (kind.label === 'group') {
    label = (
      <div id={`${id}-legend`} className={labelClass}>
        {caption}
      </div>
    );
  }

  const control_ = (
    <Suspense fallback={<LoadingControl onLoading={fieldLoading} />}>
      <Component
        setting={setting}
        id={id}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        controlHandle={field.ref}
        disabled={disabled}
        invalid={invalid}
        describedBy={describedBy}
        errorId={errorId}
        control={control}
        setFieldValue={setFieldValue}
        takeDefault={(value) => setFieldDefault(setting.field, value)}
        setLoading={fieldLoading}
        setShownText={shownText}
        label={title}
        labelHidden={!hasFieldTitle}
      />
    </Suspense>
  );

  const after = (
    <>
      {invalid && (
        <div id={errorId} className="text-danger small text-break">
          {message}
        </div>
      )}
      {counter && (
        <div
          id={counterId}
          className={`form-text text-end mt-0 ${counter.over ? 'text-danger' : ''}`}
          data-testid="length-counter"
        >
          {`${String(counter.length)} / ${String(counter.max)}`}
        </div>
      )}
      {setting.renderAfter?.(field.value, values)}
    </>
  );

  return (
    <div className={column.className} style={column.style} data-field={setting.field}>
      {isVerticalLayout || kind.label === 'inline' ? (
        <>
          {label}
          {control_}
          {after}
        </>
      ) : (
        <div className="row">
          {label}
          <div className={hasFieldTitle ? 'col-sm-8' : 'col-12'}>
            {control_}
            {after}
          </div>
        </div>
      )}
    </div>
  );
}
