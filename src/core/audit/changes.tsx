import type { AuditEvent } from '@/contract/crm/audit';

/** A value of the trail as text: strings as they are, nothing as an em dash, the rest as JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** One line per changed field: 'field: before → after', for the CSV file. */
export const changesText = (changes: AuditEvent['changes']): string =>
  Object.entries(changes)
    .map(([field, c]) => `${field}: ${formatAuditValue(c.before)} → ${formatAuditValue(c.after)}`)
    .join('\n');

/** An event's changes as a readable list: field, before, after. */
export function AuditChanges({ changes }: { changes: AuditEvent['changes'] }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return <p className="mb-0">No field changed.</p>;
  return (
    <table className="table table-sm mb-0">
      <caption className="visually-hidden">Changes</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col" aria-hidden="true" />
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {fields.map(([field, { before, after }]) => (
          <tr key={field}>
            <th scope="row" className="fw-normal text-break">
              {field}
            </th>
            <td className="text-break">{formatAuditValue(before)}</td>
            <td aria-hidden="true">→</td>
            <td className="text-break">{formatAuditValue(after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
