// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SPELLINGS, sourceFiles, uiTexts, type UiText } from './ui-text';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What a user reads: both portals, and the local stack's pages, mail and messages. */
const files = [
  ...sourceFiles(join(root, 'src')),
  ...sourceFiles(join(root, 'server'), (path) => /\.test\.ts$|[\\/](test|seed|tools)$/.test(path)),
];
const texts = uiTexts(root, files);
const pages = ['index.org.html', 'index.site.html'].map((file) => ({
  file,
  line: 0,
  text: readFileSync(join(root, file), 'utf8'),
  start: 0,
  end: 0,
}));

const misspelt = (all: readonly UiText[], not: RegExp) =>
  all.filter((t) => not.test(t.text)).map((t) => `${t.file}:${String(t.line)}: ${t.text.trim()}`);

describe('one spelling per word (issue 17)', () => {
  it('finds the texts it checks', () => {
    // The scan itself works: it reads screen titles, JSX text and messages, not code.
    const shown = texts.map((t) => t.text.trim());
    expect(shown).toContain('Organizations');
    expect(shown).toContain('Edit Organization');
    expect(shown).toContain('Issued Licences');
    expect(shown).not.toContain('organizations.write');
    expect(texts.length).toBeGreaterThan(1000);
  });

  it.each(SPELLINGS)('says $use everywhere', ({ not }) => {
    expect(misspelt([...texts, ...pages], not)).toEqual([]);
  });
});
