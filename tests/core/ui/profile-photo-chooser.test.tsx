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

function sized(name: string, type: string, size: number) {
  const file = new File(['img'], name, { type });
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
  });

  it("refuses a file above 131072 bytes with 'File size is too large'", async () => {
    const user = setupUser();
    const onChange = vi.fn();
    render(<ProfilePhotoChooser title="Profile photo" onChange={onChange} />);
    const input = screen.getByLabelText('Choose profile photo');
    await user.upload(input, sized('me.jpg', 'image/jpeg', AVATAR_MAX_BYTES + 1));
    expect(await screen.findByText('File size is too large')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses other types', async () => {
    const user = setupUser({ applyAccept: false });
    const onChange = vi.fn();
    render(<ProfilePhotoChooser title="Profile photo" onChange={onChange} />);
    await user.upload(
      screen.getByLabelText('Choose profile photo'),
      sized('me.gif', 'image/gif', 10),
    );
    expect(await screen.findByText('Only JPG or PNG files are allowed')).toBeInTheDocument();
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
    expect(screen.queryByText('File size is too large')).not.toBeInTheDocument();
  });

  it('checks names and types', () => {
    expect(avatarFileProblem({ name: 'a.JPEG', type: 'image/jpeg', size: 1 })).toBeUndefined();
    expect(avatarFileProblem({ name: 'a.png', type: 'image/svg+xml', size: 1 })).toBe(
      'Only JPG or PNG files are allowed',
    );
    expect(avatarFileProblem({ name: 'a.png', type: 'image/png', size: 131_073 })).toBe(
      'File size is too large',
    );
  });
});
