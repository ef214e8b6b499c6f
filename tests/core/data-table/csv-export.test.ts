import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordsToCsvText, toCsvText } from '@/core/data-table';
import {
  blobSink,
  canPickFile,
  csvLine,
  fileSink,
  writeCsv,
  type CsvLayout,
  type CsvSink,
} from '@/core/data-table/csv-export';

/** A sink that keeps every chunk it was given. */
function memorySink() {
  const chunks: string[] = [];
  const sink: CsvSink & { closed: boolean; aborted: boolean } = {
    closed: false,
    aborted: false,
    async write(text) {
      chunks.push(text);
    },
    async close() {
      sink.closed = true;
    },
    async abort() {
      sink.aborted = true;
    },
  };
  return { sink, chunks, text: () => chunks.join('') };
}

async function* batchesOf<T>(rows: readonly T[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

const columns = (headers: string[]): CsvLayout<unknown[]> => ({
  kind: 'columns',
  headers,
  cells: (row) => row,
});

describe('the CSV export writer (issue 16)', () => {
  it('writes the same bytes as toCsvText: byte-order mark, quotes, doubled quotes, neutralised formulas', async () => {
    const rows = [
      ['=HYPERLINK("x")', 'a, "b"\nc', -5],
      ['+1', '@x', '＝1'],
      [null, undefined, 'plain'],
    ];
    const memory = memorySink();
    const written = await writeCsv({
      batches: batchesOf(rows, 2),
      layout: columns(['A', 'B', 'C']),
      sink: memory.sink,
      signal: new AbortController().signal,
    });
    expect(written).toBe(3);
    expect(memory.text()).toBe(toCsvText(['A', 'B', 'C'], rows));
    expect(memory.text().startsWith('\uFEFF"A","B","C"\n"\'=HYPERLINK(""x"")"')).toBe(true);
    expect(memory.sink.closed).toBe(true);
  });

  it('matches toCsvText for any cells, batch sizes and chunk sizes (property)', async () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('"', ',', '\n', '=1+1', '-2', '＠x', ''),
      fc.integer(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 64 }),
        async (rows, batch, chunkChars) => {
          const memory = memorySink();
          await writeCsv({
            batches: batchesOf(rows, batch),
            layout: columns(['x', 'y', 'z']),
            sink: memory.sink,
            signal: new AbortController().signal,
            chunkChars,
          });
          expect(memory.text()).toBe(toCsvText(['x', 'y', 'z'], rows));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("takes csvMapperFn's records: the header is the keys of the first batch", async () => {
    const records = [
      { Id: 1, Customer: 'Acme' },
      { Id: 2, Customer: '-cmd', Extra: 'x' },
      { Id: 3, Customer: 'Late', Later: 'dropped' },
    ];
    const memory = memorySink();
    await writeCsv({
      batches: batchesOf(records, 2),
      layout: { kind: 'records', map: (row) => row },
      sink: memory.sink,
      signal: new AbortController().signal,
    });
    expect(memory.text()).toBe(
      recordsToCsvText([records[0], records[1], { Id: 3, Customer: 'Late' }] as never),
    );
    // Nothing at all: the byte-order mark alone, as recordsToCsvText([]) has it.
    const empty = memorySink();
    await writeCsv({
      batches: batchesOf([], 2),
      layout: { kind: 'records', map: (row: object) => row as Record<string, unknown> },
      sink: empty.sink,
      signal: new AbortController().signal,
    });
    expect(empty.text()).toBe(recordsToCsvText([]));
  });

  it('writes in chunks as the batches arrive: no batch waits for the end, no chunk grows past the bound', async () => {
    const produced: number[] = [];
    const writesSeen: number[] = [];
    async function* batches() {
      for (let b = 0; b < 50; b++) {
        produced.push(b);
        yield Array.from({ length: 100 }, (_, i) => [`row ${b * 100 + i}`, 'x'.repeat(20)]);
      }
    }
    const chunks: string[] = [];
    const sink: CsvSink = {
      async write(text) {
        chunks.push(text);
        writesSeen.push(produced.length);
      },
      async close() {},
      async abort() {},
    };
    const chunkChars = 4000;
    const rows = await writeCsv({
      batches: batches(),
      layout: columns(['Name', 'Pad']),
      sink,
      signal: new AbortController().signal,
      chunkChars,
    });
    expect(rows).toBe(5000);
    expect(chunks.length).toBeGreaterThan(10);
    // A chunk is flushed after the batch that filled it: at most the bound plus one batch.
    const batchChars = 100 * '\n"row 0000","xxxxxxxxxxxxxxxxxxxx"'.length;
    for (const chunk of chunks) expect(chunk.length).toBeLessThan(chunkChars + batchChars);
    // The first write happened long before the last batch was produced.
    expect(writesSeen[0]).toBeLessThan(5);
  });

  it('Cancel: stops reading, aborts the sink, saves nothing, and rejects with the abort', async () => {
    const controller = new AbortController();
    let closedIterator = false;
    async function* batches() {
      try {
        for (let b = 0; ; b++) {
          if (b === 3) controller.abort();
          yield [[`row ${b}`]];
        }
      } finally {
        closedIterator = true;
      }
    }
    const memory = memorySink();
    await expect(
      writeCsv({
        batches: batches(),
        layout: columns(['A']),
        sink: memory.sink,
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(memory.sink.aborted).toBe(true);
    expect(memory.sink.closed).toBe(false);
    expect(closedIterator).toBe(true);
  });

  it('the Blob sink keeps chunks as Blob parts and saves one file; aborted, it saves nothing', async () => {
    const save = vi.fn<(name: string, blob: Blob) => void>();
    const sink = blobSink('Issued Licences.csv', save);
    const rows = Array.from({ length: 300 }, (_, i) => [i, `name ${i}`]);
    await writeCsv({
      batches: batchesOf(rows, 50),
      layout: columns(['N', 'Name']),
      sink,
      signal: new AbortController().signal,
      chunkChars: 500,
    });
    expect(save).toHaveBeenCalledTimes(1);
    const [name, blob] = save.mock.calls[0] ?? [];
    expect(name).toBe('Issued Licences.csv');
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await (blob as Blob).arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(toCsvText(['N', 'Name'], rows).slice(1));

    const dropped = vi.fn();
    const other = blobSink('x.csv', dropped);
    await other.write('abc');
    await other.abort();
    expect(dropped).not.toHaveBeenCalled();
  });
});

describe('the CSV export writer: progress, chunks and failures', () => {
  it('one record per line, fields quoted; no fields is an empty line', () => {
    expect(csvLine(['a', 1, null, '=x'])).toBe('"a","1","","\'=x"');
    expect(csvLine([])).toBe('');
  });

  it('says after each batch how many rows are written so far', async () => {
    const progress: number[] = [];
    const memory = memorySink();
    await writeCsv({
      batches: batchesOf([[1], [2], [3], [4], [5]], 2),
      layout: columns(['N']),
      sink: memory.sink,
      signal: new AbortController().signal,
      onProgress: (rows) => progress.push(rows),
    });
    expect(progress).toEqual([2, 4, 5]);
  });

  it('a chunk that reaches the bound exactly is written at once; no write is ever empty', async () => {
    const memory = memorySink();
    // BOM + '"A"' + '\n"x"' is 8 characters; the second batch adds 8 more.
    async function* batches() {
      yield [['x']];
      yield [['y'], ['z']];
    }
    await writeCsv({
      batches: batches(),
      layout: columns(['A']),
      sink: memory.sink,
      signal: new AbortController().signal,
      chunkChars: 8,
    });
    expect(memory.chunks).toEqual(['\uFEFF"A"\n"x"', '\n"y"\n"z"']);
    expect(memory.sink.closed).toBe(true);
  });

  it('Cancel while a batch is still on its way: rejects at once with the reason, saves nothing', async () => {
    const controller = new AbortController();
    let asked = 0;
    const never: AsyncIterable<readonly string[][]> = {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          asked += 1;
          return asked === 1
            ? Promise.resolve({ done: false, value: [['first']] })
            : new Promise(() => undefined);
        },
      }),
    };
    const memory = memorySink();
    const written = writeCsv({
      batches: never,
      layout: columns(['A']),
      sink: memory.sink,
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('Stopped by the user')),
    });
    await expect(written).rejects.toThrow('Stopped by the user');
    expect(memory.sink.aborted).toBe(true);
    expect(memory.sink.closed).toBe(false);
    expect(asked).toBe(2);
  });

  it('Cancel just as the last batch arrives still saves nothing', async () => {
    const controller = new AbortController();
    let asked = 0;
    const lastThenCancel: AsyncIterable<readonly string[][]> = {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          asked += 1;
          if (asked === 1) return Promise.resolve({ done: false, value: [['only']] });
          const end = Promise.resolve({ done: true as const, value: undefined });
          // The click lands after the end is in, before the writer has seen it.
          void end.then(() => queueMicrotask(() => controller.abort(new Error('Cancelled'))));
          return end;
        },
      }),
    };
    const memory = memorySink();
    await expect(
      writeCsv({
        batches: lastThenCancel,
        layout: columns(['A']),
        sink: memory.sink,
        signal: controller.signal,
      }),
    ).rejects.toThrow('Cancelled');
    expect(memory.sink.closed).toBe(false);
    expect(memory.sink.aborted).toBe(true);
    expect(memory.chunks).toEqual([]);
  });

  it('an export cancelled before it starts writes nothing', async () => {
    const controller = new AbortController();
    controller.abort(new Error('Too late'));
    const memory = memorySink();
    await expect(
      writeCsv({
        batches: batchesOf([['x'], ['y']], 1),
        layout: columns(['A']),
        sink: memory.sink,
        signal: controller.signal,
        chunkChars: 1,
      }),
    ).rejects.toThrow('Too late');
    expect(memory.chunks).toEqual([]);
    expect(memory.sink.aborted).toBe(true);
  });

  it('a source that fails: the sink is aborted and the failure is what the caller sees, even when the abort fails too', async () => {
    async function* batches() {
      yield [['x']];
      throw new Error('Server went away');
    }
    const sink: CsvSink = {
      write: vi.fn(async () => undefined),
      close: vi.fn(async () => undefined),
      abort: vi.fn(async () => {
        throw new Error('abort failed');
      }),
    };
    await expect(
      writeCsv({
        batches: batches(),
        layout: columns(['A']),
        sink,
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('Server went away');
    expect(sink.abort).toHaveBeenCalledTimes(1);
    expect(sink.close).not.toHaveBeenCalled();
  });

  it('a source without return() fails cleanly too', async () => {
    const failing: AsyncIterable<readonly string[][]> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('No rows')) }),
    };
    const memory = memorySink();
    await expect(
      writeCsv({
        batches: failing,
        layout: columns(['A']),
        sink: memory.sink,
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('No rows');
    expect(memory.sink.aborted).toBe(true);
  });
});

describe('writing straight to a file the user picks (File System Access API)', () => {
  afterEach(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });

  it('is offered only where the browser has the picker', () => {
    expect(canPickFile()).toBe(false);
    Object.assign(window, { showSaveFilePicker: () => undefined });
    expect(canPickFile()).toBe(true);
  });

  it('asks for a CSV file under the suggested name and writes, closes or aborts that file', async () => {
    const writable = {
      write: vi.fn(async () => undefined),
      close: vi.fn(async () => undefined),
      abort: vi.fn(async () => undefined),
    };
    const picker = vi.fn(async () => ({ createWritable: async () => writable }));
    Object.assign(window, { showSaveFilePicker: picker });
    const sink = await fileSink('Issued Licences.csv');
    expect(picker).toHaveBeenCalledWith({
      suggestedName: 'Issued Licences.csv',
      types: [{ description: 'CSV file', accept: { 'text/csv': ['.csv'] } }],
    });
    await sink.write('abc');
    expect(writable.write).toHaveBeenCalledWith('abc');
    await sink.close();
    expect(writable.close).toHaveBeenCalledTimes(1);
    await sink.abort();
    expect(writable.abort).toHaveBeenCalledTimes(1);
  });

  it('refuses without the picker, and passes on the user’s cancel of it', async () => {
    await expect(fileSink('x.csv')).rejects.toThrow('showSaveFilePicker is not available');
    Object.assign(window, {
      showSaveFilePicker: async () => {
        throw new DOMException('The user aborted a request.', 'AbortError');
      },
    });
    await expect(fileSink('x.csv')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
