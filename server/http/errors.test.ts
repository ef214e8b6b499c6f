import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxLengthMessage } from '@/contract/limits';
import { HttpError } from './envelope';
import { installErrorHandlers } from './errors';
import { BadTextError } from './input';
import { htmlCsp } from './security';

/**
 * How every refusal reaches the caller (server/http/errors.ts): the API envelope with the right
 * status and field errors, never a 500 for bad input; a readable page for a browser on the
 * identity service's pages. A bare Fastify with the stack's handlers and zod validation; each
 * route throws what the test sets.
 */
let app: FastifyInstance;
let thrown: unknown;
const rendered: Array<{ title: string; message: string; link: { href: string; text: string } }> =
  [];

beforeAll(async () => {
  app = Fastify({ bodyLimit: 1000 });
  app.setValidatorCompiler(validatorCompiler);
  installErrorHandlers(app, {
    homeHref: 'http://portal.test/',
    render: (title, message, link) => {
      rendered.push({ title, message, link });
      return `<h1>${title}</h1><p>${message}</p><a href="${link.href}">${link.text}</a>`;
    },
  });
  const fail = async () => {
    throw thrown;
  };
  for (const url of [
    '/crm/v1/fail',
    '/identity/interaction/:uid/login',
    '/identity/interaction/:uid/register',
    '/identity/interaction/:uid/confirm',
    '/identity/interaction/:uid/login/:step',
    '/identity/v1/fail',
  ]) {
    app.post(url, fail);
    app.get(url, fail);
  }
  app.post(
    '/crm/v1/things',
    {
      schema: {
        querystring: z
          .object({
            page: z.coerce.number().int().optional(),
            from: z.string().optional(),
            to: z.string().optional(),
          })
          .refine((q) => !q.from || !q.to || q.from <= q.to, 'From must come before to'),
        body: z.object({
          name: z.string().max(5),
          code: z.string().max(3, 'Three letters'),
          email: z.string().min(3).regex(/@/),
          nested: z.object({ items: z.array(z.number()) }).optional(),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
});
beforeEach(() => {
  rendered.length = 0;
  thrown = undefined;
});

const throwing = async (error: unknown, url = '/crm/v1/fail', headers = {}) => {
  thrown = error;
  return app.inject({ url, headers });
};
const withProps = (props: Record<string, unknown>, message = '') =>
  Object.assign(new Error(message), props);
const post = (payload: unknown, query = '') =>
  app.inject({ method: 'POST', url: `/crm/v1/things${query}`, payload: payload as object });

const GOOD = { name: 'Ann', code: 'ABC', email: 'a@b' };

describe('the envelope of a refusal', () => {
  it('answers a handler’s HttpError with its status, message, field errors and headers', async () => {
    const res = await throwing(
      new HttpError(401, 'Sign in first', null, { 'WWW-Authenticate': 'Bearer' }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toStrictEqual({
      success: false,
      errors: null,
      message: 'Sign in first',
      data: null,
    });
    const errors = { name: { message: 'Taken', errorCode: 'duplicate' } };
    const conflict = await throwing(new HttpError(409, 'Taken', errors));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ message: 'Taken', errors });
  });

  it('answers 404 with the envelope for an unknown path', async () => {
    const res = await app.inject({ url: '/crm/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toStrictEqual({
      success: false,
      errors: null,
      message: 'Resource not found',
      data: null,
    });
  });

  it('answers a fault of the server with 500 and no detail', async () => {
    for (const error of [
      new Error('connection reset by peer at 10.0.0.5'),
      withProps({ statusCode: 500 }, 'internal detail'),
      withProps({ statusCode: 503 }, 'internal detail'),
      withProps({ statusCode: 399 }, 'internal detail'),
      withProps({ statusCode: '404' }, 'internal detail'),
      withProps({ code: '42P01' }, 'relation "x" does not exist'),
      withProps({ code: '23505', constraint: 'users_email_key' }, 'duplicate key'),
    ]) {
      const res = await throwing(error);
      expect(res.statusCode, error.message).toBe(500);
      expect(res.json(), error.message).toStrictEqual({
        success: false,
        errors: null,
        message: 'Something went wrong!',
        data: null,
      });
    }
  });

  it('answers a client error a plugin threw with its status and message', async () => {
    const res = await throwing(withProps({ statusCode: 400 }, 'Bad header'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Bad header', errors: null, data: null });
    const last = await throwing(withProps({ statusCode: 499 }, 'Closed'));
    expect(last.statusCode).toBe(499);
    expect(last.json().message).toBe('Closed');
    const bare = await throwing(withProps({ statusCode: 405 }));
    expect(bare.statusCode).toBe(405);
    expect(bare.json().message).toBe('Bad request');
  });

  it('answers 429 with its message, or says too many requests', async () => {
    const res = await throwing(withProps({ statusCode: 429 }, 'Slow down'));
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Slow down');
    const bare = await throwing(withProps({ statusCode: 429 }));
    expect(bare.statusCode).toBe(429);
    expect(bare.json().message).toBe('Too many requests');
  });

  it('answers a duplicate name the database refused with 409 on name', async () => {
    const res = await throwing(
      withProps({ code: '23505', constraint: 'orgs_name_unique' }, 'duplicate key value'),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'An organization with this name already exists',
      errors: {
        name: { message: 'An organization with this name already exists', errorCode: 'duplicate' },
      },
    });
  });

  it.each(['22003', '22P02', '22007', '22008', '22001'])(
    'answers the database refusing a value (%s) with 400 on the body',
    async (code) => {
      const res = await throwing(withProps({ code }, 'value "99999999999" is out of range'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toStrictEqual({
        success: false,
        message: 'A value is out of range or malformed',
        errors: {
          body: { message: 'A value is out of range or malformed', errorCode: 'invalid' },
        },
        data: null,
      });
    },
  );
});

describe('bodies the stack cannot read', () => {
  const MALFORMED = {
    success: false,
    message: 'Malformed JSON body',
    errors: { body: { message: 'Malformed JSON body', errorCode: 'invalid' } },
    data: null,
  };

  it('answers malformed or empty JSON with 400 on the body', async () => {
    for (const payload of ['{', '{"name": }', '']) {
      const res = await app.inject({
        method: 'POST',
        url: '/crm/v1/things',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toStrictEqual(MALFORMED);
    }
    // A handler that parses JSON itself.
    const res = await throwing(new SyntaxError('Unexpected end of JSON input'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toStrictEqual(MALFORMED);
    for (const code of ['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']) {
      const coded = await throwing(withProps({ code }));
      expect(coded.statusCode, code).toBe(400);
      expect(coded.json(), code).toStrictEqual(MALFORMED);
    }
  });

  it('answers a body over the limit with 413', async () => {
    const res = await post({ ...GOOD, name: 'x'.repeat(2000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toStrictEqual({
      success: false,
      errors: null,
      message: 'Request body is too large',
      data: null,
    });
    for (const error of [
      withProps({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' }),
      withProps({ statusCode: 413 }, 'Payload Too Large'),
    ]) {
      const thrown413 = await throwing(error);
      expect(thrown413.statusCode).toBe(413);
      expect(thrown413.json().message).toBe('Request body is too large');
    }
  });

  it('answers a content type it does not read with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/crm/v1/things',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toStrictEqual({
      success: false,
      errors: null,
      message: 'Unsupported content type',
      data: null,
    });
    const coded = await throwing(withProps({ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }));
    expect(coded.statusCode).toBe(415);
    expect(coded.json().message).toBe('Unsupported content type');
  });
});

describe('validation errors', () => {
  it('accepts a valid body', async () => {
    const res = await post(GOOD);
    expect(res.statusCode).toBe(200);
  });

  it('names each invalid field with its message, required ones as Mandatory field', async () => {
    const res = await post({ code: 'ABCD', email: 'ab', nested: { items: [1, 'two'] } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      success: false,
      message: 'The request has invalid fields',
      data: null,
    });
    expect(body.errors).toStrictEqual({
      name: { message: 'Mandatory field', errorCode: 'required' },
      // The schema's own message for a string over its maximum (issue 17).
      code: { message: 'Three letters', errorCode: 'maxLength' },
      // Two issues on one field: the first is answered.
      email: { message: 'Too small: expected string to have >=3 characters', errorCode: 'invalid' },
      'nested.items.1': {
        message: 'Invalid input: expected number, received string',
        errorCode: 'invalid',
      },
    });
  });

  it('answers a string over its maximum with the forms’ message', async () => {
    const res = await post({ ...GOOD, name: 'Annabel' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toStrictEqual({
      name: { message: maxLengthMessage(5), errorCode: 'maxLength' },
    });
  });

  it('names the part of the request when the whole of it is wrong', async () => {
    const res = await post(['not', 'an', 'object']);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toStrictEqual({
      body: { message: 'Invalid input: expected object, received array', errorCode: 'invalid' },
    });
    const query = await post(GOOD, '?page=1.5');
    expect(query.statusCode).toBe(400);
    expect(Object.keys(query.json().errors)).toEqual(['page']);
    const range = await post(GOOD, '?from=b&to=a');
    expect(range.statusCode).toBe(400);
    expect(range.json().errors).toStrictEqual({
      querystring: { message: 'From must come before to', errorCode: 'invalid' },
    });
  });

  it('answers validation issues a handler threw itself, on the body unless told', async () => {
    const issue = (instancePath: string, extra: Record<string, unknown> = {}) => ({
      [Symbol.for('ZodFastifySchemaValidationError')]: true,
      keyword: 'custom',
      instancePath,
      ...extra,
    });
    const res = await throwing(
      withProps({ validation: [issue('/'), issue('/tags/0', { message: 'Unknown tag' })] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toStrictEqual({
      success: false,
      message: 'The request has invalid fields',
      errors: {
        body: { message: 'Invalid value', errorCode: 'invalid' },
        'tags.0': { message: 'Unknown tag', errorCode: 'invalid' },
      },
      data: null,
    });
    const params = await throwing(
      withProps({ validation: [issue('/')], validationContext: 'params' }),
    );
    expect(Object.keys(params.json().errors)).toEqual(['params']);
  });

  it('answers a validation error without a zod issue as any client error', async () => {
    const res = await throwing(
      withProps({ statusCode: 400, validation: [{ instancePath: '/x', message: 'bad' }] }, 'bad x'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'bad x', errors: null });
  });
});

describe('the identity service’s pages', () => {
  const HTML = { accept: 'text/html,application/xhtml+xml' };

  it('answer a browser on the sign-in form with a page linking back to the form', async () => {
    const res = await throwing(
      new HttpError(400, 'Enter your email', null, { 'X-Extra': 'kept' }),
      '/identity/interaction/abc123/login',
      HTML,
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(htmlCsp([]));
    expect(res.headers['x-extra']).toBe('kept');
    expect(rendered).toEqual([
      {
        title: 'Invalid input',
        message: 'Enter your email',
        link: { href: '/identity/interaction/abc123?view=signin', text: 'Back to the form' },
      },
    ]);
    expect(res.body).toContain('href="/identity/interaction/abc123?view=signin"');
  });

  it('link the registration form back to itself, with or without a query', async () => {
    await throwing(new HttpError(400, 'x'), '/identity/interaction/u1/register?lang=en', HTML);
    expect(rendered[0]?.link).toEqual({
      href: '/identity/interaction/u1?view=register',
      text: 'Back to the form',
    });
  });

  it('link any other page back to the portal', async () => {
    await throwing(new HttpError(409, 'Already used'), '/identity/interaction/u1/confirm', HTML);
    expect(rendered[0]).toEqual({
      title: 'Request refused',
      message: 'Already used',
      link: { href: 'http://portal.test/', text: 'Back to the portal' },
    });
    // A page below the sign-in form is not the form.
    await throwing(new HttpError(400, 'x'), '/identity/interaction/u1/login/extra', HTML);
    expect(rendered[1]?.link).toEqual({ href: 'http://portal.test/', text: 'Back to the portal' });
  });

  it('title each refusal by its kind', async () => {
    const titles: Record<number, string> = {
      400: 'Invalid input',
      401: 'Request refused',
      404: 'Request refused',
      413: 'Too much input',
      415: 'Invalid input',
      429: 'Too many requests',
    };
    for (const [status, title] of Object.entries(titles)) {
      rendered.length = 0;
      const res = await throwing(
        new HttpError(Number(status), 'm'),
        '/identity/interaction/u1/login',
        HTML,
      );
      expect(res.statusCode).toBe(Number(status));
      expect(rendered[0]?.title, status).toBe(title);
    }
  });

  it('say in words what is wrong with bad text', async () => {
    const res = await throwing(new BadTextError('email'), '/identity/interaction/u1/login', HTML);
    expect(res.statusCode).toBe(400);
    expect(rendered[0]?.message).toBe(
      'What you entered contains characters that cannot be accepted (a NUL character or broken Unicode). Go back, correct it and try again.',
    );
  });

  it('are only for browsers, and only on the provider’s paths', async () => {
    for (const [url, headers] of [
      ['/identity/interaction/u1/login', { accept: 'application/json' }],
      ['/identity/interaction/u1/login', {}],
      ['/identity/interaction/u1/login', { accept: 'application/xhtml+xml' }],
      ['/identity/interaction/u1/login', { accept: 'text/htmlx' }],
      ['/identity/interaction/u1/login', { accept: 'xtext/html' }],
      ['/identity/v1/fail', HTML],
      ['/crm/v1/fail', HTML],
    ] as const) {
      const res = await throwing(new HttpError(400, 'Nope'), url, headers);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type'], `${url} ${JSON.stringify(headers)}`).toMatch(
        /^application\/json/,
      );
      expect(res.json()).toMatchObject({ success: false, message: 'Nope' });
    }
    expect(rendered).toEqual([]);
  });

  it('are not answered by a stack without pages: a browser gets the envelope', async () => {
    const bare = Fastify();
    installErrorHandlers(bare);
    bare.get('/identity/interaction/:uid/login', async () => {
      throw new HttpError(400, 'Nope');
    });
    try {
      const res = await bare.inject({ url: '/identity/interaction/u1/login', headers: HTML });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toStrictEqual({
        success: false,
        errors: null,
        message: 'Nope',
        data: null,
      });
    } finally {
      await bare.close();
    }
  });

  it('answer a fault of the server as the envelope, even to a browser', async () => {
    const res = await throwing(new Error('boom'), '/identity/interaction/u1/login', HTML);
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Something went wrong!');
    expect(rendered).toEqual([]);
  });
});
