import { useState } from 'react';
import { formatFileSize } from '@/core/format';

export interface AttachmentItemProps {
  attachment: { fileName: string; size: number };
  /** Fetches the file with the token and saves it (a refusal is toasted by the API client). */
  download: () => Promise<void>;
  /** The list item's own classes ('list-group-item' in a card's list group). */
  className?: string;
}

/** An attached file in a list: its name, its size and a Download button busy while it runs. */
export function AttachmentItem({ attachment: a, download, className }: AttachmentItemProps) {
  const [busy, setBusy] = useState(false);
  return (
    <li className={`${className ? `${className} ` : ''}d-flex flex-wrap align-items-center gap-2`}>
      <span className="me-auto text-break">{a.fileName}</span>
      <span className="text-body-secondary">{formatFileSize(a.size)}</span>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        aria-label={`Download ${a.fileName}`}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          download()
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        {busy ? 'Downloading…' : 'Download'}
      </button>
    </li>
  );
}
