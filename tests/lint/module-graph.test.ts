// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coreDependencies } from '../../eslint.config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const core = join(root, 'src', 'core');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The core module a path lies in ('data-table'), or null outside src/core's folders. */
function moduleOf(path: string): string | null {
  const rel = relative(core, path);
  if (rel.startsWith('..')) return null;
  const [first, ...rest] = rel.split(sep);
  return rest.length > 0 && first ? first : null;
}

/** Every import and re-export specifier of a file, type-only ones included. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)) {
    if (match[1]) found.push(match[1]);
  }
  for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    if (match[1]) found.push(match[1]);
  }
  return found;
}

/** Which core module imports which, read from the sources. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(core)) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const target = spec.startsWith('@/')
        ? join(root, 'src', spec.slice(2))
        : spec.startsWith('.')
          ? resolve(dirname(file), spec)
          : null;
      const to = target ? moduleOf(target) : null;
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** A cycle of the graph as a path ['a', 'b', 'a'], or null. */
function findCycle(graph: ReadonlyMap<string, Iterable<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('core module graph', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['ui', ['org']],
      ['org', ['auth', 'ui']],
      ['auth', []],
    ]);
    expect(findCycle(graph)).toEqual(['ui', 'org', 'ui']);
    expect(findCycle(new Map([['ui', []]]))).toBeNull();
  });

  it('has no import cycle between core modules (type imports included)', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(findCycle(graph)).toBeNull();
  });

  it('imports only what the declared layers allow', () => {
    const extra: string[] = [];
    for (const [module, edges] of moduleGraph()) {
      const allowed = coreDependencies[module] ?? [];
      for (const to of edges) if (!allowed.includes(to)) extra.push(`${module} → ${to}`);
    }
    expect(extra).toEqual([]);
  });

  it('declares layers without a cycle, for modules that exist', () => {
    const declared = new Map(Object.entries(coreDependencies));
    expect(findCycle(declared)).toBeNull();
    const modules = new Set(moduleGraph().keys());
    for (const [module, deps] of declared) {
      expect(modules, `core/${module} is declared but has no files`).toContain(module);
      for (const dep of deps) expect(declared.has(dep), `${module} → ${dep}`).toBe(true);
    }
  });
});
