import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it, vi } from 'vitest';
import { deferEntry, purgeBootstrap } from '../../vite.config';

const read = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The text of the first element with this opening tag in the html. */
function textOf(html: string, open: RegExp): string {
  const match = open.exec(html);
  if (!match) throw new Error(`no ${String(open)} in the html`);
  const rest = html.slice(match.index + match[0].length);
  return words(rest.slice(0, rest.search(/<\/(h1|p)>/)));
}

/** The JSX text of the landing page's first element with this opening tag. */
function jsxTextOf(tsx: string, open: RegExp): string {
  return textOf(tsx, open);
}

describe('static first paint of index.*.html (docs/performance.md)', () => {
  const portals = [
    { html: 'index.org.html', page: 'src/org/features/presentation/route.tsx' },
    { html: 'index.site.html', page: 'src/site/features/sites/route.tsx' },
  ];
  for (const { html, page } of portals) {
    it(`${html} shows the landing text exactly as ${page} renders it`, () => {
      // Same words, same size: the app's render then is no larger paint (LCP stays early).
      const shell = read(html);
      const tsx = read(page);
      const h1 = /<h1 [^>]*class="display-6 mb-3"[^>]*>/;
      const lead = /<p className="lead">|<p class="lead">/;
      expect(textOf(shell, h1)).toBe(
        jsxTextOf(tsx, /<h1 id="landing-title" className="display-6 mb-3">/),
      );
      expect(textOf(shell, lead)).toBe(jsxTextOf(tsx, lead));
      expect(textOf(shell, lead).length).toBeGreaterThan(80);
    });

    it(`${html} has no inline script (strict CSP) and loads first-paint.js before the body`, () => {
      const shell = read(html);
      const scripts = [...shell.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/src="/);
        expect(body?.trim()).toBe('');
      }
      expect(shell.indexOf('src="/first-paint.js"')).toBeLessThan(shell.indexOf('<body>'));
    });
  }

  /**
   * public/first-paint.js in a small fake of the page: the paths it reads, the timers and frames
   * it asks for (run when the test says), the largest-contentful-paint observer it makes, and
   * the inert entry script the build leaves (vite.config.ts, deferEntry).
   */
  function firstPaint(pathname: string, { lcp = true } = {}) {
    const classes = new Set<string>();
    const timers: Array<{ run: () => void; ms: number }> = [];
    const frames: Array<() => void> = [];
    let observe: ((entries: Array<{ element: unknown }>) => void) | null = null;
    const entry = {
      type: 'text/x-app-entry',
      removeAttribute: vi.fn(),
    };
    const appended: unknown[] = [];
    class FakeObserver {
      static supportedEntryTypes = lcp ? ['paint', 'largest-contentful-paint'] : ['paint'];
      constructor(callback: (list: unknown, observer: unknown) => void) {
        observe = (entries) =>
          callback({ getEntries: () => entries }, { disconnect: () => (observe = null) });
      }
      observe() {}
    }
    new Function('window', 'document', read('public/first-paint.js'))(
      {
        location: { pathname },
        setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
        requestAnimationFrame: (run: () => void) => frames.push(run),
        PerformanceObserver: FakeObserver,
      },
      {
        documentElement: { classList: { add: (c: string) => classes.add(c) } },
        readyState: 'interactive',
        visibilityState: 'visible',
        querySelector: (selector: string) =>
          selector === 'script[data-app-entry]' && !appended.includes(entry) ? entry : null,
        head: { appendChild: (node: unknown) => appended.push(node) },
      },
    );
    const element = (inStaticLead: boolean) => ({
      closest: (selector: string) =>
        selector === '[data-static-landing]' && inStaticLead ? {} : null,
    });
    return {
      deepLink: () => classes.has('deep-link'),
      /** The app's module script was started: moved back into the page as a module. */
      started: () => appended.includes(entry) && entry.type === 'module',
      paint: (inStaticLead: boolean) => observe?.([{ element: element(inStaticLead) }]),
      frames,
      timers,
    };
  }

  it('first-paint.js marks every path but the landing page as a deep link', () => {
    expect(firstPaint('/').deepLink()).toBe(false);
    expect(firstPaint('/org/7').deepLink()).toBe(false);
    expect(firstPaint('/org/7/').deepLink()).toBe(false);
    for (const path of ['/dashboard', '/org/7/offerings', '/signin-oidc', '/offerings/product/7']) {
      expect(firstPaint(path).deepLink(), path).toBe(true);
    }
  });

  it("first-paint.js starts the app on the landing once the static text's largest paint is in", () => {
    const page = firstPaint('/');
    expect(page.started()).toBe(false);
    // The top bar painted first: not yet.
    page.paint(false);
    expect(page.started()).toBe(false);
    page.paint(true);
    expect(page.started()).toBe(true);
    // Once only: the 2.5 s safety start finds nothing left to start.
    page.timers.find((timer) => timer.ms === 2500)?.run();
    expect(page.started()).toBe(true);
  });

  it('first-paint.js starts the app after a frame on a deep link or without the paint API, and by 2.5 s at the latest', () => {
    for (const page of [firstPaint('/org/7/offerings'), firstPaint('/', { lcp: false })]) {
      expect(page.started()).toBe(false);
      page.frames.forEach((frame) => frame());
      expect(page.started()).toBe(false);
      page.timers.filter((timer) => timer.ms === 0).forEach((timer) => timer.run());
      expect(page.started()).toBe(true);
    }
    const stuck = firstPaint('/');
    stuck.timers.find((timer) => timer.ms === 2500)?.run();
    expect(stuck.started()).toBe(true);
  });

  it('the build leaves the entry script inert and preloaded, for first-paint.js to start', () => {
    const html = '<script type="module" crossorigin src="/assets/org-1.js"></script>';
    const plugin = deferEntry();
    const transform = plugin.transformIndexHtml as { handler: (html: string) => string };
    expect(transform.handler(html)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/org-1.js">\n' +
        '    <script type="text/x-app-entry" data-app-entry crossorigin src="/assets/org-1.js"></script>',
    );
    expect(plugin.apply).toBe('build');
  });
});

describe('Bootstrap purged of unused selectors at build time', () => {
  it('keeps what the portals use, drops what they never use, touches no other stylesheet', async () => {
    const file = join(process.cwd(), 'node_modules/bootstrap/dist/css/bootstrap.min.css');
    const css = readFileSync(file, 'utf8');
    const purged = (await postcss([purgeBootstrap()]).process(css, { from: file })).css;
    expect(purged.length).toBeLessThan(css.length / 2);
    for (const selector of [
      '.btn-primary',
      '.navbar-brand',
      '.table-hover',
      '.table-responsive',
      '.modal-dialog',
      '.modal-lg', // built at run time: `modal-${size}`
      '.col-md-6', // built at run time: `col-md-${width}`
      '.visually-hidden-focusable',
      '.spinner-border',
      '[data-bs-theme=dark]',
      '.page-item',
    ]) {
      expect(purged, selector).toContain(selector);
    }
    for (const unused of [
      '.table-striped',
      '.carousel',
      '.accordion-button',
      '.offcanvas-start',
      '.popover-arrow',
    ]) {
      expect(purged, unused).not.toContain(unused);
    }
    // Another file goes through untouched.
    const own = '.carousel-like-class-of-ours { color: red }';
    const other = await postcss([purgeBootstrap()]).process(own, { from: '/x/src/own.css' });
    expect(other.css).toBe(own);
  });
});
