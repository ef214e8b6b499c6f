import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { AttachmentsTable, type Attachment } from '@/core/attachments';
import { TableProviders } from '../data-table/harness';
import { setupUser } from '../../user';

const files: Attachment[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  fileName: `file-${String(i + 1).padStart(2, '0')}.pdf`,
  size: 2048,
}));

function renderAttachments(download: (a: Attachment) => Promise<void>, attachments = files) {
  const user = setupUser();
  render(
    <AttachmentsTable
      title="Attachments"
      attachments={attachments}
      download={download}
      urlKey="attachments"
    />,
    { wrapper: TableProviders },
  );
  return { user, table: within(screen.getByRole('region', { name: 'Attachments' })) };
}

describe('AttachmentsTable (issue 17: a details page’s list is a data table)', () => {
  it('pages the files with the true total, and search finds one', async () => {
    const { user, table } = renderAttachments(() => Promise.resolve());
    expect(table.getByText('Showing 1–20 of 25')).toBeInTheDocument();
    expect(table.getByPlaceholderText('Search 25 records...')).toBeInTheDocument();
    expect(table.getByText('file-01.pdf')).toBeInTheDocument();
    expect(table.queryByText('file-25.pdf')).not.toBeInTheDocument();
    expect(table.getAllByText('2 KB')).toHaveLength(20);

    await user.type(table.getByPlaceholderText('Search 25 records...'), 'file-25');
    expect(await table.findByText('file-25.pdf')).toBeInTheDocument();
    expect(table.queryByText('file-01.pdf')).not.toBeInTheDocument();
    expect(table.getByText('Showing 1–1 of 1')).toBeInTheDocument();
  });

  it('sorts the Size column by bytes, not by its text (issue 17)', async () => {
    const sized: Attachment[] = [
      { id: 1, fileName: 'a-survey.pdf', size: 1_572_864 },
      { id: 2, fileName: 'b-notes.txt', size: 900 },
      { id: 3, fileName: 'c-plan.png', size: 2048 },
    ];
    const { user, table } = renderAttachments(() => Promise.resolve(), sized);
    const sizes = () =>
      table
        .getAllByRole('row')
        .slice(2)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(sizes()).toEqual(['1.5 MB', '900 B', '2 KB']);
    const heading = table.getByRole('columnheader', { name: /Size/ });
    await user.click(within(heading).getByRole('button', { name: /Size/ }));
    await waitFor(() => expect(heading).toHaveAttribute('aria-sort', 'ascending'));
    expect(sizes()).toEqual(['900 B', '2 KB', '1.5 MB']);
    await user.click(within(heading).getByRole('button', { name: /Size/ }));
    await waitFor(() => expect(sizes()).toEqual(['1.5 MB', '2 KB', '900 B']));
    // No text filter on '2 KB': the column's text is not its value.
    expect(table.queryByRole('searchbox', { name: 'Filter Size' })).toBeNull();
    // Search still finds the text the user reads.
    await user.type(table.getByPlaceholderText('Search 3 records...'), '900 B');
    await waitFor(() => expect(sizes()).toEqual(['900 B']));
  });

  it('downloads a file from its row, busy until the file is saved', async () => {
    let finish: () => void = () => undefined;
    const download = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { user, table } = renderAttachments(download);
    const button = table.getByRole('button', { name: 'Download file-02.pdf' });
    await user.click(button);
    expect(download).toHaveBeenCalledWith(files[1]);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Downloading…');
    finish();
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveTextContent('Download');
  });
});
