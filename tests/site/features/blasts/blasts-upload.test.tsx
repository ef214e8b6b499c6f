import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { setupUser, loadFormFields } from '../../../user';
import { http } from 'msw';
import SiteBlastsPage from '@/site/features/blasts/route';
import {
  CHOOSE_FILE_MESSAGE,
  NOT_BLST_MESSAGE,
  ONLY_BLST_MESSAGE,
  uploadFileProblem,
} from '@/site/features/blasts/components/blast-form';
import { toUpload } from '@/site/features/blasts/components/blast-values';
import { renderApp } from '../../../render';
import { server } from '../../../msw/server';
import { blastHandlers } from '../../../msw/handlers/blasts';
import { borealis, createBlast } from '../../../factories/data';
import { data, ok, refusal } from '../../../msw/envelope';

const uploadUrl = data('orgs/2/sites/1/blasts');

// The forms' fields load on demand: loaded once here, not inside the first test's time.
beforeAll(loadFormFields, 60_000);

describe('upload validation', () => {
  it('wants exactly one .blst file', () => {
    expect(uploadFileProblem([])).toBe('Choose a .blst file');
    expect(uploadFileProblem([{ fileName: 'a.txt', base64: 'eA==' }])).toBe(ONLY_BLST_MESSAGE);
    expect(uploadFileProblem([{ fileName: 'North.BLST', base64: 'eA==' }])).toBeUndefined();
    expect(
      uploadFileProblem([
        { fileName: 'a.blst', base64: 'eA==' },
        { fileName: 'b.blst', base64: 'eA==' },
      ]),
    ).toBe('Choose one file');
  });

  it('maps the form to the contract: no fired date for a planned blast, name only when given', () => {
    const upload = toUpload({
      file: [{ fileName: 'a.blst', base64: 'eA==' }],
      name: '  ',
      status: 'planned',
      firedAt: '2025-01-01T00:00:00.000Z',
      plannedAt: '2025-02-01T00:00:00.000Z',
    });
    expect(upload).toEqual({
      file: { fileName: 'a.blst', base64: 'eA==' },
      description: null,
      status: 'planned',
      firedAt: null,
      plannedAt: '2025-02-01T00:00:00.000Z',
    });
  });
});

async function openUpload() {
  server.use(blastHandlers.list([createBlast()]));
  const view = await renderApp(<SiteBlastsPage />, {
    portal: 'site',
    url: '/site/1/blasts',
    path: '/site/:siteId/blasts',
    org: borealis(),
  });
  expect(await screen.findByRole('link', { name: 'North Pit 0001' })).toBeInTheDocument();
  await view.user.click(screen.getByRole('button', { name: 'Upload blast' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload a blast' });
  // The form can be sent once its fields' code is in (the date field loads on demand).
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled());
  return { ...view, dialog };
}

describe('Blasts: upload', () => {
  it('refuses a file that is not .blst without sending anything', async () => {
    let posted = 0;
    server.use(http.post(uploadUrl, () => ((posted += 1), ok(createBlast()))));
    const { dialog } = await openUpload();
    // The file input accepts .blst only; a browser still lets a user pick 'All files'.
    const user = setupUser({ applyAccept: false });
    await user.upload(
      within(dialog).getByLabelText(/Blast file/),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(ONLY_BLST_MESSAGE)).toBeInTheDocument();
    expect(posted).toBe(0);
  });

  it('checks the file when it is picked: a renamed text file is refused at once, the typing kept', async () => {
    let posted = 0;
    server.use(http.post(uploadUrl, () => ((posted += 1), ok(createBlast()))));
    const { user, dialog } = await openUpload();
    const form = within(dialog);
    await user.type(form.getByLabelText(/^Name/), 'North Pit 0042');
    const input = form.getByLabelText(/Blast file/);
    await user.upload(input, new File(['just some notes'], 'notes.blst'));
    // Refused when picked, with the server's own words, before any Upload click.
    expect(await form.findByText(NOT_BLST_MESSAGE)).toBeInTheDocument();
    expect(NOT_BLST_MESSAGE).toBe('Not a valid .blst file: the first line must be "BLST 1"');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByText('No file chosen')).toBeInTheDocument();
    expect(form.getByLabelText(/^Name/)).toHaveValue('North Pit 0042');
    // Upload without a file: the field says why it has none, once (not also that it wants one).
    await user.click(form.getByRole('button', { name: 'Upload' }));
    // The validation (asynchronous) settles.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(form.getByText(NOT_BLST_MESSAGE)).toHaveAttribute('id', `${input.id}-error`);
    expect(form.queryByText(CHOOSE_FILE_MESSAGE)).toBeNull();
    expect(form.queryByText('Mandatory field')).toBeNull();
    // A real one is taken and named, with its size.
    await user.upload(input, new File(['BLST 1\n'], 'trial.blst'));
    expect(await form.findByText('trial.blst (7 B)')).toBeInTheDocument();
    expect(form.queryByText(NOT_BLST_MESSAGE)).toBeNull();
    expect(form.queryByText('No file chosen')).toBeNull();
    expect(posted).toBe(0);
  });

  it("keeps the server's field error under the file field", async () => {
    server.use(
      http.post(uploadUrl, () =>
        refusal({ file: 'Not a valid .blst file: Line 4: expected 6 values' }),
      ),
    );
    const { user, dialog } = await openUpload();
    await user.upload(
      within(dialog).getByLabelText(/Blast file/),
      new File(['BLST 1\nid,x,y,z,depth,charge\nH1,1\n'], 'bad.blst'),
    );
    // The picked file is checked first (its first line): Upload once the picker names it.
    await within(dialog).findByText(/^bad\.blst \(/);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(
      await within(dialog).findByText('Not a valid .blst file: Line 4: expected 6 values'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Upload a blast' })).toBeInTheDocument();
  });

  it('uploads a .blst file, toasts and refreshes the list', async () => {
    let body: unknown = null;
    const uploaded = createBlast({ id: 9, name: 'Trial 9' });
    server.use(
      http.post(uploadUrl, async ({ request }) => {
        body = await request.json();
        server.use(blastHandlers.list([createBlast(), uploaded]));
        return ok(uploaded);
      }),
    );
    const { user, dialog } = await openUpload();
    await user.upload(
      within(dialog).getByLabelText(/Blast file/),
      new File(['BLST 1\n'], 'trial.blst'),
    );
    await within(dialog).findByText('trial.blst (7 B)');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Blast Trial 9 uploaded')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Trial 9' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(body).toMatchObject({ file: { fileName: 'trial.blst', base64: btoa('BLST 1\n') } });
  });

  it('hides upload, edit and delete from a site user', async () => {
    server.use(blastHandlers.list([createBlast()]));
    await renderApp(<SiteBlastsPage />, {
      portal: 'site',
      url: '/site/1/blasts',
      path: '/site/:siteId/blasts',
      org: borealis({}, { isSiteUser: true }),
    });
    expect(await screen.findByRole('link', { name: 'North Pit 0001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload blast' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});

describe('Blasts: the list', () => {
  it('shows one date per blast: fired, or planned for, newest first', async () => {
    server.use(
      blastHandlers.list([
        createBlast(),
        createBlast({
          id: 2,
          name: 'North Pit 0002',
          status: 'planned',
          firedAt: null,
          plannedAt: '2025-03-20T00:00:00.000Z',
        }),
      ]),
    );
    await renderApp(<SiteBlastsPage />, {
      portal: 'site',
      url: '/site/1/blasts',
      path: '/site/:siteId/blasts',
      org: borealis(),
    });
    expect(await screen.findByRole('link', { name: 'North Pit 0002' })).toBeInTheDocument();
    const rows = screen
      .getAllByRole('row')
      .filter((r) => within(r).queryByRole('link', { name: /^North Pit/ }));
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/North Pit 0002Planned2025\/03\/20/),
      expect.stringMatching(/North Pit 0001Fired2025\/01\/15/),
    ]);
    expect(screen.getByRole('columnheader', { name: /^Date/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });
});
