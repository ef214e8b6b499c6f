import type { LibraryNode, NodeLibrary, NodeLibraryInput } from '@/contract/data/node-libraries';
import { nodeLibraryInputSchema } from '@/contract/data/node-libraries';
import { FormModal, type FormSettings, type FormValues, withContractLimits } from '@/core/forms';

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

export const libraryFormSettings: FormSettings = withContractLimits(nodeLibraryInputSchema, {
  rows: [
    [
      {
        field: 'name',
        type: 'string',
        title: 'Name',
        isMandatory: true,
        placeholder: 'Enter Name',
        width: 8,
      },
      {
        field: 'version',
        type: 'string',
        title: 'Version',
        isMandatory: true,
        placeholder: '1.0.0',
        width: 4,
        validate: (value) =>
          typeof value === 'string' && /^[0-9A-Za-z][0-9A-Za-z.+-]*$/.test(value.trim())
            ? undefined
            : 'Use a version such as 1.2.0',
      },
    ],
    [{ field: 'description', type: 'textArea', title: 'Description', rows: 2 }],
    [
      {
        field: 'nodesText',
        type: 'textArea',
        title: 'Nodes',
        rows: 6,
        tooltip: NODE_LINE_HINT,
        placeholder: 'Powder factor | calc | kg of explosive per m³',
        validate: (value) => parseNodes(typeof value === 'string' ? value : '').problem,
      },
    ],
  ],
});

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export function toLibraryInput(values: FormValues): NodeLibraryInput {
  return {
    name: text(values.name) ?? '',
    version: text(values.version) ?? '',
    description: text(values.description),
    nodes: parseNodes(typeof values.nodesText === 'string' ? values.nodesText : '').nodes,
  };
}

export interface LibraryModalProps {
  library: NodeLibrary | null;
  scopeLabel: string;
  onSubmit: (values: FormValues) => Promise<void>;
  onClose: () => void;
}

export function LibraryModal({ library, scopeLabel, onSubmit, onClose }: LibraryModalProps) {
  const defaults: FormValues = library
    ? {
        name: library.name,
        version: library.version,
        description: library.description ?? '',
        nodesText: nodesToText(library.nodes),
      }
    : { name: '', version: '1.0.0', description: '', nodesText: '' };
  return (
    <FormModal
      onClose={onClose}
      size="lg"
      title={library ? `Edit ${library.name}` : `Create a node library (${scopeLabel})`}
      intro={<p className="small text-body-secondary">{NODE_LINE_HINT}.</p>}
      settings={libraryFormSettings}
      defaultValues={defaults}
      submitLabel={library ? 'Save' : 'Create'}
      onSubmit={onSubmit}
    />
  );
}
