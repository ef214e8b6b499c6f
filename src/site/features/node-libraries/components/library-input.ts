import type { LibraryNode, NodeLibraryInput } from '@/contract/data/node-libraries';
import type { FormValues } from '@/core/forms';

/** Nodes are edited as text: one node per line, 'name | type | description'. */
export const NODE_LINE_HINT = 'One node per line: name | type | description (optional)';

export function nodesToText(nodes: readonly LibraryNode[]): string {
  return nodes
    .map((n) => [n.name, n.type, n.description ?? ''].join(' | ').replace(/ \| $/, ''))
    .join('\n');
}

export interface ParsedNodes {
  nodes: { name: string; type: string; description: string | null }[];
  problem?: string;
}

export function parseNodes(text: string): ParsedNodes {
  const nodes: ParsedNodes['nodes'] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '') continue;
    const [name = '', type = '', ...rest] = line.split('|').map((p) => p.trim());
    if (!name || !type) return { nodes, problem: `Line ${i + 1}: give a name and a type` };
    if (name.length > 200 || type.length > 50) {
      return { nodes, problem: `Line ${i + 1}: the name or type is too long` };
    }
    const description = rest.join(' | ').trim();
    nodes.push({ name, type, description: description || null });
  }
  if (nodes.length > 1000) return { nodes, problem: 'At most 1000 nodes' };
  return { nodes };
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export function toLibraryInput(values: FormValues): NodeLibraryInput {
  return {
    name: text(values.name) ?? '',
    version: text(values.version) ?? '',
    description: text(values.description),
    nodes: parseNodes(typeof values.nodesText === 'string' ? values.nodesText : '').nodes,
  };
}
