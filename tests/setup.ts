import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw/server';

// A busy 2-core machine (CI runs the suites side by side with other work): a screen's answer
// to a click may take longer than testing-library's 1 s default to appear. This is a ceiling,
// not a wait: a test that passes does not take longer.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
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
