import type { NodeLibrary } from '@/contract/data/node-libraries';
import { nodeLibraryInputSchema } from '@/contract/data/node-libraries';
import { FormModal, type FormSettings, type FormValues, withContractLimits } from '@/core/forms';
import { NODE_LINE_HINT, nodesToText, parseNodes } from './library-input';

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
