import type { z } from 'zod';
import type { FieldSetting, FormSettings } from './types';

/** The parts of a zod v4 schema's definition this module walks. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Through optional, nullable, default, readonly and pipes (what a client sends). */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.innerType) return unwrap(def.innerType);
  // Stryker disable next-line ConditionalExpression,LogicalOperator: only a pipe's definition has `in`
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return schema;
}

/** The schema at a dotted field name ('address.city'), or undefined. */
function schemaAt(schema: z.ZodType, path: readonly string[]): z.ZodType | undefined {
  const s = unwrap(schema);
  const [head, ...rest] = path;
  if (head === undefined) return s;
  const shape = defOf(s).shape;
  const next = shape?.[head];
  return next ? schemaAt(next, rest) : undefined;
}

/** A string schema's maximum length (.max(n)), or undefined. */
export function contractMaxLength(schema: z.ZodType, field: string): number | undefined {
  const s = schemaAt(schema, field.split('.'));
  // Stryker disable next-line ConditionalExpression: only a string schema has a maxLength
  if (!s || defOf(s).type !== 'string') return undefined;
  const max = (s as z.ZodString).maxLength;
  return typeof max === 'number' ? max : undefined;
}

/**
 * Issue 17: the form's text fields take their maximum from the endpoint's contract, the one the
 * server enforces, so a form and its server never disagree. The one place forms are wired to
 * the contract's limits: a field the contract bounds gets that maxLength (the engine then
 * validates it and shows the counter); other fields are left as they are.
 */
export function withContractLimits(schema: z.ZodType, settings: FormSettings): FormSettings {
  const limit = (setting: FieldSetting): FieldSetting => {
    const maxLength = contractMaxLength(schema, setting.field);
    return maxLength === undefined ? setting : { ...setting, maxLength };
  };
  return { ...settings, rows: settings.rows.map((row) => row.map(limit)) };
}
