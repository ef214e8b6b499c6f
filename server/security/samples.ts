import { z } from 'zod';
import type { RouteInfo } from '../http/routes';

/**
 * Valid inputs generated from a route's zod schemas (through their JSON Schema), so generated
 * tests reach the handler with every declared field present: the NUL fuzz puts bad text in each
 * string of them, the limits test reads each string's bound. Refinements and patterns a JSON
 * Schema cannot express come from FIELD_VALUES (by field name) and ROUTE_BODIES (by route).
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: Json[];
  const?: Json;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: Json;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** A valid value of every path parameter (ids of the demo data a sysadmin reaches). */
export const PATH_VALUES: Record<string, string> = {
  orgId: '2',
  siteId: '1',
  blastId: '7',
  userId: '8',
  libraryId: '2',
  shareId: '1',
  linkId: 'demo-auth-link',
  id: '1',
  recordId: '1',
  licenceId: '1',
  attachmentId: '1',
  email: 'owner@example.com',
  code: 'x',
  projectId: '1',
};

/** Values for fields whose rule JSON Schema cannot state (refinements, patterns). */
export const FIELD_VALUES: Record<string, Json> = {
  email: 'siteuser@example.com',
  contactEmail: 'probe@example.com',
  data: '{}',
  customData: '{}',
  version: '1.0.0',
  endMonth: '2025-01',
  base64: 'QUJD',
  fileName: 'probe.txt',
  projectId: '1',
  status: 'fired',
  avatar_Base64: null,
  search: 'pr',
  timeZone: 'Europe/Oslo',
};

/** Whole bodies for routes whose refinements tie fields together. */
export const ROUTE_BODIES: Record<string, Json> = {
  'POST /data/v1/orgs/:orgId/sites/:siteId/blasts/:blastId/shares': { email: 'owner@example.com' },
};

/** The JSON Schema of an input schema (what a client sends). */
export const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Resolves $ref against the document's $defs. */
export const resolve = (s: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema =>
  s.$ref ? resolve(defs[s.$ref.split('/').pop() ?? ''] ?? {}, defs) : s;

function sample(s0: JsonSchema, defs: Record<string, JsonSchema>, name: string): Json {
  const s = resolve(s0, defs);
  const variants = s.anyOf ?? s.oneOf;
  if (variants) {
    const chosen = variants.find((v) => resolve(v, defs).type !== 'null') ?? variants[0] ?? {};
    return sample(chosen, defs, name);
  }
  if (s.allOf?.[0]) return sample(s.allOf[0], defs, name);
  // A named value where the field takes it (a Status filter's options are not a blast's status).
  const named = FIELD_VALUES[name];
  if (named !== undefined && (!s.enum || s.enum.includes(named))) return named;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0] ?? null;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string': {
      if (s.format === 'date') return '2025-01-01';
      if (s.format === 'date-time') return '2025-01-01T00:00:00Z';
      if (s.format === 'email') return 'probe@example.com';
      const min = s.minLength ?? 0;
      return 'probe'.padEnd(min, 'x').slice(0, Math.max(min, Math.min(5, s.maxLength ?? 5)));
    }
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'array': {
      const item = sample(s.items ?? {}, defs, name);
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => item);
    }
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {}))
        out[key] = sample(prop, defs, key);
      if (Object.keys(out).length === 0 && typeof s.additionalProperties === 'object')
        out.probe = sample(s.additionalProperties, defs, 'probe');
      // A selection of a list (docs/lists.md) is ids or all matching rows, never both: the
      // sample selects all matching, so its search and filters are sampled too.
      if ('all' in out && 'ids' in out) delete out.ids;
      return out;
    }
    default:
      return null;
  }
}

/** A valid value of the schema (every optional field present), or undefined without one. */
export function sampleOf(schema: z.ZodType | undefined): Json | undefined {
  if (!schema) return undefined;
  const js = jsonSchemaOf(schema);
  return sample(js, js.$defs ?? {}, '');
}

export interface RouteSample {
  params: Record<string, string>;
  query: Record<string, Json> | undefined;
  body: Json | undefined;
}

/** A valid request of the route: path values from pathValues, query and body from the schemas. */
export function sampleRequest(r: RouteInfo, pathValues: Record<string, string>): RouteSample {
  const params = Object.fromEntries(
    [...r.url.matchAll(/:(\w+)/g)].map((m) => [m[1], pathValues[m[1] ?? ''] ?? '1']),
  );
  return {
    params,
    query: sampleOf(r.query) as Record<string, Json> | undefined,
    body: ROUTE_BODIES[`${r.method} ${r.url}`] ?? sampleOf(r.body),
  };
}

/**
 * Every string of a value as [keys, value]: keys is the path from the root (a key may hold a dot,
 * as a filter of the column 'product.name' does; the field name is the keys joined by dots).
 */
export function stringsOf(value: Json | undefined, keys: string[] = []): Array<[string[], string]> {
  if (typeof value === 'string') return [[keys, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => stringsOf(v, [...keys, k]));
}

/** A copy of value with the string at keys replaced. */
export function withString(value: Json, keys: string[], replacement: string): Json {
  const [head, ...rest] = keys;
  if (head === undefined || value === null || typeof value !== 'object') return replacement;
  const copy: Json = Array.isArray(value) ? [...value] : { ...value };
  const key = head as never;
  (copy as Record<string, Json>)[key] = rest.length
    ? withString((value as Record<string, Json>)[key] as Json, rest, replacement)
    : replacement;
  return copy;
}

/** The URL of a sampled request: path values and query encoded (arrays as repeated keys). */
export function urlOf(r: RouteInfo, req: RouteSample): string {
  const path = r.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(req.params[name] ?? '1'),
  );
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query ?? {}))
    for (const item of Array.isArray(v) ? v : [v]) if (item !== null) qs.append(k, String(item));
  const text = qs.toString();
  return text ? `${path}?${text}` : path;
}
