/**
 * The benchmark's in-page instrumentation and waits, shared by the client-mode run (run.mjs) and
 * the server-mode run (server-run.mjs).
 */

export const round = (value) => (typeof value === 'number' ? Math.round(value * 10) / 10 : null);
export const median = (values) => {
  const numbers = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (numbers.length === 0) return null;
  const mid = Math.floor(numbers.length / 2);
  const value = numbers.length % 2 ? numbers[mid] : (numbers[mid - 1] + numbers[mid]) / 2;
  return Math.round(value * 10) / 10;
};

/** In-page instrumentation: arm before an input, read after it. */
export function instrument() {
  const entries = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) entries.push(entry);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });

  const afterPaint = (t0, resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - t0)));

  window.__bench = {
    arm(selector, eventType, watchSelector) {
      const target = document.querySelector(selector);
      if (!target) throw new Error(`no ${selector}`);
      const state = { start: 0 };
      state.nextPaint = new Promise((resolveNext) => {
        state.results = new Promise((resolveResults) => {
          target.addEventListener(
            eventType,
            (event) => {
              state.start = event.timeStamp;
              afterPaint(event.timeStamp, resolveNext);
              if (!watchSelector) {
                resolveResults(null);
                return;
              }
              const watched = document.querySelector(watchSelector);
              const observer = new MutationObserver(() => {
                observer.disconnect();
                afterPaint(event.timeStamp, resolveResults);
              });
              observer.observe(watched, { childList: true, subtree: true, characterData: true });
              // Give up after 10 s (nothing changed).
              setTimeout(() => {
                observer.disconnect();
                resolveResults(null);
              }, 10_000);
            },
            { once: true, capture: true },
          );
        });
      });
      this.current = state;
    },
    async read() {
      const state = this.current;
      const nextPaint = await state.nextPaint;
      const results = await Promise.race([
        state.results,
        new Promise((r) => setTimeout(() => r(undefined), 0)),
      ]);
      // Let Event Timing deliver the entry of this interaction.
      await new Promise((r) => setTimeout(r, 50));
      const durations = entries
        .filter((e) => e.startTime >= state.start - 1 && e.interactionId)
        .map((e) => e.duration);
      return {
        nextPaint,
        results: results === undefined ? await state.results : results,
        eventTiming: durations.length ? Math.max(...durations) : null,
      };
    },
    rowCountText() {
      return document.querySelector('.dt-footer [role="status"]')?.textContent ?? '';
    },
  };
}

export async function waitForSettled(page, expectRows) {
  await page.waitForFunction(
    (expected) => {
      // Read without the thousands' separators ('of 10,000').
      const text = (
        document.querySelector('.dt-footer [role="status"]')?.textContent ?? ''
      ).replace(/,/g, '');
      return expected === undefined ? /of \d+/.test(text) : text.endsWith(`of ${expected}`);
    },
    expectRows,
    { timeout: 60_000 },
  );
  // Two frames of quiet.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
}

/**
 * The page's JS heap while `work` runs (CDP Runtime.getHeapUsage every 100 ms, after a garbage
 * collection): answers [work's result, heap before in bytes, peak in bytes].
 */
export async function withPeakHeap(cdp, work) {
  await cdp.send('HeapProfiler.collectGarbage');
  const before = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  let peak = before;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      peak = Math.max(peak, (await cdp.send('Runtime.getHeapUsage')).usedSize);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    return [await work(), before, peak];
  } finally {
    polling = false;
    await poller;
  }
}
