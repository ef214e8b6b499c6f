import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw/server';

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
