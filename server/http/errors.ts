import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, errorEnvelope, type FieldErrors } from './envelope';

/** Maps every error to the API envelope; bad input never becomes a 500. */
export function installErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(errorEnvelope(error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      const where = (error as { validationContext?: string }).validationContext ?? 'body';
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || where;
        if (errors[key]) continue;
        const text = v.message ?? 'Invalid value';
        const required = /received undefined/.test(text);
        errors[key] = {
          message: required ? 'Mandatory field' : text,
          errorCode: required ? 'required' : 'invalid',
        };
      }
      return reply.code(400).send(errorEnvelope('The request has invalid fields', errors));
    }
    const code = error.code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.code(413).send(errorEnvelope('Request body is too large'));
    }
    if (
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return reply.code(400).send(
        errorEnvelope('Malformed JSON body', {
          body: { message: 'Malformed JSON body', errorCode: 'invalid' },
        }),
      );
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send(errorEnvelope('Unsupported content type'));
    }
    // Postgres refusing a value the schemas let through (e.g. an id beyond int4): bad input, not a 500.
    const pgCode = (error as { code?: unknown }).code;
    if (
      pgCode === '22003' ||
      pgCode === '22P02' ||
      pgCode === '22007' ||
      pgCode === '22008' ||
      pgCode === '22001'
    ) {
      return reply.code(400).send(
        errorEnvelope('A value is out of range or malformed', {
          body: { message: 'A value is out of range or malformed', errorCode: 'invalid' },
        }),
      );
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply.code(429).send(errorEnvelope(error.message || 'Too many requests'));
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorEnvelope(error.message || 'Bad request'));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorEnvelope('Something went wrong!'));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(errorEnvelope('Resource not found'));
  });
}
