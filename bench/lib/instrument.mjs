// The in-page measuring code of bench/table/run.mjs (issue 6), reused as it is rather than
// written again: its `instrument()` (Event Timing observer with durationThreshold 16, a
// double-requestAnimationFrame timer from the event's timeStamp, a MutationObserver for "results
// painted") is read from that file's source and injected into the pages measured here.
// bench/table/run.mjs runs its benchmark when imported, so it cannot simply be imported.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const tableRunner = fileURLToPath(new URL('../table/run.mjs', import.meta.url));

/** The source of bench/table/run.mjs's `function instrument() { ... }`. */
export function instrumentSource() {
  const text = readFileSync(tableRunner, 'utf8');
  const start = text.indexOf('function instrument()');
  if (start < 0) throw new Error(`${tableRunner} has no "function instrument()" any more`);
  // The function ends at the first closing brace in column 0 after its start.
  const end = text.indexOf('\n}\n', start);
  if (end < 0) throw new Error(`cannot find the end of instrument() in ${tableRunner}`);
  return text.slice(start, end + 2);
}

/** An init script that installs window.__bench (arm/read) in every document of a page. */
export function instrumentScript() {
  return `(${instrumentSource()})();`;
}
