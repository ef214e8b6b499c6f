/**
 * NDJSON (one JSON value a line) read as it arrives: a streamed export's frames (issue 16).
 * Only the line being received is buffered; a consumer that stops early cancels the body.
 */
export const NDJSON_BAD_LINE = 'The server sent a line that is not JSON.';

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch (cause) {
    throw new Error(NDJSON_BAD_LINE, { cause });
  }
}

export async function* ndjsonValues(stream: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const lines = (pending + decoder.decode(value, { stream: true })).split('\n');
      // Stryker disable next-line StringLiteral: split always gives at least one element: pop never gives undefined
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) yield parseLine(line);
    }
    pending += decoder.decode();
    if (pending.trim()) yield parseLine(pending);
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
