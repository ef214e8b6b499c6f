import { Suspense, type CSSProperties } from 'react';
import { useController, type Control } from 'react-hook-form';
import { FIELD_KINDS } from './field-registry';
import type { FieldSetting, FormValues } from './types';

export interface FormFieldProps {
  setting: FieldSetting;
  control: Control<FormValues>;
  idPrefix: string;
  disabled: boolean;
  hasFieldTitle: boolean;
  isVerticalLayout: boolean;
  values: FormValues;
  setFieldValue: (field: string, value: unknown) => void;
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
}: FormFieldProps) {
  const { field, fieldState } = useController({ name: setting.field, control });
  const kind = FIELD_KINDS[setting.type];
  const Component = kind.component;
  const id = `${idPrefix}-${setting.field.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const errorId = `${id}-error`;
  const tooltipId = `${id}-tooltip`;
  const message = fieldState.error?.message;
  const invalid = Boolean(message);
  const describedBy =
    [invalid ? errorId : undefined, setting.tooltip ? tooltipId : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  const title = setting.title ?? setting.field;
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
        <span
          className={`ms-1 text-body-secondary${setting.tooltip.length > 200 ? ' text-wrap' : ''}`}
          title={setting.tooltip}
          aria-hidden="true"
        >
          ⓘ
        </span>
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
    <Suspense fallback={<div className="form-control text-body-secondary">Loading...</div>}>
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
        label={title}
        labelHidden={!hasFieldTitle}
      />
    </Suspense>
  );

  const after = (
    <>
      {setting.tooltip && (
        <span id={tooltipId} className="visually-hidden">
          {setting.tooltip}
        </span>
      )}
      {invalid && (
        <div id={errorId} className="text-danger small">
          {message}
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
