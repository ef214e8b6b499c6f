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

  it('allows a feature importing an entity, and an entity importing core', async () => {
    expect(await lint('src/org/features/alpha/uses-entity.ts')).toEqual([]);
    expect(await lint('src/org/entities/widgets/api.ts')).toEqual([]);
  });

  it('fails an entity importing a feature', async () => {
    const messages = await lint('src/org/entities/widgets/bad.ts');
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringContaining('Entities never import features or the app'),
    ]);
  });

  it('fails an entity importing another entity', async () => {
    const messages = await lint('src/org/entities/gadgets/bad.ts');
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringContaining('An entity never imports another entity'),
    ]);
  });

  it('fails a basic core/ui component importing a module above it', async () => {
    const messages = await lint('src/core/ui/uses-org.ts');
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringContaining('core/ui may import only'),
    ]);
  });
}, 60_000);
