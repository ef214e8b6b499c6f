import {
  type FieldSetting,
  type FormSettings,
  type FormValues,
  withContractLimits,
} from '@/core/forms';
import { customDataInputSchema } from '@/contract/common';
import {
  CUSTOM_DATA_TYPES,
  safeIconSrc,
  VERSION_MESSAGE,
  VERSION_PATTERN,
  type CustomDataType,
} from './codec';

const isType = (type: CustomDataType) => (values: FormValues) => values.type === type;

const dictionary = (field: string, title: string, type: CustomDataType): FieldSetting => ({
  field: `fields.${field}`,
  type: 'jsonDictionary',
  title,
  isMandatory: true,
  initialData: { en: '' },
  isVisible: isType(type),
});

const date = (field: string, title: string, type: CustomDataType): FieldSetting => ({
  field: `fields.${field}`,
  type: 'date',
  title,
  isMandatory: true,
  width: 6,
  isVisible: isType(type),
});

const version = (field: string, title: string): FieldSetting => ({
  field: `fields.${field}`,
  type: 'string',
  title,
  isMandatory: true,
  placeholder: 'YY.MM.DD.Commit',
  width: 6,
  isVisible: isType('EnforceMinimumVersion'),
  validate: (value) =>
    typeof value === 'string' && !VERSION_PATTERN.test(value.trim()) ? VERSION_MESSAGE : undefined,
});

function IconPreview({ value }: { value: unknown }) {
  const src = safeIconSrc(value);
  if (!src) {
    return typeof value === 'string' && value.trim() !== '' ? (
      <p className="small text-body-secondary mb-0">
        No preview: not a base64 PNG, JPEG, GIF or WebP image.
      </p>
    ) : null;
  }
  return (
    <img
      src={src}
      alt="Icon preview"
      className="border rounded mt-2"
      style={{ maxWidth: 96, maxHeight: 96 }}
    />
  );
}

const icon = (type: CustomDataType): FieldSetting => ({
  field: 'fields.iconBase64',
  type: 'textArea',
  title: 'Icon (base64)',
  isMandatory: true,
  rows: 3,
  isVisible: isType(type),
  renderAfter: (value) => <IconPreview value={value} />,
});

/** The editor's form: the record's own fields, the type, then each type's fields. */
export const customDataFormSettings: FormSettings = withContractLimits(customDataInputSchema, {
  hasFieldTitle: true,
  isVerticalLayout: true,
  rows: [
    [
      { field: 'id', type: 'string', title: 'Id', isMandatory: true, isDisabled: true, width: 4 },
      {
        field: 'name',
        type: 'string',
        title: 'Name',
        isMandatory: true,
        placeholder: 'Enter Name',
        width: 8,
      },
    ],
    [{ field: 'description', type: 'textArea', title: 'Description', rows: 2 }],
    [
      {
        field: 'executionPriority',
        type: 'number',
        title: 'Execution Priority',
        isMandatory: true,
        width: 4,
      },
      {
        field: 'type',
        type: 'dropdown',
        title: 'Type',
        isMandatory: true,
        isAnIsDisabledTrigger: true,
        width: 8,
        dropdownData: CUSTOM_DATA_TYPES.map((t) => ({ id: t, label: t })),
      },
    ],
    [
      date('afterDate', 'After date', 'DatedMessage'),
      date('beforeDate', 'Before date', 'DatedMessage'),
    ],
    [dictionary('translatedTitle', 'Translated title', 'DatedMessage')],
    [dictionary('translatedMessage', 'Translated message', 'DatedMessage')],
    [
      version('warningMinimumVersion', 'Warning minimum version'),
      version('criticalMinimumVersion', 'Critical minimum version'),
    ],
    [date('startDate', 'Start date', 'DatedIcon'), date('endDate', 'End date', 'DatedIcon')],
    [icon('DatedIcon')],
    [date('startDate', 'Start date', 'DatedButton'), date('endDate', 'End date', 'DatedButton')],
    [icon('DatedButton')],
    [dictionary('caption', 'Caption', 'DatedButton')],
    [dictionary('message', 'Message', 'DatedButton')],
  ],
});
