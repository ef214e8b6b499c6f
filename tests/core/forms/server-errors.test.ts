import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/core/api';
import { applyServerErrors, fieldErrorsOf } from '@/core/forms';
import { isAboutContent, matchField, serverErrorMessage } from '@/core/forms/server-errors';

// What a form does with the server's field errors (SPEC §5, §8): each under its field, the rest
// in the form's alert, the first field focused; the form engine's tests show them on screen.
const apiError = (status: number, kind: ApiError['kind'] = 'http') =>
  new ApiError({ message: 'Refused', status, kind, method: 'POST', endpoint: '/crm/v1/things' });

describe("the server's field errors in a form", () => {
  it('puts each error under its field, exactly or ignoring case, and focuses only the first', () => {
    const setError = vi.fn();
    const unmatched = applyServerErrors(
      { setError },
      {
        Name: { message: 'Name already exists', errorCode: 'Duplicate' },
        code: 'Too short',
        other: { message: 'Something else', errorCode: 'X' },
        CODE: 'Shouted',
      },
      ['name', 'code', 'Code'],
    );
    expect(setError.mock.calls).toEqual([
      ['name', { type: 'server', message: 'Name already exists' }, { shouldFocus: true }],
      ['code', { type: 'server', message: 'Too short' }, { shouldFocus: false }],
      ['code', { type: 'server', message: 'Shouted' }, { shouldFocus: false }],
    ]);
    expect(unmatched).toEqual(['Something else']);
  });

  it('prefers the field named exactly over one that differs only in case', () => {
    expect(matchField('Code', ['code', 'Code'])).toBe('Code');
    expect(matchField('CODE', ['code', 'Code'])).toBe('code');
    expect(matchField('name', ['code'])).toBeUndefined();
  });

  it('takes every key as a field when the form names none, and nothing from no errors', () => {
    const setError = vi.fn();
    expect(applyServerErrors({ setError }, { anything: 'Wrong' })).toEqual([]);
    expect(setError).toHaveBeenCalledWith(
      'anything',
      { type: 'server', message: 'Wrong' },
      { shouldFocus: true },
    );
    expect(applyServerErrors({ setError }, null, ['name'])).toEqual([]);
    expect(applyServerErrors({ setError }, undefined)).toEqual([]);
    expect(setError).toHaveBeenCalledTimes(1);
  });

  it("reads an error's message, given as text or as the envelope's object", () => {
    expect(serverErrorMessage('Plain')).toBe('Plain');
    expect(serverErrorMessage({ message: 'Boxed', errorCode: 'X' })).toBe('Boxed');
  });

  it('finds the field errors a thrown error carries, and none where there are none', () => {
    const errors = { name: { message: 'Too rude', errorCode: 'X' } };
    expect(fieldErrorsOf({ fieldErrors: errors })).toBe(errors);
    expect(fieldErrorsOf(Object.assign(apiError(400), { fieldErrors: errors }))).toBe(errors);
    for (const thrown of [
      null,
      undefined,
      'text',
      42,
      new Error('x'),
      { fieldErrors: null },
      { fieldErrors: 'name' },
      { fieldErrors: {} },
      apiError(400),
    ])
      expect(fieldErrorsOf(thrown)).toBeUndefined();
  });

  it('shows in the form a refusal of what was sent (400, 409, 422); anything else is not the form’s', () => {
    for (const status of [400, 409, 422]) expect(isAboutContent(apiError(status))).toBe(true);
    for (const status of [401, 403, 404, 500, 503])
      expect(isAboutContent(apiError(status))).toBe(false);
    expect(isAboutContent(apiError(400, 'network'))).toBe(false);
    expect(isAboutContent({ kind: 'http', status: 400 })).toBe(false);
  });
});
