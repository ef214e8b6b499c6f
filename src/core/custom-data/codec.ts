/**
 * Custom data records (SPEC §3): data is a JSON string with a type field, default Arbitrary.
 * Pure decoding and encoding, shared by the editor and the records panel.
 */

import { customDataTypes } from '@/contract/common';

/** SPEC §3 custom data types (the contract's list). */
export const CUSTOM_DATA_TYPES = customDataTypes;
export type CustomDataType = (typeof CUSTOM_DATA_TYPES)[number];

export interface CustomDataRecord {
  id: string | number;
  name: string;
  description?: string | null;
  executionPriority: number;
  /** A JSON string; its type field names the kind (absent means Arbitrary). */
  data: string;
}

/** The fields each typed kind keeps in its JSON (besides type). */
export const TYPE_FIELDS: Record<Exclude<CustomDataType, 'Arbitrary'>, readonly string[]> = {
  DatedMessage: ['afterDate', 'beforeDate', 'translatedTitle', 'translatedMessage'],
  EnforceMinimumVersion: ['warningMinimumVersion', 'criticalMinimumVersion'],
  DatedIcon: ['startDate', 'endDate', 'iconBase64'],
  DatedButton: ['startDate', 'endDate', 'iconBase64', 'caption', 'message'],
};

export const FAILED_TO_PARSE = 'Failed to parse custom data JSON';
export const EMPTY_JSON = '{}';

export function isCustomDataType(value: unknown): value is CustomDataType {
  return typeof value === 'string' && (CUSTOM_DATA_TYPES as readonly string[]).includes(value);
}

export type DecodedCustomData =
  | { ok: true; type: CustomDataType; fields: Record<string, unknown>; arbitraryText: string }
  | {
      ok: false;
      type: 'Arbitrary';
      fields: Record<string, unknown>;
      arbitraryText: string;
      error: string;
    };

/**
 * Reads stored data. Empty data is an empty Arbitrary object. Data that fails to parse becomes
 * Arbitrary with empty JSON and ok false (the editor then shows 'Failed to parse custom data JSON').
 */
export function decodeCustomData(data: string | null | undefined): DecodedCustomData {
  if (data === null || data === undefined || data.trim() === '') {
    return { ok: true, type: 'Arbitrary', fields: {}, arbitraryText: EMPTY_JSON };
  }
  try {
    return decodeParsed(JSON.parse(data));
  } catch (error) {
    // Invalid JSON, or JSON nested too deeply to re-serialise (a RangeError): both are data
    // the editor cannot show, so both fall back the same way.
    return {
      ok: false,
      type: 'Arbitrary',
      fields: {},
      arbitraryText: EMPTY_JSON,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

function decodeParsed(parsed: unknown): DecodedCustomData {
  if (
    parsed !== null &&
    // Stryker disable next-line ConditionalExpression: a string, number or boolean has no type field: the object branch shows it the same
    typeof parsed === 'object' &&
    !Array.isArray(parsed)
  ) {
    const { type, ...rest } = parsed as Record<string, unknown>;
    if (isCustomDataType(type) && type !== 'Arbitrary') {
      return { ok: true, type, fields: rest, arbitraryText: EMPTY_JSON };
    }
    const body = type === 'Arbitrary' ? rest : (parsed as Record<string, unknown>);
    return {
      ok: true,
      type: 'Arbitrary',
      fields: {},
      arbitraryText: JSON.stringify(body, null, 2),
    };
  }
  return {
    ok: true,
    type: 'Arbitrary',
    fields: {},
    arbitraryText: JSON.stringify(parsed, null, 2),
  };
}

/** The parse error message of Arbitrary JSON text, or undefined when it parses. */
export function jsonParseError(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The data string to save: Arbitrary is the JSON text as is (compacted), without a type; the other
 * kinds are their fields with the type included.
 */
export function encodeCustomData(
  type: CustomDataType,
  fields: Record<string, unknown>,
  arbitraryText: string,
): string {
  if (type === 'Arbitrary') return JSON.stringify(JSON.parse(arbitraryText));
  const out: Record<string, unknown> = { type };
  for (const key of TYPE_FIELDS[type]) out[key] = fields[key] ?? null;
  return JSON.stringify(out);
}

/** The type a record's data names, for lists ('Arbitrary' when absent or unreadable). */
export function typeOfRecord(record: Pick<CustomDataRecord, 'data'>): CustomDataType {
  return decodeCustomData(record.data).type;
}

const IMAGE_MAGIC: readonly (readonly [string, string])[] = [
  ['iVBORw0KGgo', 'png'],
  ['/9j/', 'jpeg'],
  ['R0lGOD', 'gif'],
  ['UklGR', 'webp'],
];

/**
 * A safe image source for the icon preview: only base64 PNG, JPEG, GIF or WebP data, either as a
 * data URL or bare base64 recognised by its magic bytes. Anything else gives undefined.
 */
export function safeIconSrc(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  // Stryker disable next-line Regex: removing blanks one by one or by runs leaves the same text
  const value = text.replace(/\s+/g, '');
  // Stryker disable next-line ConditionalExpression,StringLiteral: an empty text fails the base64 pattern below: undefined all the same
  if (value === '') return undefined;
  const dataUrl = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/i.exec(value);
  if (dataUrl) {
    // Stryker disable next-line StringLiteral: a match always has both groups; the defaults only satisfy the types
    const [, kind = 'png', data = ''] = dataUrl;
    return `data:image/${kind.toLowerCase()};base64,${data}`;
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  const kind = IMAGE_MAGIC.find(([magic]) => value.startsWith(magic));
  return kind ? `data:image/${kind[1]};base64,${value}` : undefined;
}

/** SPEC §3: EnforceMinimumVersion versions are YY.MM.DD.Commit. */
export const VERSION_PATTERN = /^\d{2}\.\d{2}\.\d{2}\.[0-9A-Za-z]+$/;
export const VERSION_MESSAGE = 'Version must be in the format YY.MM.DD.Commit';
