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
afterEach(() => {
  cleanup();
  server.resetHandlers();
  // Node-environment files (e.g. the lint test) have no Web Storage.
  if (typeof window !== 'undefined') {
    localStorage.clear();
    sessionStorage.clear();
  }
});
afterAll(() => server.close());
