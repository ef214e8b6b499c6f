import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/envelope';

const MAX_DEPTH = 64;

/** A lone UTF-16 surrogate: not text (PostgreSQL's json refuses it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isBadText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** The dotted path of the first string holding a NUL character or a lone surrogate, or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isBadText(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL (U+0000) and its json refuses lone surrogates: a string with
 * either is bad input (400 with a field error), found before validation so it never reaches the
 * database as a 500. Object keys are checked as part of their path's value only.
 */
export async function refuseNul(req: FastifyRequest) {
  for (const [where, value] of [
    ['params', req.params],
    ['query', req.query],
    ['body', req.body],
  ] as const) {
    const path = findNul(value);
    if (path !== null) {
      const field = path || where;
      const message = 'The value is not valid text (NUL character or broken Unicode)';
      throw new HttpError(400, 'The request has invalid fields', {
        [field]: { message, errorCode: 'invalid' },
      });
    }
  }
}
