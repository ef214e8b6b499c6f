import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './msw/server';

// A busy 2-core machine (CI runs the suites side by side with other work): a screen's answer
// to a click may take longer than testing-library's 1 s default to appear. This is a ceiling,
// not a wait: a test that passes does not take longer.
configure({ asyncUtilTimeout: 10_000 });

// Unit files share their worker's modules and jsdom (vite.config.ts, `isolate: false`): each
// file starts at the app's root address, with no title, empty storage and real timers, as if it
// were the first.
beforeAll(() => {
  vi.useRealTimers();
  if (typeof window !== 'undefined') {
    window.history.replaceState(null, '', '/');
    document.title = '';
    localStorage.clear();
    sessionStorage.clear();
  }
  server.listen({ onUnhandledRequest: 'error' });
});
// The window's own location, taken when the worker's first file starts: a test that replaces it
// (to see where a screen navigates) must put this very descriptor back, or every later file of
// the worker would read a frozen address and navigate nowhere.
const worker = globalThis as { realLocation?: PropertyDescriptor };
if (typeof window !== 'undefined')
  worker.realLocation ??= Object.getOwnPropertyDescriptor(window, 'location');
const { realLocation } = worker;

afterEach(() => {
  cleanup();
  server.resetHandlers();
  if (realLocation && window.location !== realLocation.get?.call(window)) {
    Object.defineProperty(window, 'location', realLocation);
    throw new Error('This test left window.location replaced: put its own descriptor back.');
  }
  // Node-environment files (e.g. the lint test) have no Web Storage.
  if (typeof window !== 'undefined') {
    localStorage.clear();
    sessionStorage.clear();
  }
});
// A module a test began to load on demand (a dialog preloaded while the page is idle) is loaded
// before its file ends. Each file of a shared worker is its own run, whose end cancels the
// worker's unanswered requests: a load cut off there left its module, and every module importing
// it, failed for the worker's later files ('Cannot load … after the environment was torn down').
afterAll(async () => {
  await vi.dynamicImportSettled();
  server.close();
});
