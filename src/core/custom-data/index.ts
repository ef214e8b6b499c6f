/** The custom-data editor (SPEC §2 'Edit Custom Data', §3, §4): public API. */
export { CustomDataEditor } from './custom-data-editor';
export type { CustomDataEditorProps } from './custom-data-editor';
export { CustomDataRecordsPanel } from './custom-data-records-panel';
export type { CustomDataRecordsPanelProps } from './custom-data-records-panel';
export {
  CUSTOM_DATA_TYPES,
  FAILED_TO_PARSE,
  TYPE_FIELDS,
  decodeCustomData,
  encodeCustomData,
  jsonParseError,
  safeIconSrc,
  typeOfRecord,
} from './codec';
export type { CustomDataRecord, CustomDataType, DecodedCustomData } from './codec';
export { customDataQueryOptions, getCustomDataRecords, useCustomDataHandlers } from './records-api';
