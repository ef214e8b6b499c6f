import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './envelope';

/**
 * The one input rule of every service (issue 14): text is valid Unicode without NUL.
 * PostgreSQL text cannot hold NUL (U+0000) and its json/jsonb refuse "\u0000" and lone UTF-16
 * surrogates, so such a string would reach the database as a 500. Every request of the stack
 * (API bodies, queries and path parameters, the identity pages' form posts, the provider's query
 * strings, the error sink's envelopes) is checked before validation and refused with a 400.
 */
const MAX_DEPTH = 64;

/** A lone UTF-16 surrogate: not text (PostgreSQL's json refuses it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isBadText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/**
 * The dotted path of the first string (value or object key) holding a NUL character or a lone
 * surrogate, '' for the value itself, or null when every string is good text.
 */
export function findBadText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isBadText(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (isBadText(key)) return at;
    const found = findBadText(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export const BAD_TEXT_MESSAGE = 'The value is not valid text (NUL character or broken Unicode)';

/** A 400 naming the field, in the envelope's field errors. */
export class BadTextError extends HttpError {
  constructor(readonly field: string) {
    super(400, 'The request has invalid fields', {
      [field]: { message: BAD_TEXT_MESSAGE, errorCode: 'invalid' },
    });
  }
}

/** Throws BadTextError for the first bad string of a value the handler parsed itself. */
export function assertGoodText(value: unknown, field: string) {
  const path = findBadText(value);
  if (path !== null) throw new BadTextError(path ? `${field}.${path}` : field);
}

/** preValidation: params, query and body of every route (after authentication, before zod). */
export async function refuseBadText(req: FastifyRequest) {
  for (const [where, value] of [
    ['params', req.params],
    ['query', req.query],
    ['body', req.body],
  ] as const) {
    const path = findBadText(value);
    // Field names as the validation errors give them: a body field by its path, the others
    // by their parameter name.
    if (path !== null) throw new BadTextError(path || where);
  }
}

/** Installs the rule on every route registered after it (call before the services). */
export function installInputRules(app: FastifyInstance) {
  app.addHook('preValidation', refuseBadText);
}
