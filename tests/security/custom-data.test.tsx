import { configure, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CustomDataEditor,
  CustomDataRecordsPanel,
  decodeCustomData,
  typeOfRecord,
  type CustomDataRecord,
} from '@/core/custom-data';
import { ToastHost } from '@/core/notify';
import { parseCustomData, toMemberships } from '@/core/org/choose';
import { useOrgContext } from '@/core/org/context';
import { renderApp } from '../render';
import { TableProviders } from '../core/data-table/harness';
import { createOrg, createUserMetadata } from '../factories/metadata';

/**
 * Issue 11 / SPEC §8: hostile organisation and record customData — prototype-pollution keys,
 * very deep nesting, null, [] and invalid JSON — pollutes nothing, crashes nothing, and falls back
 * to {} (organisations) or Arbitrary '{}' (records).
 */
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const DEPTH = 100_000;
const deepArrays = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObjects = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
const unclosed = '['.repeat(DEPTH);

const POLLUTING = [
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"__proto__":{"__proto__":{"isSysadmin":true}},"a":{"__proto__":{"isAdmin":true}}}',
  '{"type":"DatedIcon","__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
];
/** Payloads that are not an object: SPEC §8 fallback to {} with the log line. */
const NOT_OBJECTS = ['[]', 'null', '"text"', '{not json', unclosed, deepArrays];

const expectUnpolluted = () => {
  const probe = {} as Record<string, unknown>;
  expect(probe.isAdmin).toBeUndefined();
  expect(probe.isSysadmin).toBeUndefined();
  expect(probe.x).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('isAdmin');
  expect(Object.prototype).not.toHaveProperty('x');
};

afterEach(() => {
  expectUnpolluted();
});

describe('organisation customData (src/core/org)', () => {
  it('never pollutes a prototype, nor hands out an object whose prototype was replaced', () => {
    for (const raw of POLLUTING) {
      const parsed = parseCustomData(createOrg({ customData: raw }));
      expect(Object.getPrototypeOf(parsed), raw).toBe(Object.prototype);
      expect((parsed as Record<string, unknown>).isAdmin, raw).toBeUndefined();
      // Copies made later (spread, assign) stay clean too.
      expect(({ ...parsed } as Record<string, unknown>).isAdmin, raw).toBeUndefined();
      const [entry] = toMemberships(createUserMetadata([{ org: { customData: raw } }]));
      expect((entry?.org.customData as Record<string, unknown>).isAdmin, raw).toBeUndefined();
      expectUnpolluted();
    }
  });

  it('falls back to {} with the SPEC §8 log line for [], null text, strings, invalid JSON and very deep nesting', () => {
    for (const raw of NOT_OBJECTS) {
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const org = createOrg({ id: 42, name: 'Delta Drilling', customData: raw });
      expect(parseCustomData(org), raw.slice(0, 20)).toEqual({});
      expect(log).toHaveBeenCalledWith(
        "Something's gone wrong with the custom data for Delta Drilling - 42",
      );
      log.mockRestore();
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(parseCustomData(createOrg({ customData: null }))).toEqual({});
    expect(quiet).not.toHaveBeenCalled();
  });

  it('does not crash on 100k levels of nested objects', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => parseCustomData(createOrg({ customData: deepObjects }))).not.toThrow();
  });

  it('keeps the portal running with hostile customData in the user metadata', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function OrgName() {
      const { org } = useOrgContext();
      return <p data-testid="org-name">{org.name}</p>;
    }
    await renderApp(<OrgName />, {
      org: [
        { org: { id: 1, name: 'Acme Mining', customData: POLLUTING[0] ?? null } },
        { org: { id: 2, name: 'Borealis Quarries', customData: deepArrays } },
        { org: { id: 3, name: 'Cobalt Blasting', customData: POLLUTING[1] ?? null } },
        { org: { id: 4, name: 'Delta Drilling', customData: '{not json' } },
        { org: { id: 5, name: 'Echo Earthworks', customData: deepObjects } },
      ],
    });
    expect(await screen.findByTestId('org-name')).toHaveTextContent('Acme Mining');
  });
});

describe('custom data records (src/core/custom-data)', () => {
  const record = (data: string): CustomDataRecord => ({
    id: 'rec-1',
    name: 'Banner',
    description: null,
    executionPriority: 1,
    data,
  });

  it('decodes polluting keys without polluting anything', () => {
    for (const raw of POLLUTING) {
      const decoded = decodeCustomData(raw);
      expect(decoded.ok, raw).toBe(true);
      expect((decoded.fields as Record<string, unknown>).isAdmin, raw).toBeUndefined();
      expect(Object.getPrototypeOf(decoded.fields)).toBe(Object.prototype);
      expectUnpolluted();
    }
  });

  it('falls back to Arbitrary with empty JSON for invalid and unclosed JSON', () => {
    for (const raw of ['{not json', unclosed]) {
      const decoded = decodeCustomData(raw);
      expect(decoded).toMatchObject({ ok: false, type: 'Arbitrary', arbitraryText: '{}' });
    }
    for (const raw of ['null', '[]']) {
      expect(decodeCustomData(raw).type).toBe('Arbitrary');
    }
  });

  it('does not crash on very deep nesting (arrays or objects)', () => {
    for (const raw of [deepArrays, deepObjects]) {
      expect(() => decodeCustomData(raw), raw.slice(0, 10)).not.toThrow();
      expect(() => typeOfRecord({ data: raw }), raw.slice(0, 10)).not.toThrow();
    }
  });

  it('lists and opens records with hostile data without crashing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const records = [...POLLUTING, '{not json', 'null', '[]', deepArrays].map((data, i) => ({
      ...record(data),
      id: `rec-${i}`,
      name: `Record ${i}`,
    }));
    const { unmount } = render(
      <CustomDataRecordsPanel records={records} onSave={vi.fn()} onDelete={vi.fn()} />,
      { wrapper: TableProviders },
    );
    expect(screen.getByText('Record 0')).toBeInTheDocument();
    expect(screen.getByText(`Record ${records.length - 1}`)).toBeInTheDocument();
    unmount();
    render(
      <>
        <ToastHost />
        <CustomDataEditor
          open
          record={record(POLLUTING[0] ?? '')}
          onSave={vi.fn()}
          onDelete={vi.fn()}
          onClose={vi.fn()}
        />
      </>,
    );
    expect(await screen.findByLabelText('JSON')).toBeInTheDocument();
  });
});
