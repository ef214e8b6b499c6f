import { zodResolver } from '@hookform/resolvers/zod';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  set,
  useForm,
  useWatch,
  type FieldErrors,
  type FieldPath,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { showingInPlace } from '@/core/api';
import { confirmLeave, useLeaveGuard } from '@/core/ui/leave-guard';
import { FormField } from './form-field';
import { buildInitialValues } from './initial-values';
import {
  applyServerErrors,
  fieldErrorsOf,
  isAboutContent,
  matchField,
  serverErrorMessage,
} from './server-errors';
import type { FormReview, FormSettings, FormValues, ServerFieldErrors, ShownText } from './types';
import { allFields, buildFormSchema, isFieldDisabled, isFieldVisible } from './validation';

export interface FormSubmitHelpers {
  /** Back to the starting values (or to new ones). */
  reset: (values?: FormValues) => void;
  /** Shows server field errors under the fields, keeping the typed values. */
  setServerErrors: (errors: ServerFieldErrors) => void;
  form: UseFormReturn<FormValues>;
}

export interface FormEngineProps {
  settings: FormSettings;
  /** The record being edited (edit) or the starting values (create). Read once: key the engine to reload. */
  defaultValues?: FormValues;
  /**
   * Receives the nested values (flatten with flattenPayload if the endpoint wants dotted keys).
   * A thrown error carrying fieldErrors (ApiError) shows them under the fields.
   */
  onSubmit: (values: FormValues, helpers: FormSubmitHelpers) => void | Promise<void>;
  /** Server field errors to show (e.g. from a failed mutation's ApiError.fieldErrors). */
  serverErrors?: ServerFieldErrors | null;
  /** Default 'Save'. */
  submitLabel?: string;
  /** The form element's id, so a button elsewhere (a modal footer) can submit it with form={id}. */
  id?: string;
  /** Hide the built-in submit button (a footer button with form={id} submits instead). */
  hideSubmit?: boolean;
  submitDisabled?: boolean;
  /** Disables every field. */
  disabled?: boolean;
  /** Called with the values after every change. */
  onValuesChange?: (values: FormValues) => void;
  /** Rendered after the fields, inside the form. */
  children?: ReactNode;
  /** Rendered beside the built-in submit button. */
  actions?: ReactNode;
  /** A Cancel button beside the submit button (a form in a modal closes the modal). */
  onCancel?: () => void;
  className?: string;
  /**
   * For a form that bills or grants: after validation, what it will do in words, with Confirm and
   * Back; nothing is sent before Confirm (null: submit at once). `shown` gives the text a field
   * shows for its value (a picker's label).
   */
  review?: (values: FormValues, shown: ShownText) => FormReview | null;
}

/** The review step's texts. */
export const REVIEW_TEXT = { confirm: 'Confirm', back: 'Back' } as const;

const ENTER_SUBMITS = new Set([
  'text',
  'email',
  'number',
  'password',
  'url',
  'tel',
  'search',
  'date',
]);

/**
 * Whether a field's value differs from its default: react-hook-form's dirtyFields holds `true`
 * (or, for a list or an object, those of its parts) for each. Not the form's isDirty: between a
 * field's registration and the default it takes (a picker's first option, once the server
 * answers), that said "changed" with nothing typed, and closing the form asked.
 */
const anyChanged = (dirty: unknown): boolean =>
  dirty === true ||
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a guard for null and undefined, which dirtyFields does not hold; Object.values of false is empty
  (typeof dirty === 'object' && dirty !== null && Object.values(dirty).some(anyChanged));

/**
 * A form driven by FormSettings (SPEC §3): rows of fields, validated with the settings' rules
 * through a zod schema, server errors under the fields, submit on Enter.
 */
export function FormEngine(props: FormEngineProps) {
  const { settings, onSubmit, serverErrors, onValuesChange } = props;
  const generatedId = useId();
  const formId = props.id ?? `form-${generatedId.replace(/:/g, '')}`;
  const fields = useMemo(() => allFields(settings), [settings]);
  const fieldNames = useMemo(() => fields.map((f) => f.field), [fields]);
  const schema = useMemo(() => buildFormSchema(settings), [settings]);
  const [initialValues] = useState(() => buildInitialValues(settings, props.defaultValues));
  // What fields could not take (a refused file, a typed date that is no date): an error of
  // theirs at every validation, so that nothing is submitted while one stands.
  const problems = useRef(new Map<string, string>());
  const resolver = useMemo((): Resolver<FormValues> => {
    const bySchema = zodResolver(schema);
    return async (values, context, options) => {
      const result = await bySchema(values, context, options);
      if (problems.current.size === 0) return result;
      const errors: FieldErrors<FormValues> = { ...result.errors };
      for (const [field, message] of problems.current)
        set(errors, field, { type: 'problem', message });
      return { values: {}, errors };
    };
  }, [schema]);
  const form = useForm<FormValues>({
    defaultValues: initialValues,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, handleSubmit, trigger, getValues, setValue, reset, resetField, formState } =
    form;
  // A field's problem kept, or gone: once gone after a validation showed it, that field is
  // validated again, so that what is left to say about its value shows in its place (or nothing).
  const setProblem = useCallback(
    (field: string, message: string | null) => {
      if (message !== null) {
        problems.current.set(field, message);
        return;
      }
      problems.current.delete(field);
      const path = field as FieldPath<FormValues>;
      if (form.getFieldState(path).error?.type === 'problem') void form.trigger(path);
    },
    [form],
  );
  const formRef = useRef<HTMLFormElement>(null);
  const [thrownUnmatched, setThrownUnmatched] = useState<string[]>([]);
  // Fields still loading their code or their options: nothing is submitted before they are in.
  const [loadingFields, setLoadingFields] = useState<readonly string[]>([]);
  const setLoading = useCallback(
    (field: string, loading: boolean) =>
      setLoadingFields((list) =>
        loading
          ? list.includes(field)
            ? list
            : [...list, field]
          : list.filter((f) => f !== field),
      ),
    [],
  );
  const cannotSubmit = Boolean(props.submitDisabled) || loadingFields.length > 0;
  // Unsaved changes: leaving asks first (issue 17). A submit that did not fail handed them over
  // (a modal closes; a page form keeps what was saved) until the next change.
  const [handedOver, setHandedOver] = useState(false);
  useEffect(
    () => form.subscribe({ formState: { values: true }, callback: () => setHandedOver(false) }),
    [form],
  );
  const unsaved = anyChanged(formState.dirtyFields) && !handedOver;
  const handingOver = useLeaveGuard(unsaved);
  // The text each field shows for its value, for the review's summary.
  const [shownTexts, setShownTexts] = useState<ReadonlyMap<string, string>>(new Map());
  const setShownText = useCallback(
    (field: string, text: string) =>
      setShownTexts((map) => (map.get(field) === text ? map : new Map(map).set(field, text))),
    [],
  );
  // The review step: the validated values waiting for Confirm, the summary, the ticked warnings.
  const [reviewing, setReviewing] = useState<{ values: FormValues; review: FormReview } | null>(
    null,
  );
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  // The review takes the focus: its first warning to tick, else Confirm.
  const confirmRef = useRef<HTMLButtonElement>(null);
  const firstWarningRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (reviewing) (firstWarningRef.current ?? confirmRef.current)?.focus();
  }, [reviewing]);

  // SPEC §3 isAnIsDisabledTrigger: a change of a trigger field re-evaluates disabled and visible rules.
  const triggerNames = useMemo(
    () =>
      fields.filter((f) => f.isAnIsDisabledTrigger).map((f) => f.field as FieldPath<FormValues>),
    [fields],
  );
  const triggerValues = useWatch({
    control,
    name: triggerNames.length ? triggerNames : ['__no_trigger__'],
  });
  const triggerKey = JSON.stringify(triggerValues);
  const values = getValues();

  useEffect(() => {
    if (formState.isSubmitted) void trigger();
    // Re-validate only when a trigger changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [triggerKey]);

  useEffect(() => {
    if (serverErrors) applyServerErrors(form, serverErrors, fieldNames);
  }, [serverErrors, form, fieldNames]);

  useEffect(() => {
    if (!onValuesChange) return undefined;
    return form.subscribe({
      formState: { values: true },
      callback: ({ values: next }) => onValuesChange(next),
    });
  }, [form, onValuesChange]);

  const unmatchedServer = Object.entries(serverErrors ?? {})
    .filter(([key]) => !matchField(key, fieldNames))
    .map(([, e]) => serverErrorMessage(e));
  const formLevelErrors = [...unmatchedServer, ...thrownUnmatched];

  const helpers: FormSubmitHelpers = {
    reset: (next) => reset(next ? buildInitialValues(settings, next) : initialValues),
    setServerErrors: (errors) => setThrownUnmatched(applyServerErrors(form, errors, fieldNames)),
    form,
  };

  const send = async (submitted: FormValues) => {
    setThrownUnmatched([]);
    handingOver(true);
    try {
      await onSubmit(submitted, helpers);
      setHandedOver(true);
    } catch (error) {
      handingOver(false);
      // The form keeps its values. What is about its content (field errors, a refusal) shows in
      // the form, once (not again in the API layer's toast); other failures stay toasts.
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) helpers.setServerErrors(fieldErrors);
      else if (isAboutContent(error)) setThrownUnmatched([error.message]);
      else {
        console.error(error);
        return;
      }
      showingInPlace(error);
    }
  };

  const submit = handleSubmit(async (submitted) => {
    const review = props.review?.(submitted, (field) => shownTexts.get(field) ?? '');
    if (review) {
      setTicked(new Set());
      setReviewing({ values: submitted, review });
      return;
    }
    await send(submitted);
  });

  const confirm = async () => {
    if (!reviewing || confirming) return;
    setConfirming(true);
    try {
      await send(reviewing.values);
    } finally {
      // Back to the form: a refusal shows under its fields (a success usually closes the form).
      setConfirming(false);
      setReviewing(null);
    }
  };
  const warnings = reviewing?.review.warnings ?? [];
  const allTicked = warnings.every((_, i) => ticked.has(i));

  // SPEC §5: forms submit on Enter (not from text areas, buttons or widgets that used the key).
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    const target = event.target;
    if (!(target instanceof HTMLInputElement) || !ENTER_SUBMITS.has(target.type)) return;
    event.preventDefault();
    if (!cannotSubmit && !reviewing) formRef.current?.requestSubmit();
  };

  const hasFieldTitle = settings.hasFieldTitle !== false;
  const isVerticalLayout = settings.isVerticalLayout !== false;

  return (
    // Enter-to-submit is delegated from the fields to their form (SPEC §5).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      id={formId}
      ref={formRef}
      className={props.className}
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(e) => {
        if (cannotSubmit || reviewing) {
          e.preventDefault();
          return;
        }
        void submit(e);
      }}
    >
      {reviewing && (
        <div className="mb-2">
          <p className="fw-semibold" role="status">
            {reviewing.review.summary}
          </p>
          {warnings.map((warning, i) => (
            <div className="form-check mb-2" key={warning}>
              <input
                className="form-check-input"
                type="checkbox"
                ref={i === 0 ? firstWarningRef : undefined}
                id={`${formId}-review-${String(i)}`}
                checked={ticked.has(i)}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setTicked((set) => {
                    const next = new Set(set);
                    if (checked) next.add(i);
                    else next.delete(i);
                    return next;
                  });
                }}
              />
              <label
                className="form-check-label text-danger"
                htmlFor={`${formId}-review-${String(i)}`}
              >
                {warning}
              </label>
            </div>
          ))}
          <div className="d-flex justify-content-end gap-2">
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={confirming}
              onClick={() => setReviewing(null)}
            >
              {REVIEW_TEXT.back}
            </button>
            <button
              type="button"
              ref={confirmRef}
              className="btn btn-primary"
              disabled={!allTicked || confirming}
              onClick={() => void confirm()}
            >
              {REVIEW_TEXT.confirm}
            </button>
          </div>
        </div>
      )}
      {/* The fields stay mounted under the review, so Back finds them as they were. */}
      <div hidden={reviewing !== null}>
        {formLevelErrors.length > 0 && (
          <div className="alert alert-danger py-2" role="alert">
            {formLevelErrors.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </div>
        )}
        {settings.rows.map((row, r) => {
          const visible = [...row]
            .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
            .filter((s) => isFieldVisible(s, values));
          if (visible.length === 0) return null;
          return (
            <div className="row g-3 mb-3" key={visible.map((s) => s.field).join('|') || String(r)}>
              {visible.map((setting) => (
                <FormField
                  key={setting.field}
                  setting={setting}
                  control={control}
                  idPrefix={formId}
                  disabled={Boolean(props.disabled) || isFieldDisabled(setting, values)}
                  hasFieldTitle={hasFieldTitle}
                  isVerticalLayout={isVerticalLayout}
                  values={values}
                  setLoading={setLoading}
                  setShownText={setShownText}
                  setProblem={setProblem}
                  setFieldDefault={(field, value) =>
                    resetField(field as FieldPath<FormValues>, { defaultValue: value })
                  }
                  setFieldValue={(field, value) =>
                    setValue(field as FieldPath<FormValues>, value, {
                      shouldDirty: true,
                      shouldValidate: formState.isSubmitted,
                    })
                  }
                />
              ))}
            </div>
          );
        })}
        {props.children}
        {(!props.hideSubmit || props.actions || props.onCancel) && (
          <div className="d-flex justify-content-end gap-2">
            {props.actions}
            {props.onCancel && (
              <button
                type="button"
                className="btn btn-outline-secondary"
                onClick={() => {
                  if (!unsaved || confirmLeave()) props.onCancel?.();
                }}
              >
                Cancel
              </button>
            )}
            {!props.hideSubmit && (
              <button
                type="submit"
                className="btn btn-primary"
                disabled={cannotSubmit || formState.isSubmitting}
                aria-busy={loadingFields.length > 0 || undefined}
              >
                {props.submitLabel ?? 'Save'}
              </button>
            )}
          </div>
        )}
      </div>
    </form>
  );
}
