import { describe, expect, it, vi } from 'vitest';
import { sanitizeHtml, trustedHtml } from '@/core/data-table/values';

/**
 * A browser with Trusted Types (the built portals require them for HTML, scripts/csp.ts).
 * DOMPurify reads window.trustedTypes when it loads, so the stub is in place before the imports.
 */
const { TrustedHTMLStub } = vi.hoisted(() => {
  class TrustedHTMLStub {
    constructor(private readonly html: string) {}
    toString() {
      return this.html;
    }
  }
  Object.defineProperty(window, 'trustedTypes', {
    configurable: true,
    value: {
      createPolicy: (_name: string, rules: { createHTML: (html: string) => string }) => ({
        createHTML: (html: string) => new TrustedHTMLStub(rules.createHTML(html)),
      }),
    },
  });
  return { TrustedHTMLStub };
});

describe('HTML values where the browser has Trusted Types', () => {
  it('a cell gets its sanitised HTML as TrustedHTML, which the portals’ policy lets through', () => {
    const html = trustedHtml('<b onclick="alert(1)">bold</b><script>alert(2)</script>');
    expect(html).toBeInstanceOf(TrustedHTMLStub);
    expect(String(html)).toBe('<b>bold</b>');
    // Text for search, sort and export stays a string.
    expect(sanitizeHtml('<i>x</i>')).toBe('<i>x</i>');
  });
});
