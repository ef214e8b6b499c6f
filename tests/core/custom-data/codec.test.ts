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

  it('no data, or blanks, opens as an empty Arbitrary object', () => {
    for (const data of [null, undefined, '   ']) {
      expect(decodeCustomData(data)).toEqual({
        ok: true,
        type: 'Arbitrary',
        fields: {},
        arbitraryText: '{}',
      });
    }
  });

  it('data naming an unknown type is Arbitrary and shows its whole JSON, type included', () => {
    expect(decodeCustomData('{"type":"Banner","a":1}')).toEqual({
      ok: true,
      type: 'Arbitrary',
      fields: {},
      arbitraryText: '{\n  "type": "Banner",\n  "a": 1\n}',
    });
    expect(typeOfRecord({ data: '{"type":"Banner"}' })).toBe('Arbitrary');
    expect(typeOfRecord({ data: '{"type":"DatedIcon","iconBase64":"x"}' })).toBe('DatedIcon');
    // JSON that is not an object still opens, as it is.
    for (const [data, text] of [
      ['"text"', '"text"'],
      ['null', 'null'],
      ['7', '7'],
    ]) {
      expect(decodeCustomData(data)).toEqual({
        ok: true,
        type: 'Arbitrary',
        fields: {},
        arbitraryText: text,
      });
    }
  });

  it('a typed kind saves each of its fields, a missing one as null, and nothing else', () => {
    expect(
      JSON.parse(encodeCustomData('DatedIcon', { startDate: 's', iconBase64: 'i' }, '')),
    ).toEqual({
      type: 'DatedIcon',
      startDate: 's',
      endDate: null,
      iconBase64: 'i',
    });
  });

  it('previews GIF and WebP too, from a pasted data URL or bare base64 with line breaks', () => {
    expect(safeIconSrc('R0lGODlhAQAB')).toBe('data:image/gif;base64,R0lGODlhAQAB');
    expect(safeIconSrc('UklGRhYAAABXRUJQ')).toBe('data:image/webp;base64,UklGRhYAAABXRUJQ');
    expect(safeIconSrc('DATA:IMAGE/JPEG;BASE64,/9j/4AAQ==')).toBe(
      'data:image/jpeg;base64,/9j/4AAQ==',
    );
    expect(safeIconSrc(' iVBORw0K\nGgoAAAA= ')).toBe('data:image/png;base64,iVBORw0KGgoAAAA=');
    expect(safeIconSrc('iVBORw0KGgo!')).toBeUndefined();
    expect(safeIconSrc('iVBORw0KGgo!AAAA')).toBeUndefined();
    // Text around a data URL is not an image.
    expect(safeIconSrc('see data:image/png;base64,iVBORw0KGgo=')).toBeUndefined();
    expect(safeIconSrc('data:image/png;base64,iVBORw0KGgo')).toBe(
      'data:image/png;base64,iVBORw0KGgo',
    );
    expect(safeIconSrc('xiVBORw0KGgo')).toBeUndefined();
    expect(safeIconSrc('   ')).toBeUndefined();
    expect(safeIconSrc(42)).toBeUndefined();
  });
});
