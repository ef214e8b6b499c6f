import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterLoadOnIdle, onIdle } from '@/core/lazy';

const options = { timeout: 3000, fallbackDelay: 40 };

/** A browser with requestIdleCallback: the callbacks asked for, run by hand. */
function idleBrowser() {
  const asked: { run: IdleRequestCallback; options: IdleRequestOptions | undefined }[] = [];
  const cancelled: number[] = [];
  vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback, opts?: IdleRequestOptions) => {
    asked.push({ run, options: opts });
    return asked.length;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
  return { asked, cancelled };
}

/** A browser without requestIdleCallback (Safari). */
function timerOnlyBrowser() {
  vi.stubGlobal('requestIdleCallback', undefined);
  vi.stubGlobal('cancelIdleCallback', undefined);
  vi.useFakeTimers();
}

const deadline = { didTimeout: false, timeRemaining: () => 12 } as IdleDeadline;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('onIdle', () => {
  it('runs in the next idle period, with its deadline, waiting at most the timeout', () => {
    const { asked, cancelled } = idleBrowser();
    const run = vi.fn();
    const cancel = onIdle(run, options);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.options).toEqual({ timeout: 3000 });
    expect(run).not.toHaveBeenCalled();
    asked[0]?.run(deadline);
    expect(run).toHaveBeenCalledWith(deadline);
    cancel();
    expect(cancelled).toEqual([1]);
  });

  it('without requestIdleCallback, runs after the fallback delay, without a deadline', () => {
    timerOnlyBrowser();
    const run = vi.fn();
    onIdle(run, options);
    vi.advanceTimersByTime(39);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith();
  });

  it('cancelled, never runs (either way)', () => {
    timerOnlyBrowser();
    const run = vi.fn();
    onIdle(run, options)();
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('afterLoadOnIdle', () => {
  let readyState: DocumentReadyState;
  beforeEach(() => {
    readyState = 'loading';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  });
  afterEach(() => vi.restoreAllMocks());

  it('while the page loads, waits for its load event, then for an idle period', () => {
    const { asked } = idleBrowser();
    const run = vi.fn();
    afterLoadOnIdle(run, options);
    expect(asked).toHaveLength(0);
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.options).toEqual({ timeout: 3000 });
    expect(run).not.toHaveBeenCalled();
    asked[0]?.run(deadline);
    expect(run).toHaveBeenCalledTimes(1);
    // Once only: another load event asks nothing more.
    window.dispatchEvent(new Event('load'));
    expect(asked).toHaveLength(1);
  });

  it('on a loaded page, asks for the idle period at once', () => {
    readyState = 'complete';
    const { asked, cancelled } = idleBrowser();
    const cancel = afterLoadOnIdle(vi.fn(), options);
    expect(asked).toHaveLength(1);
    cancel();
    expect(cancelled).toEqual([1]);
  });

  it('without requestIdleCallback, runs the fallback delay after the load event', () => {
    timerOnlyBrowser();
    const run = vi.fn();
    afterLoadOnIdle(run, options);
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(39);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('cancelled after the load event, before the idle period, never runs', () => {
    timerOnlyBrowser();
    readyState = 'complete';
    const run = vi.fn();
    afterLoadOnIdle(run, options)();
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
  });

  it('cancelled before the load event, never runs', () => {
    const { asked } = idleBrowser();
    const run = vi.fn();
    afterLoadOnIdle(run, options)();
    window.dispatchEvent(new Event('load'));
    expect(asked).toHaveLength(0);
    expect(run).not.toHaveBeenCalled();
  });
});
