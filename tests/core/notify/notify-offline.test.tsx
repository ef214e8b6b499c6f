import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify, ToastHost } from '@/core/notify';

// The container's chunk cannot load (offline, or gone after a deploy). A file of its own, in the
// unit-fresh project (vite.config.ts): the notify module's state and the mock are per registry.
vi.mock('@/core/notify/toast-container', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(() => vi.restoreAllMocks());

describe('toasts that cannot load', () => {
  it('leave the page on screen: no toast, the message in the console', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <main>The screen the user is on</main>
        <ToastHost />
      </>,
    );
    act(() => {
      notify.error('The service did not answer');
    });
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('The toasts could not load', expect.anything()),
    );
    expect(screen.getByRole('main')).toHaveTextContent('The screen the user is on');
    expect(screen.queryByText('The service did not answer')).toBeNull();
  });
});
