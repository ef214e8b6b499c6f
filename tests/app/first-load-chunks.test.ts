import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { firstLoadChunkName } from '../../vite.config';

const html = (name: string) => fileURLToPath(new URL(`../../${name}`, import.meta.url));
const org = html('index.org.html');
const site = html('index.site.html');

/** A module graph as rolldown's chunking sees it: static imports only (lazy ones are apart). */
const graph: Record<string, string[]> = {
  [org]: ['/src/org/app/main.tsx'],
  [site]: ['/src/site/app/main.tsx'],
  '/src/org/app/main.tsx': ['/src/core/shell/boot.tsx', '/src/org/app/routes.tsx'],
  '/src/site/app/main.tsx': ['/src/core/shell/boot.tsx'],
  '/src/core/shell/boot.tsx': [
    '/node_modules/react-dom/index.js',
    '/node_modules/zod/v4/mini/index.js',
  ],
  '/src/org/app/routes.tsx': [],
  '/node_modules/react-dom/index.js': [],
  '/node_modules/zod/v4/mini/index.js': [],
  // Reached only through import(): a route, and the sign-in library.
  '/src/org/features/offerings/route.tsx': ['/src/core/data-table/index.ts'],
  '/src/core/data-table/index.ts': [],
  '/src/core/auth/settings.ts': ['/node_modules/oidc-client-ts/index.js'],
};
const ctx = {
  getModuleInfo: (id: string) =>
    id in graph ? { isEntry: id === org || id === site, importedIds: graph[id] ?? [] } : null,
};

describe('first-load chunks (vite.config.ts firstLoadChunkName)', () => {
  it('what both portals load at start-up goes to one chunk, what one portal loads to its own', () => {
    const name = firstLoadChunkName();
    expect(name('/src/core/shell/boot.tsx', ctx)).toBe('boot');
    expect(name('/node_modules/react-dom/index.js', ctx)).toBe('boot');
    expect(name('/src/org/app/routes.tsx', ctx)).toBe('boot-org');
    expect(name('/src/site/app/main.tsx', ctx)).toBe('boot-site');
  });

  it('lazily loaded code and zod (whose barrels reach code only lazy chunks use) are split as usual', () => {
    const name = firstLoadChunkName();
    expect(name('/src/org/features/offerings/route.tsx', ctx)).toBeNull();
    expect(name('/src/core/data-table/index.ts', ctx)).toBeNull();
    expect(name('/src/core/auth/settings.ts', ctx)).toBeNull();
    expect(name('/node_modules/oidc-client-ts/index.js', ctx)).toBeNull();
    expect(name('/node_modules/zod/v4/mini/index.js', ctx)).toBeNull();
  });
});
