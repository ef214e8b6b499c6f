import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@/contract/envelope';
import {
  HttpError,
  badRequest,
  conflict,
  errorEnvelope,
  fail,
  forbidden,
  notFound,
  ok,
  pageOf,
  paged,
  refused,
} from './envelope';

/** The API envelope (SPEC §8) every answer of the stack is, and the refusals handlers throw. */
describe('the envelope', () => {
  it('answers data, with a message only when one is given', () => {
    expect(ok({ id: 1 })).toStrictEqual({ success: true, errors: null, data: { id: 1 } });
    expect(Object.keys(ok(null))).not.toContain('message');
    expect(ok([1], 'Saved')).toStrictEqual({
      success: true,
      errors: null,
      data: [1],
      message: 'Saved',
    });
    expect(ok(0, '')).toStrictEqual({ success: true, errors: null, data: 0, message: '' });
  });

  it('answers an error with its message and field errors, no data', () => {
    expect(errorEnvelope('Nope')).toStrictEqual({
      success: false,
      errors: null,
      message: 'Nope',
      data: null,
    });
    const errors = { name: { message: 'Mandatory field', errorCode: 'required' } };
    expect(errorEnvelope('Invalid', errors)).toStrictEqual({
      success: false,
      errors,
      message: 'Invalid',
      data: null,
    });
  });
});

describe('the refusals a handler throws', () => {
  it('carry their status, message, field errors and headers', () => {
    const plain = new HttpError(418, 'Teapot');
    expect(plain).toBeInstanceOf(Error);
    expect(plain).toMatchObject({ statusCode: 418, message: 'Teapot', errors: null, headers: {} });
    const withHeaders = new HttpError(401, 'Who?', null, { 'WWW-Authenticate': 'Bearer' });
    expect(withHeaders.headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
    const errors = { a: { message: 'x', errorCode: 'invalid' } };
    expect(fail(422, 'Bad', errors)).toMatchObject({ statusCode: 422, message: 'Bad', errors });
    expect(fail(400, 'Bad')).toMatchObject({ statusCode: 400, errors: null });
  });

  it('say what was not found, 404', () => {
    expect(notFound()).toMatchObject({ statusCode: 404, message: 'Resource not found' });
    expect(notFound('Site')).toMatchObject({ statusCode: 404, message: 'Site not found' });
  });

  it('refuse a permission with SPEC §8’s text, 403', () => {
    expect(forbidden()).toMatchObject({
      statusCode: 403,
      message: 'You do not have permission to access this resource',
      errors: null,
    });
    expect(forbidden('Only the owner')).toMatchObject({
      statusCode: 403,
      message: 'Only the owner',
    });
  });

  it('name the field of bad input, 400, invalid unless told', () => {
    expect(badRequest('email', 'Not an email')).toMatchObject({
      statusCode: 400,
      message: 'Not an email',
      errors: { email: { message: 'Not an email', errorCode: 'invalid' } },
    });
    expect(badRequest('name', 'Mandatory field', 'required').errors).toEqual({
      name: { message: 'Mandatory field', errorCode: 'required' },
    });
  });

  it('refuse for a business reason or a duplicate with 409', () => {
    expect(refused('The offering is in use')).toMatchObject({
      statusCode: 409,
      message: 'The offering is in use',
      errors: null,
    });
    expect(conflict('name', 'Taken')).toMatchObject({
      statusCode: 409,
      message: 'Taken',
      errors: { name: { message: 'Taken', errorCode: 'duplicate' } },
    });
  });
});

describe('pages', () => {
  it('start at 0 and hold MAX_PAGE_SIZE rows unless asked otherwise', () => {
    expect(MAX_PAGE_SIZE).toBe(1000);
    expect(pageOf({})).toEqual({ skip: 0, take: MAX_PAGE_SIZE });
    expect(pageOf({ skip: undefined, take: undefined })).toEqual({ skip: 0, take: MAX_PAGE_SIZE });
    expect(pageOf({ skip: 40, take: 20 })).toEqual({ skip: 40, take: 20 });
  });

  it('are clamped: no negative skip, at least one row, at most MAX_PAGE_SIZE, skip within int4', () => {
    expect(pageOf({ skip: -5, take: 0 })).toEqual({ skip: 0, take: 1 });
    expect(pageOf({ skip: 0, take: -3 })).toEqual({ skip: 0, take: 1 });
    expect(pageOf({ take: 1 })).toEqual({ skip: 0, take: 1 });
    expect(pageOf({ take: MAX_PAGE_SIZE })).toEqual({ skip: 0, take: MAX_PAGE_SIZE });
    expect(pageOf({ take: MAX_PAGE_SIZE + 1 })).toEqual({ skip: 0, take: MAX_PAGE_SIZE });
    expect(pageOf({ skip: 2_147_483_647 })).toMatchObject({ skip: 2_147_483_647 });
    expect(pageOf({ skip: 2_147_483_648 })).toMatchObject({ skip: 2_147_483_647 });
    expect(pageOf({ skip: 1e21 })).toMatchObject({ skip: 2_147_483_647 });
  });

  it('say how many rows they hold, how many were skipped and how many there are', () => {
    expect(paged(['a', 'b'], 10, 57)).toStrictEqual({
      results: ['a', 'b'],
      fetchedCount: 2,
      skippedCount: 10,
      totalAvailable: 57,
    });
    expect(paged([], 0, 0)).toStrictEqual({
      results: [],
      fetchedCount: 0,
      skippedCount: 0,
      totalAvailable: 0,
    });
  });
});
