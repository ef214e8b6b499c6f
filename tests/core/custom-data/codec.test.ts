import { describe, expect, it } from 'vitest';
import {
  decodeCustomData,
  encodeCustomData,
  jsonParseError,
  safeIconSrc,
  typeOfRecord,
} from '@/core/custom-data';

describe('custom data codec', () => {
  it('decodes typed data, Arbitrary data and empty data', () => {
    expect(
      decodeCustomData('{"type":"EnforceMinimumVersion","warningMinimumVersion":"24.01.02.abc"}'),
    ).toMatchObject({
      ok: true,
      type: 'EnforceMinimumVersion',
      fields: { warningMinimumVersion: '24.01.02.abc' },
    });
    expect(decodeCustomData('{"a":1}')).toMatchObject({
      ok: true,
      type: 'Arbitrary',
      arbitraryText: '{\n  "a": 1\n}',
    });
    expect(decodeCustomData('{"type":"Arbitrary","a":1}')).toMatchObject({
      type: 'Arbitrary',
      arbitraryText: '{\n  "a": 1\n}',
    });
    expect(decodeCustomData('')).toMatchObject({
      ok: true,
      type: 'Arbitrary',
      arbitraryText: '{}',
    });
    expect(decodeCustomData('[1,2]')).toMatchObject({
      type: 'Arbitrary',
      arbitraryText: '[\n  1,\n  2\n]',
    });
  });

  it('corrupt data becomes Arbitrary with empty JSON, flagged', () => {
    expect(decodeCustomData('{oops')).toMatchObject({
      ok: false,
      type: 'Arbitrary',
      arbitraryText: '{}',
    });
    expect(typeOfRecord({ data: '{oops' })).toBe('Arbitrary');
  });

  it('encodes Arbitrary without a type, the others with theirs and only their fields', () => {
    expect(encodeCustomData('Arbitrary', {}, '{ "x": [1] }')).toBe('{"x":[1]}');
    expect(
      JSON.parse(
        encodeCustomData(
          'EnforceMinimumVersion',
          { warningMinimumVersion: 'w', criticalMinimumVersion: 'c', stray: 1 },
          '',
        ),
      ),
    ).toEqual({
      type: 'EnforceMinimumVersion',
      warningMinimumVersion: 'w',
      criticalMinimumVersion: 'c',
    });
  });

  it('reports JSON parse errors', () => {
    expect(jsonParseError('{}')).toBeUndefined();
    expect(jsonParseError('{')).toEqual(expect.any(String));
  });

  it('only shows base64 PNG, JPEG, GIF or WebP icons', () => {
    expect(safeIconSrc('data:image/png;base64,iVBORw0KGgo=')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(safeIconSrc('iVBORw0KGgoAAAA')).toBe('data:image/png;base64,iVBORw0KGgoAAAA');
    expect(safeIconSrc('/9j/4AAQ')).toBe('data:image/jpeg;base64,/9j/4AAQ');
    expect(safeIconSrc('data:image/svg+xml;base64,PHN2Zz4=')).toBeUndefined();
    expect(safeIconSrc('javascript:alert(1)')).toBeUndefined();
    expect(safeIconSrc('data:image/png;base64,AA"onerror="x')).toBeUndefined();
    expect(safeIconSrc('QUJD')).toBeUndefined();
  });
});
