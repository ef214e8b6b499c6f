import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useOrgContext } from '@/core/org/context';
import { createQueryClient } from '@/core/query';
import { renderApp } from '../../render';
import {
  avatarsHandler,
  avatarsUrl,
  defaultAvatarHandler,
  defaultAvatarUrl,
  DEFAULT_AVATAR,
} from '../../msw/handlers/metadata';
import { server } from '../../msw/server';

/** What the shell shows of the user: the name and the avatar. */
function ProfileView() {
  const { profile } = useOrgContext();
  return (
    <>
      <p data-testid="name">{`${profile.id}: ${profile.firstName} ${profile.lastName}`}</p>
      <p data-testid="avatar">{profile.avatar_Base64 ?? 'none'}</p>
    </>
  );
}

const avatar = () => screen.getByTestId('avatar').textContent;
const OWN = 'data:image/png;base64,b3du';

/** Counts the avatar calls, answering with the given data (a CRM envelope). */
function countedAvatarCalls(avatars: unknown, defaultAvatar: unknown = DEFAULT_AVATAR) {
  const reads = { avatars: 0, defaultAvatar: 0, userIds: [] as string[] };
  server.use(
    http.get(avatarsUrl, ({ request }) => {
      reads.avatars++;
      reads.userIds.push(...new URL(request.url).searchParams.getAll('userIds'));
      return HttpResponse.json({ success: true, errors: null, data: avatars });
    }),
    http.get(defaultAvatarUrl, () => {
      reads.defaultAvatar++;
      return HttpResponse.json({ success: true, errors: null, data: defaultAvatar });
    }),
  );
  return reads;
}

describe("the user's avatar (SPEC §3)", () => {
  it("shows the user's own avatar among those the call answers, asking for the user only", async () => {
    const reads = countedAvatarCalls([
      { userId: 8, avatar_Base64: 'data:image/png;base64,b3RoZXI=' },
      { userId: 7, avatar_Base64: OWN },
    ]);
    await renderApp(<ProfileView />, { user: { sub: '7' } });
    await waitFor(() => {
      expect(avatar()).toBe(OWN);
    });
    expect(reads.userIds).toEqual(['7']);
    expect(reads.defaultAvatar).toBe(0);
  });

  it('shows the default avatar when the own avatar is empty', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    countedAvatarCalls([{ userId: 7, avatar_Base64: '' }]);
    await renderApp(<ProfileView />, { user: { sub: '7' } });
    await waitFor(() => {
      expect(avatar()).toBe(DEFAULT_AVATAR);
    });
  });

  it('shows the default avatar when the own avatar is null', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    countedAvatarCalls([{ userId: 7, avatar_Base64: null }]);
    await renderApp(<ProfileView />, { user: { sub: '7' } });
    await waitFor(() => {
      expect(avatar()).toBe(DEFAULT_AVATAR);
    });
  });

  it('shows the default avatar when the avatar call fails, and no error', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    server.use(
      http.get(avatarsUrl, () =>
        HttpResponse.json({ success: false, message: 'down' }, { status: 500 }),
      ),
      defaultAvatarHandler(DEFAULT_AVATAR),
    );
    await renderApp(<ProfileView />);
    await waitFor(() => {
      expect(avatar()).toBe(DEFAULT_AVATAR);
    });
    expect(info).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes a default avatar answered as an object', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    countedAvatarCalls([], { avatar_Base64: DEFAULT_AVATAR });
    await renderApp(<ProfileView />);
    await waitFor(() => {
      expect(avatar()).toBe(DEFAULT_AVATAR);
    });
  });

  it.each([
    ['an empty string', ''],
    ['an object with an empty avatar', { avatar_Base64: '' }],
    ['an object with a null avatar', { avatar_Base64: null }],
    ['an object without an avatar', { picture: DEFAULT_AVATAR }],
    ['a number', 42],
    ['null', null],
  ])('shows no avatar when the default avatar is %s', async (_what, answer) => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const reads = countedAvatarCalls([], answer);
    await renderApp(<ProfileView />);
    await waitFor(() => {
      expect(reads.defaultAvatar).toBe(1);
    });
    // Settled: the query has answered (no second read), and it shows nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(avatar()).toBe('none');
  });

  it('shows no avatar (and no error) when the default avatar call fails too', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    server.use(
      avatarsHandler([]),
      http.get(defaultAvatarUrl, () =>
        HttpResponse.json({ success: false, message: 'down' }, { status: 500 }),
      ),
    );
    await renderApp(<ProfileView />);
    await waitFor(() => {
      expect(info).toHaveBeenCalledWith('Could not load the default avatar.', expect.anything());
    });
    expect(avatar()).toBe('none');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a default avatar that keeps failing does not make the avatar call repeat', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const reads = { avatars: 0, defaultAvatar: 0 };
    server.use(
      http.get(avatarsUrl, () => {
        reads.avatars++;
        return HttpResponse.json({ success: true, errors: null, data: [] });
      }),
      http.get(defaultAvatarUrl, () => {
        reads.defaultAvatar++;
        return HttpResponse.json({ success: false, message: 'down' }, { status: 500 });
      }),
    );
    // The app's own retries (the records preset), without their waits.
    await renderApp(<ProfileView />, {
      queryClient: createQueryClient({ defaultOptions: { queries: { retryDelay: 0 } } }),
    });
    await waitFor(() => {
      expect(info).toHaveBeenCalledWith('Could not load the default avatar.', expect.anything());
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(reads.avatars).toBe(1);
    expect(avatar()).toBe('none');
  });

  it.each(['user-7', '7x'])(
    'does not ask for the avatar of a user whose id is not a number (%j)',
    async (sub) => {
      const reads = countedAvatarCalls([{ userId: 7, avatar_Base64: OWN }]);
      await renderApp(<ProfileView />, { user: { sub } });
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(reads.avatars).toBe(0);
      expect(avatar()).toBe('none');
    },
  );

  it('asks for the avatar of a user whose id has several digits', async () => {
    countedAvatarCalls([{ userId: 1234, avatar_Base64: OWN }]);
    await renderApp(<ProfileView />, { user: { sub: '1234' } });
    await waitFor(() => {
      expect(avatar()).toBe(OWN);
    });
    expect(screen.getByTestId('name')).toHaveTextContent('1234: Ada Lovelace');
  });

  it('is not read again each time the window regains focus (fresh for 10 minutes)', async () => {
    const reads = countedAvatarCalls([{ userId: 7, avatar_Base64: OWN }]);
    await renderApp(<ProfileView />);
    await waitFor(() => {
      expect(avatar()).toBe(OWN);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(reads.avatars).toBe(1);
  });
});
