/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import purgeCss from '@fullhuman/postcss-purgecss';
import type { AcceptedPlugin, Plugin as PostcssPlugin } from 'postcss';
import { parseConfig, ConfigError, type AppConfig } from './src/core/config/schema.ts';
import { securityHeaders } from './scripts/csp.ts';

type Portal = 'org' | 'site';
const portalHtml: Record<Portal, string> = { org: 'index.org.html', site: 'index.site.html' };
const portalTitle: Record<Portal, string> = { org: 'Organization Portal', site: 'Site Portal' };

/**
 * Two HTML entries and no index.html: each dev/preview server (PORTAL=org on 5173,
 * PORTAL=site on 5174) answers navigations with its own portal's html, so a deep link such
 * as /offerings/product/7 or /blasts-shared/3 loads the right app. Production hosting needs
 * the same rewrite (docs/deployment.md).
 */
export function portalFallback(portal: Portal | undefined): Plugin {
  const rewrite = (req: IncomingMessage, _res: ServerResponse, next: () => void) => {
    if (portal && (req.method === 'GET' || req.method === 'HEAD') && req.url) {
      const path = req.url.split('?')[0] ?? '/';
      const accepts = req.headers.accept ?? '';
      const isInternal = /^\/(@|src\/|node_modules\/|assets\/)/.test(path);
      const isFile = /\.[a-z0-9]+$/i.test(path);
      if (!isInternal && !isFile && accepts.includes('text/html')) {
        req.url = `/${portalHtml[portal]}`;
      }
    }
    next();
  };
  return {
    name: 'portal-history-fallback',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}

/**
 * `npm start` shows one readable line per service when it is ready (issue 19): the dev servers
 * run with `--logLevel warn` (package.json), which silences Vite's banner, and say where their
 * portal opens instead.
 */
export function readyLine(portal: Portal | undefined): Plugin {
  return {
    name: 'portal-ready-line',
    configureServer(server) {
      if (!portal) return;
      server.httpServer?.once('listening', () => {
        const address = server.httpServer?.address();
        const port =
          typeof address === 'object' && address ? address.port : server.config.server.port;
        console.info(`${portalTitle[portal]}: http://localhost:${port}`);
      });
    },
  };
}

/**
 * The static first paint of index.*.html (docs/performance.md) shows the environment tag as
 * EnvironmentTag (core/shell/frame.tsx) renders it: its text comes from %VITE_ENVIRONMENT%,
 * its colour from here.
 */
export function staticShell(appConfig: AppConfig): Plugin {
  const badge = appConfig.environment === 'portal-prod' ? 'text-bg-secondary' : 'text-bg-warning';
  return {
    name: 'static-shell',
    transformIndexHtml: (html) => html.replaceAll('%ENVIRONMENT_BADGE_CLASS%', badge),
  };
}

/**
 * The static shell is painted before the app starts (docs/performance.md, page load): the built
 * entry script is fetched at once (modulepreload) but left inert (`data-app-entry`, no type
 * that runs), and public/first-paint.js starts it once the static landing text's paint is in.
 * Without this, on a slow phone the module ran (a long task) and replaced the shell before the
 * browser had reported the shell's paint, so the text users first saw was credited to the app.
 */
export const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
export function deferEntry(): Plugin {
  return {
    name: 'defer-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        if (!ENTRY_SCRIPT.test(html)) throw new Error('defer-entry: no entry script in the HTML');
        return html.replace(
          ENTRY_SCRIPT,
          '<link rel="modulepreload" crossorigin href="$1">\n' +
            '    <script type="text/x-app-entry" data-app-entry crossorigin src="$1"></script>',
        );
      },
    },
  };
}

/**
 * Bootstrap without the selectors the portals never use (docs/performance.md, first-load CSS):
 * PurgeCSS keeps a Bootstrap rule only when its classes, ids and elements occur somewhere in
 * the portals' sources or HTML. Only Bootstrap's stylesheet is purged; our own CSS files are
 * all in use. Class names the code builds at run time are listed in the safelist.
 */
export const bootstrapContent = ['index.org.html', 'index.site.html', 'src/**/*.{ts,tsx}'];
export const bootstrapSafelist = {
  // core/ui/modal.tsx: `modal-${size}`; core/forms/form-field.tsx: `col-md-${width}`.
  standard: [/^modal-(sm|lg|xl)$/, /^col-md-([1-9]|1[0-2])$/],
};

export function purgeBootstrap(): PostcssPlugin {
  const purge = purgeCss({
    content: bootstrapContent,
    safelist: bootstrapSafelist,
    // CSS variables and keyframes stay: components read the variables at run time.
    variables: false,
    keyframes: false,
    fontFace: false,
  }) as PostcssPlugin;
  return {
    postcssPlugin: 'purge-bootstrap',
    async OnceExit(root, helpers) {
      const file = root.source?.input.file ?? '';
      if (!/[\\/]node_modules[\\/]bootstrap[\\/]/.test(file)) return;
      await purge.OnceExit?.(root, helpers);
    },
  };
}

interface GraphModule {
  isEntry: boolean;
  importedIds: readonly string[];
}

/**
 * Chunk names that put each portal's first load in few files: every module an HTML entry
 * imports statically (its whole static closure, evaluated at start-up whatever the route) goes
 * to `boot` when both portals load it and `boot-{name}` when one does; everything else (routes,
 * lazily loaded libraries) is split as usual. Left to the default splitting, the first load was
 * about 28 files, split by which route chunks share each module, and one gzip stream per file
 * compresses worse than one per group (docs/performance.md § 1, issue 17).
 */
export function firstLoadChunkName() {
  // zod's barrels import all of zod statically: what only the lazy chunks use of it stays with
  // them (grouped, zod's part of the first load grew from 54 to 78 KB minified).
  const lazyUsed = [/[\\/]node_modules[\\/]zod[\\/]/];
  let owners: Map<string, Set<string>> | undefined;
  return (id: string, ctx: { getModuleInfo(id: string): GraphModule | null }) => {
    if (!owners) {
      owners = new Map();
      const entries = Object.entries(portalHtml).map(([name, html]) => ({
        name,
        id: fileURLToPath(new URL(`./${html}`, import.meta.url)),
      }));
      for (const entry of entries) {
        const stack = [entry.id];
        const seen = new Set<string>();
        while (stack.length > 0) {
          const next = stack.pop() as string;
          if (seen.has(next)) continue;
          seen.add(next);
          const owner = owners.get(next) ?? new Set<string>();
          owner.add(entry.name);
          owners.set(next, owner);
          stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
        }
      }
    }
    const owner = owners.get(id);
    if (!owner || lazyUsed.some((pattern) => pattern.test(id))) return null;
    return owner.size > 1 ? 'boot' : `boot-${[...owner][0] ?? ''}`;
  };
}

/** The unit projects' settings (jsdom, msw, Testing Library). */
export const unitTest = {
  environment: 'jsdom' as const,
  setupFiles: ['tests/setup.ts'],
  restoreMocks: true,
  // Whole screens rendered through many steps, on a busy 2-core machine (a ceiling).
  testTimeout: 20_000,
  // expect.poll's ceiling, as testing-library's (tests/setup.ts): not a wait.
  expect: { poll: { timeout: 10_000 } },
};

/**
 * Unit test files that need a module registry and a window of their own (the `unit-fresh`
 * project): they replace modules (vi.mock); or they test what happens while a module loads on
 * demand for the first time (the sign-in library, toasts, error reporting, form fields), which
 * only a fresh registry shows; or they move through the browser's history (Back and Forward),
 * whose queued traversals a shared window would carry into the next file. Every other unit file
 * shares its worker's registry and jsdom (`isolate: false`, about twice as fast; tests/setup.ts
 * resets the address, title, storage and timers before each file). tests/vite-config.test.ts
 * fails when a file that mocks modules is missing here.
 */
export const freshModuleTests = [
  'tests/core/api/client.test.ts',
  'tests/core/auth/auth-provider.test.tsx',
  'tests/core/auth/lazy-sign-in.test.tsx',
  'tests/core/auth/load-manager.test.ts',
  // DOMPurify reads the browser's Trusted Types when it loads: a stub must come first.
  'tests/core/data-table/trusted-html.test.ts',
  'tests/core/errors/reporting.test.ts',
  'tests/core/forms/fields-lazy.test.tsx',
  'tests/core/forms/leave-guard.test.tsx',
  'tests/core/forms/search-select.test.tsx',
  'tests/core/notify/notify.test.tsx',
  'tests/core/notify/notify-offline.test.tsx',
  'tests/core/shell/boot.test.ts',
  'tests/core/ui/screens.test.tsx',
  'tests/org/features/issued-licences/issued-licences.test.tsx',
  'tests/org/features/service-licences/service-licences.test.tsx',
  'tests/site/features/blasts/sharing-links.test.tsx',
];

export default defineConfig(({ mode, command }) => {
  const portal = process.env.PORTAL as Portal | undefined;
  if (portal !== undefined && portal !== 'org' && portal !== 'site') {
    throw new Error(`PORTAL must be "org" or "site", got "${String(portal)}"`);
  }
  // Fail fast, naming the variable, before a dev server starts or a build runs.
  let appConfig: AppConfig;
  try {
    appConfig = parseConfig(loadEnv(mode, process.cwd(), 'VITE_'));
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new Error(`${error.message}\n(mode "${mode}": check .env.${mode})`);
    }
    throw error;
  }

  return {
    appType: 'mpa',
    plugins: [
      react(),
      portalFallback(portal),
      readyLine(portal),
      staticShell(appConfig),
      deferEntry(),
    ],
    // Purged in builds only: the dev server shows everything, so a class added while developing
    // works at once (the build, and its e2e tests, see the purged result).
    css: { postcss: { plugins: command === 'build' ? [purgeBootstrap() as AcceptedPlugin] : [] } },
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      manifest: true,
      sourcemap: true,
      rolldownOptions: {
        input: {
          org: fileURLToPath(new URL('./index.org.html', import.meta.url)),
          site: fileURLToPath(new URL('./index.site.html', import.meta.url)),
        },
        output: { codeSplitting: { groups: [{ name: firstLoadChunkName() }] } },
      },
    },
    server: { host: 'localhost' },
    // The built portals are previewed under the production CSP (docs/deployment.md); the dev
    // server is not, because Vite's HMR needs inline scripts.
    preview: { host: 'localhost', headers: securityHeaders(appConfig) },
    test: {
      // One worker per core (vitest's default leaves one core to its main process, which waits
      // on the workers: one worker on a 2-core machine).
      maxWorkers: availableParallelism(),
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            ...unitTest,
            include: ['tests/**/*.test.{ts,tsx}'],
            exclude: freshModuleTests,
            isolate: false,
          },
        },
        {
          extends: true,
          test: { name: 'unit-fresh', ...unitTest, include: freshModuleTests },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            // Server files share their worker's modules (one compile of PGlite and the app: about
            // a third faster). Each builds its own app on its own database; the one file that
            // mocks a module builds its app from a fresh graph (tests/vite-config.test.ts).
            isolate: false,
            include: ['server/**/*.test.ts'],
            // Real processes on PostgreSQL behind HAProxy: the server-pg project runs them.
            exclude: [
              'server/resilience/cluster.test.ts',
              'server/resilience/cluster-tool.test.ts',
              // PostgreSQL's named statements: server-pg only.
              'server/db/pg.test.ts',
            ],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            // The server suite again on a throw-away PostgreSQL cluster (DATABASE_URL's path):
            // every file but those about PGlite itself and the resilience runs (their own stacks).
            name: 'server-pg',
            environment: 'node',
            isolate: false,
            include: ['server/**/*.test.ts'],
            exclude: [
              'server/db/pglite.test.ts',
              'server/db/durability.test.ts',
              'server/db/stats.test.ts',
              // The in-memory database put back for the next file (the cluster copies one).
              'server/test/template-reset.test.ts',
              // Their own stacks on PGlite (the PostgreSQL variant is in durability.test.ts);
              // the cluster test (several processes, PostgreSQL, HAProxy) runs here.
              'server/resilience/durability.test.ts',
              'server/resilience/load.test.ts',
              // The Node checks and a stack process on PGlite: nothing of PostgreSQL's to test.
              'server/runtime.test.ts',
            ],
            globalSetup: ['server/test/postgres-setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  };
});
