import { render, screen, waitFor } from '@testing-library/react';
import { setupUser } from '../../user';
import { describe, expect, it, vi } from 'vitest';
import {
  AVATAR_MAX_BYTES,
  ProfilePhotoChooser,
  avatarFileProblem,
} from '@/core/ui/profile-photo-chooser';

// Busy CI machines (2 cores): allow slow renders of the heavy widgets.
vi.setConfig({ testTimeout: 30_000 });

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10];

/** A file with these first bytes, claiming the given size. */
function sized(name: string, type: string, size: number, head: number[] = PNG_HEAD) {
  const file = new File([new Uint8Array(head)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('ProfilePhotoChooser', () => {
  it('shows its title, the current image, the accepted types and the hint', () => {
    render(
      <ProfilePhotoChooser
        title="Profile photo"
        image="data:image/png;base64,AAAA"
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Profile photo' })).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    const input = screen.getByLabelText('Choose profile photo');
    expect(input).toHaveAttribute('accept', '.jpeg,.jpg,.png');
    expect(screen.getByText('JPG or PNG. Max size of 128KB')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/No file chosen/);
  });

  it('names the file chosen, with its size, instead of "No file chosen" (issue 17)', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    render(<ProfilePhotoChooser title="Profile photo" onChange={onChange} />);
    const input = screen.getByLabelText('Choose profile photo');
    await user.upload(input, sized('me.jpg', 'image/jpeg', 2048, JPEG_HEAD));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(screen.getByText('me.jpg (2 KB)')).toBeVisible();
    expect(screen.queryByText('No file chosen')).toBeNull();
    expect(input).toHaveAccessibleDescription(/me\.jpg \(2 KB\)/);
  });

  it('refuses a file above 131072 bytes when picked, saying the limit', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    render(<ProfilePhotoChooser title="Profile photo" onChange={onChange} />);
    const input = screen.getByLabelText('Choose profile photo');
    await user.upload(input, sized('me.png', 'image/png', 200 * 1024));
    expect(
      await screen.findByText('File size is too large: the maximum is 128 KB'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
  });

  it("refuses a text file renamed .png when picked, with the server's message", async () => {
    const user = setupUser();
    const onChange = vi.fn();
    render(
      <ProfilePhotoChooser
        title="Profile photo"
        image="data:image/png;base64,AAAA"
        onChange={onChange}
      />,
    );
    const input = screen.getByLabelText('Choose profile photo');
    await user.upload(input, new File(['just some text'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText('Only JPG or PNG images are allowed')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // Nothing is set: the current image stays, and no file is named as chosen.
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('img')).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
  });

  it('keeps the file chosen before when a later pick is refused', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    render(<ProfilePhotoChooser title="Profile photo" onChange={onChange} />);
    const input = screen.getByLabelText('Choose profile photo');
    await user.upload(input, sized('good.png', 'image/png', 1024));
    expect(await screen.findByText('good.png (1 KB)')).toBeInTheDocument();
    await user.upload(input, new File(['text'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText('Only JPG or PNG images are allowed')).toBeInTheDocument();
    expect(screen.getByText('good.png (1 KB)')).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('refuses other types', async () => {
    const user = setupUser({ applyAccept: false });
    const onChange = vi.fn();
    render(<ProfilePhotoChooser title="Profile photo" onChange={onChange} />);
    await user.upload(
      screen.getByLabelText('Choose profile photo'),
      sized('me.gif', 'image/gif', 10),
    );
    expect(await screen.findByText('Only JPG or PNG images are allowed')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reads an accepted file (exactly 131072 bytes) to a data URL', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    render(<ProfilePhotoChooser title="Profile photo" onChange={onChange} />);
    await user.upload(
      screen.getByLabelText('Choose profile photo'),
      sized('me.png', 'image/png', AVATAR_MAX_BYTES),
    );
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith(
        expect.stringMatching(/^data:image\/png;base64,/),
        expect.any(File),
      ),
    );
    expect(screen.queryByText(/File size is too large/)).not.toBeInTheDocument();
  });

  it('checks names and types', () => {
    expect(avatarFileProblem({ name: 'a.JPEG', type: 'image/jpeg', size: 1 })).toBeUndefined();
    expect(avatarFileProblem({ name: 'a.png', type: 'image/svg+xml', size: 1 })).toBe(
      'Only JPG or PNG images are allowed',
    );
    expect(avatarFileProblem({ name: 'a.png', type: 'image/png', size: 131_073 })).toBe(
      'File size is too large: the maximum is 128 KB',
    );
  });
});
