import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { tooLongFieldError } from '@/contract/limits';
import type { FieldError } from '@/contract/envelope';
import { HttpError, errorEnvelope, type FieldErrors } from './envelope';
import { BadTextError } from './input';
import { htmlCsp, isProviderPath } from './security';
import { duplicateName } from './unique-names';

/** How the identity service's browser pages show a refused request (an HTML page, no JSON). */
export interface ErrorPages {
  render: (title: string, message: string, link: { href: string; text: string }) => string;
  /** Where a page without a form to return to links back to. */
  homeHref: string;
}

/** Postgres refusing a value the schemas let through (e.g. an id beyond int4). */
const PG_BAD_VALUE = new Set(['22003', '22P02', '22007', '22008', '22001']);

/**
 * One zod issue as a field error. A string over its maximum is 'maxLength' with the forms'
 * message (issue 17: refused, never cut); a missing value is 'required'.
 */
function fieldErrorOf(v: {
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}): FieldError {
  const text = v.message ?? 'Invalid value';
  const tooLong = tooLongFieldError({ ...v.params, code: v.keyword, message: text });
  if (tooLong) return tooLong;
  const required = /received undefined/.test(text);
  return {
    message: required ? 'Mandatory field' : text,
    errorCode: required ? 'required' : 'invalid',
  };
}

const invalid = (message: string) =>
  new HttpError(400, message, { body: { message, errorCode: 'invalid' } });

/** Every error as the HttpError it is answered with; null for a fault of the server (500). */
function asHttpError(error: FastifyError | HttpError): HttpError | null {
  if (error instanceof HttpError) return error;
  // A duplicate name the database refused (a unique name index): 409 on name, not a 500.
  const duplicate = duplicateName(error);
  if (duplicate) return duplicate;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldErrors = {};
    const where = (error as { validationContext?: string }).validationContext ?? 'body';
    for (const v of error.validation) {
      // Stryker disable next-line Regex: an instance path always starts with its one leading slash
      const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || where;
      if (errors[key]) continue;
      errors[key] = fieldErrorOf(v);
    }
    return new HttpError(400, 'The request has invalid fields', errors);
  }
  const code = error.code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413)
    return new HttpError(413, 'Request body is too large');
  if (
    code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error instanceof SyntaxError
  )
    return invalid('Malformed JSON body');
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new HttpError(415, 'Unsupported content type');
  // Bad input, not a 500.
  if (PG_BAD_VALUE.has(String(code))) return invalid('A value is out of range or malformed');
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 429) return new HttpError(429, error.message || 'Too many requests');
  if (status >= 400 && status < 500) return new HttpError(status, error.message || 'Bad request');
  return null;
}

const PAGE_TITLES: Record<number, string> = {
  400: 'Invalid input',
  413: 'Too much input',
  415: 'Invalid input',
  429: 'Too many requests',
};

/**
 * A browser on the identity service's pages (sign-in, registration, the provider's redirects)
 * gets a page it can read, with a link back to the form it came from, not a JSON envelope.
 */
const wantsPage = (req: FastifyRequest) =>
  // Stryker disable next-line StringLiteral: no Accept header and any other text both fail the test
  isProviderPath(req.url) && /\btext\/html\b/.test(String(req.headers.accept ?? ''));

function sendPage(req: FastifyRequest, reply: FastifyReply, pages: ErrorPages, error: HttpError) {
  // Stryker disable next-line StringLiteral: split always answers a first part; the default only satisfies the types
  const path = req.url.split('?')[0] ?? '';
  // The leading .* takes the path from its start.
  const form = /(.*\/interaction\/[^/]+)\/(login|register)$/.exec(path);
  const link = form
    ? {
        href: `${form[1]}?view=${form[2] === 'login' ? 'signin' : 'register'}`,
        text: 'Back to the form',
      }
    : { href: pages.homeHref, text: 'Back to the portal' };
  const message =
    error instanceof BadTextError
      ? 'What you entered contains characters that cannot be accepted (a NUL character or broken Unicode). Go back, correct it and try again.'
      : error.message;
  return reply
    .code(error.statusCode)
    .headers(error.headers)
    .header('Content-Security-Policy', htmlCsp([]))
    .type('text/html; charset=utf-8')
    .send(pages.render(PAGE_TITLES[error.statusCode] ?? 'Request refused', message, link));
}

/** Maps every error to the API envelope (identity pages: an HTML page); bad input is never a 500. */
export function installErrorHandlers(app: FastifyInstance, pages?: ErrorPages) {
  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    const http = asHttpError(error);
    if (!http) {
      // Stryker disable next-line ObjectLiteral,StringLiteral: a log line reaches no user
      req.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send(errorEnvelope('Something went wrong!'));
    }
    if (pages && wantsPage(req)) return sendPage(req, reply, pages, http);
    return reply
      .code(http.statusCode)
      .headers(http.headers)
      .send(errorEnvelope(http.message, http.errors));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(errorEnvelope('Resource not found'));
  });
}
