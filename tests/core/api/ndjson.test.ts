import { describe, expect, it } from 'vitest';
import { NDJSON_BAD_LINE, ndjsonValues } from '@/core/api';

/** A body that arrives in the chunks given (bytes or text); records whether it was cancelled. */
function body(chunks: Array<string | Uint8Array>) {
  const state = { cancelled: false, pulled: 0 };
  const encoder = new TextEncoder();
  const queue = [...chunks];
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next === undefined) {
        controller.close();
        return;
      }
      state.pulled += 1;
      controller.enqueue(typeof next === 'string' ? encoder.encode(next) : next);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

async function all(stream: ReadableStream<Uint8Array>) {
  const values: unknown[] = [];
  for await (const value of ndjsonValues(stream)) values.push(value);
  return values;
}

describe('ndjsonValues (a streamed export, issue 16)', () => {
  it('gives one value a line, whole lines only, across chunk borders', async () => {
    const { stream } = body(['{"a":1}\n{"b":', '2}\n[3,', '4]\n"five"\n']);
    await expect(all(stream)).resolves.toEqual([{ a: 1 }, { b: 2 }, [3, 4], 'five']);
  });

  it('skips blank lines and reads a last line with no newline', async () => {
    const { stream } = body(['\n1\n  \n', '\r\n2\n', '3']);
    await expect(all(stream)).resolves.toEqual([1, 2, 3]);
  });

  it('gives nothing for an empty body or one of blanks only', async () => {
    await expect(all(body([]).stream)).resolves.toEqual([]);
    await expect(all(body(['  \n', ' ']).stream)).resolves.toEqual([]);
  });

  it('keeps a character whose bytes arrive in two chunks', async () => {
    const bytes = new TextEncoder().encode('"Zoë"\n"€"');
    // Split inside 'ë' (two bytes) and inside '€' (three bytes), the last one unterminated.
    const { stream } = body([bytes.slice(0, 4), bytes.slice(4, 9), bytes.slice(9)]);
    await expect(all(stream)).resolves.toEqual(['Zoë', '€']);
  });

  it('does not drop the half character a cut-off body ends with: the line is refused', async () => {
    const { stream } = body(['1\n2', new Uint8Array([0xc3])]);
    await expect(all(stream)).rejects.toThrow(NDJSON_BAD_LINE);
  });

  it('fails with a readable message on a line that is not JSON, and lets the body go', async () => {
    const { stream, state } = body(['1\nnot json\n2\n', '3\n']);
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const value of ndjsonValues(stream)) seen.push(value);
    })().catch((e: unknown) => e);
    expect(seen).toEqual([1]);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(NDJSON_BAD_LINE);
    expect(NDJSON_BAD_LINE).toBe('The server sent a line that is not JSON.');
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
    expect(state.cancelled).toBe(true);
  });

  it('fails on an unterminated last line that is not JSON', async () => {
    const { stream } = body(['1\n{"a"']);
    await expect(all(stream)).rejects.toThrow(NDJSON_BAD_LINE);
  });

  it('a consumer that stops early cancels the body: nothing more is read', async () => {
    const { stream, state } = body(['1\n2\n', '3\n', '4\n']);
    for await (const value of ndjsonValues(stream)) {
      expect(value).toBe(1);
      break;
    }
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(3);
  });
});
