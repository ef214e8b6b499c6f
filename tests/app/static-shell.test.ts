import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { purgeBootstrap } from '../../vite.config';

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

  it('first-paint.js marks every path but the landing page as a deep link', () => {
    const code = read('public/first-paint.js');
    const run = (pathname: string) => {
      const classes = new Set<string>();
      new Function('window', 'document', code)(
        { location: { pathname } },
        { documentElement: { classList: { add: (c: string) => classes.add(c) } } },
      );
      return classes.has('deep-link');
    };
    expect(run('/')).toBe(false);
    expect(run('/org/7')).toBe(false);
    expect(run('/org/7/')).toBe(false);
    for (const path of ['/dashboard', '/org/7/offerings', '/signin-oidc', '/offerings/product/7']) {
      expect(run(path), path).toBe(true);
    }
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
