/** The form engine (SPEC §3 form fields, §5 validation): public API. */
export { FormEngine } from './form-engine';
export type { FormEngineProps, FormSubmitHelpers } from './form-engine';
export { FIELD_TYPES } from './types';
export type {
  Attachment,
  DateSelectionMode,
  DropdownItem,
  Feature,
  FieldSetting,
  FieldType,
  FormSettings,
  FormReview,
  FormValues,
  OfferingWithFeatures,
  OptionsPage,
  SearchOptions,
  ServerFieldError,
  ServerFieldErrors,
  ShownText,
  UserItem,
} from './types';
export { contractMaxLength, withContractLimits } from './contract-limits';
export { applyServerErrors, fieldErrorsOf } from './server-errors';
export { buildInitialValues } from './initial-values';
export {
  EMPTY_OPTION_VALUE,
  MESSAGES,
  lengthCounter,
  buildFormSchema,
  isMandatorySatisfied,
  isValidEmail,
  positiveIntegerMessage,
  validateField,
  validateValues,
} from './validation';
export { flattenPayload, isImageValue } from './payload';
export {
  CALENDAR,
  fromStoredDate,
  isExpired,
  isInvalidRange,
  isUsRegion,
  nextMultiple,
  nextRange,
  parseTypedDate,
  toStoredDate,
  yearDropdownYears,
} from './dates';
export { fromCalendarDate, isPastDay, monthsAfter, toCalendarDate } from './calendar-date';
export { TAGS_REMOVED_WARNING, TAG_MAX_LENGTH, addTag, normaliseTag, removedTags } from './tags';
export { toDropdownItems, userToItem, withLabels } from './options';
export { ATTACHMENT_MAX_BYTES, attachmentsOf } from './files';
export { FormModal, type FormModalProps } from './form-modal';
export { TimeParts, msToParts, partsToMs } from './time-parts';
export type { TimePart, TimePartsValue } from './time-parts';
export { HOLD_DELAY_MS, HOLD_INTERVAL_MS, useHoldRepeat } from './use-hold-repeat';
