// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { createConfig } from '../../eslint.config.js';

const root = fileURLToPath(new URL('./fixtures/project', import.meta.url));

/** The project's own boundary rules, applied to a fixture tree with deliberate wrong imports. */
async function lint(file: string) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: createConfig(root),
    ignore: false,
  });
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths');
}

describe('import boundaries', () => {
  it('fails a feature importing another feature', async () => {
    const messages = await lint('src/org/features/alpha/bad.ts');
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringContaining('A feature never imports another feature'),
    ]);
  });

  it('fails core importing a portal', async () => {
    const messages = await lint('src/core/ui/reaches-up.ts');
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringContaining('src/core knows nothing of a portal'),
    ]);
  });

  it('allows a feature importing core', async () => {
    expect(await lint('src/org/features/alpha/good.ts')).toEqual([]);
  });
}, 60_000);
