import { Suspense, useCallback, useEffect, useState, type CSSProperties } from 'react';
import { useController, type Control } from 'react-hook-form';
import { HelpTip } from '@/core/ui/tooltip';
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
  /** Keeps what this field could not take (FieldComponentProps.setProblem): no submit meanwhile. */
  setProblem: (field: string, message: string | null) => void;
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
  setProblem,
}: FormFieldProps) {
  const { field, fieldState } = useController({ name: setting.field, control });
  // What the field could not take: shown at once, in place of the validation's message (the
  // field is empty because of it: 'Mandatory field' beside it would be a second error).
  const [problem, setOwnProblem] = useState<string | null>(null);
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
    problem ??
    fieldState.error?.message ??
    (counter?.over ? MESSAGES.maxLength(counter.max) : undefined);
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
  const fieldProblem = useCallback(
    (message: string | null, blocks = true) => {
      setOwnProblem(message);
      setProblem(name, blocks ? message : null);
    },
    [setProblem, name],
  );
  // A field that goes (hidden, or the form closed) takes its problem with it.
  useEffect(() => () => setProblem(name, null), [setProblem, name]);
  const column = columnOf(setting.width);

  // The help sits beside the label, never inside it, and so does the mandatory star: the label
  // is exactly the field's name (screen readers, getByLabel). Without a shown title there is no
  // icon; the text still describes the control.
  let help = null;
  if (setting.tooltip) {
    help = hasFieldTitle ? (
      <HelpTip text={setting.tooltip} id={tooltipId} label={`About ${title}`} />
    ) : (
      <span id={tooltipId} hidden>
        {setting.tooltip}
      </span>
    );
  }
  const star = setting.isMandatory && hasFieldTitle && (
    <span className="text-danger" aria-hidden="true">
      *
    </span>
  );

  let label = null;
  if (kind.label === 'for' || kind.label === 'group') {
    const ownClass = hasFieldTitle
      ? isVerticalLayout
        ? 'form-label'
        : undefined
      : 'visually-hidden';
    const own =
      kind.label === 'for' ? (
        <label htmlFor={id} className={ownClass}>
          {title}
        </label>
      ) : (
        <div id={`${id}-legend`} className={ownClass}>
          {title}
        </div>
      );
    label = hasFieldTitle ? (
      // In the horizontal layout this header is the label column.
      <div
        className={`${isVerticalLayout ? '' : 'col-sm-4 col-form-label '}d-flex align-items-baseline gap-1`}
      >
        {own}
        {star}
        {help}
      </div>
    ) : (
      <>
        {own}
        {help}
      </>
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
        setProblem={fieldProblem}
        label={title}
        labelHidden={!hasFieldTitle}
      />
    </Suspense>
  );

  const after = (
    <>
      {message && (
        <div
          id={errorId}
          className="text-danger small text-break"
          // Said at once when it comes from what the user just did, not from a submit.
          role={problem ? 'alert' : undefined}
        >
          {/* A problem may be several (files refused together): one line each. */}
          {message.includes('\n')
            ? message.split('\n').map((line, i) => <div key={i}>{line}</div>)
            : message}
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
      {kind.label === 'inline' ? (
        <>
          {help ? (
            <div className="d-flex align-items-baseline gap-1">
              {control_}
              {help}
            </div>
          ) : (
            control_
          )}
          {after}
        </>
      ) : isVerticalLayout ? (
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
