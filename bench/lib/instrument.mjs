// The table benchmark's in-page measuring code (bench/table/page-tools.mjs, issue 6), reused as
// it is rather than written again: its `instrument()` (Event Timing observer with
// durationThreshold 16, a double-requestAnimationFrame timer from the event's timeStamp, a
// MutationObserver for "results painted") is injected into the pages measured here.
import { instrument } from '../table/page-tools.mjs';

/** The source of `instrument()`, to run in a page. */
export const instrumentSource = () => instrument.toString();

/** An init script that installs window.__bench (arm/read) in every document of a page. */
export function instrumentScript() {
  return `(${instrumentSource()})();`;
}
