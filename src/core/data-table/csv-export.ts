/**
 * CSV of any number of rows with flat memory (issue 16): rows arrive in batches, each batch is
 * turned into lines and dropped, and the text goes to a sink in chunks of about a megabyte,
 * never as one string:
 *
 * - fileSink: the File System Access API (Chromium's showSaveFilePicker): written to the file
 *   as the pages arrive;
 * - blobSink: elsewhere, each chunk becomes a Blob part (the browser keeps Blob data outside the
 *   JavaScript heap), and the parts are saved as one file at the end.
 *
 * The bytes are those of csv.ts's toCsvText for the same rows (byte-order mark, every field in
 * double quotes, quotes doubled, formula starts neutralised, LF between records, none after the
 * last), so both modes export alike.
 */
import { CSV_BOM, downloadCsv, escapeField } from './csv';

export interface CsvSink {
  write(text: string): Promise<void>;
  /** The file is complete: save or close it. */
  close(): Promise<void>;
  /** Cancelled: drop what was written. */
  abort(): Promise<void>;
}

/** How rows become fields: csvMapperFn's records (the header is their keys), or fixed columns. */
export type CsvLayout<T> =
  | { kind: 'records'; map: (row: T) => Record<string, unknown> }
  | { kind: 'columns'; headers: readonly string[]; cells: (row: T) => readonly unknown[] };

/** One CSV record: each field escaped and in double quotes (react-csv's joiner, csv.ts). */
export function csvLine(fields: readonly unknown[]): string {
  return fields.length === 0 ? '' : `"${fields.map(escapeField).join('","')}"`;
}

/** About a megabyte of text per write. */
export const CSV_CHUNK_CHARS = 1 << 20;

export interface WriteCsvOptions<T> {
  batches: AsyncIterable<readonly T[]>;
  layout: CsvLayout<T>;
  sink: CsvSink;
  signal: AbortSignal;
  /** After each batch: the rows written so far. */
  onProgress?: (rows: number) => void;
  chunkChars?: number;
}

/**
 * Writes the rows as CSV into the sink and closes it; answers the number of rows. With the
 * records layout the header is the union of the keys of the first batch's records (a key that
 * first appears later is not exported: the header line is already written). On abort the sink
 * is aborted and the abort reason thrown.
 */
export async function writeCsv<T>({
  batches,
  layout,
  sink,
  signal,
  onProgress,
  chunkChars = CSV_CHUNK_CHARS,
}: WriteCsvOptions<T>): Promise<number> {
  let buffer = CSV_BOM + (layout.kind === 'columns' ? csvLine(layout.headers) : '');
  // The records layout's header: the keys of its first batch.
  let header: readonly string[] | null = null;
  let rows = 0;
  const flush = async (force: boolean) => {
    if (buffer.length === 0 || (!force && buffer.length < chunkChars)) return;
    const chunk = buffer;
    buffer = '';
    await sink.write(chunk);
  };
  const iterator = batches[Symbol.asyncIterator]();
  try {
    for (;;) {
      // Cancel does not wait for a batch still on its way.
      const next = await untilAborted(iterator.next(), signal);
      if (next.done) break;
      const batch = next.value;
      if (layout.kind === 'records') {
        const records = batch.map(layout.map);
        if (!header) {
          header = unionOfKeys(records);
          buffer += csvLine(header);
        }
        const keys = header;
        for (const record of records) buffer += `\n${csvLine(keys.map((key) => record[key]))}`;
      } else {
        for (const row of batch) buffer += `\n${csvLine(layout.cells(row))}`;
      }
      rows += batch.length;
      await flush(false);
      onProgress?.(rows);
    }
    signal.throwIfAborted();
    await flush(true);
    await sink.close();
    return rows;
  } catch (error) {
    // Stops the source (a generator's finally runs once its pending step settles).
    void iterator.return?.().catch(() => undefined);
    await sink.abort().catch(() => undefined);
    throw error;
  }
}

/** The promise, or the signal's abort reason as soon as it is aborted. */
function untilAborted<V>(promise: Promise<V>, signal: AbortSignal): Promise<V> {
  signal.throwIfAborted();
  return new Promise<V>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort);
    // Stryker disable next-line ArrowFunction,StringLiteral: a listener left behind would only reject a settled promise; removing it frees the signal's hold on it
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function unionOfKeys(records: ReadonlyArray<Record<string, unknown>>): string[] {
  const keys = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) keys.add(key);
  return [...keys];
}

/** Chunks as Blob parts, saved as one file on close (browsers without showSaveFilePicker). */
export function blobSink(
  fileName: string,
  save: (fileName: string, blob: Blob) => void = downloadCsv,
): CsvSink {
  let parts: Blob[] = [];
  return {
    async write(text) {
      parts.push(new Blob([text]));
    },
    // Stryker disable ArrayDeclaration,BlockStatement: emptying the parts frees their memory; a sink is not written after close or abort
    async close() {
      const blob = new Blob(parts, { type: 'text/csv;charset=utf-8' });
      parts = [];
      save(fileName, blob);
    },
    async abort() {
      parts = [];
    },
    // Stryker restore ArrayDeclaration,BlockStatement
  };
}

/** The parts of the File System Access API used here (Chromium; not in TypeScript's DOM lib). */
interface SavePicker {
  showSaveFilePicker?: (options: {
    suggestedName?: string;
    types?: Array<{ description: string; accept: Record<string, string[]> }>;
  }) => Promise<{
    createWritable: () => Promise<{
      write: (data: string) => Promise<void>;
      close: () => Promise<void>;
      abort: () => Promise<void>;
    }>;
  }>;
}

/** True when the browser can write a file as it goes (File System Access API). */
export const canPickFile = () =>
  typeof (window as unknown as SavePicker).showSaveFilePicker === 'function';

/**
 * Asks where to save (call it straight from the click: the picker needs the user's gesture) and
 * answers a sink writing to that file. Rejects with an AbortError when the user cancels the picker.
 */
export async function fileSink(fileName: string): Promise<CsvSink> {
  const picker = (window as unknown as SavePicker).showSaveFilePicker;
  if (!picker) throw new Error('showSaveFilePicker is not available');
  const handle = await picker({
    suggestedName: fileName,
    types: [{ description: 'CSV file', accept: { 'text/csv': ['.csv'] } }],
  });
  const writable = await handle.createWritable();
  return {
    write: (text) => writable.write(text),
    close: () => writable.close(),
    abort: () => writable.abort(),
  };
}
