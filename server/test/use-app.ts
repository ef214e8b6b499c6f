import { afterAll, beforeAll } from 'vitest';
import type { App } from '../app';
import type { ServerConfig } from '../config';
import { createTestApp } from './harness';

/**
 * A test file's app: started before its tests on its own copy of the seeded demo database,
 * closed after them. Answers a getter (the app exists once beforeAll has run).
 */
export function useTestApp(config: Partial<ServerConfig> = {}): () => App {
  let current: App | undefined;
  beforeAll(async () => {
    current = await createTestApp(config);
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error('The test app starts in beforeAll');
    return current;
  };
}
