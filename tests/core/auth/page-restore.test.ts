import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchPageRestore, type RestoredPage } from '@/core/auth/page-restore';

/**
 * Issue 17: Back after a sign-out shows no signed-in page. A page the browser restores from its
 * back/forward cache re-checks its session and loads afresh when it ended or changed meanwhile.
 */
let stop: (() => void) | undefined;
afterEach(() => stop?.());

function watch(state: { ending?: boolean; shown?: string | null; stored?: string | null | Error }) {
  const reload = vi.fn();
  const storedAccount = vi.fn(() =>
    state.stored instanceof Error
      ? Promise.reject(state.stored)
      : Promise.resolve(state.stored ?? null),
  );
  const page: RestoredPage = {
    wasEnding: () => state.ending ?? false,
    shownAccount: () => state.shown ?? null,
    storedAccount,
    reload,
  };
  stop = watchPageRestore(window, page);
  return Object.assign(reload, { storedAccount });
}
const show = async (persisted: boolean) => {
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted }));
  await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('a page restored by Back or Forward', () => {
  it('left on its way to the sign-out: loads afresh', async () => {
    const reload = watch({ ending: true });
    await show(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('signed in, and the session has ended meanwhile (signed out, here or in another tab): loads afresh', async () => {
    const reload = watch({ shown: '7', stored: null });
    await show(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('signed in, and another account signed in meanwhile: loads afresh', async () => {
    const reload = watch({ shown: '7', stored: '8' });
    await show(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('signed in, and still the same session: stays as it was (the cache keeps Back fast)', async () => {
    const reload = watch({ shown: '7', stored: '7' });
    await show(true);
    expect(reload).not.toHaveBeenCalled();
  });

  it('signed out when left: stays, without reading the stored session (that loads the sign-in library)', async () => {
    const reload = watch({ shown: null, stored: null });
    await show(true);
    expect(reload).not.toHaveBeenCalled();
    expect(reload.storedAccount).not.toHaveBeenCalled();
  });

  it('signed in, and the stored session cannot be read: loads afresh (it then starts from what is stored)', async () => {
    const reload = watch({ shown: '7', stored: new Error('the library could not load') });
    await show(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a page loaded, not restored, is left alone (it starts from the stored session anyway)', async () => {
    const reload = watch({ ending: true, shown: '7', stored: null });
    await show(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('stops watching when unsubscribed', async () => {
    const reload = watch({ ending: true });
    stop?.();
    stop = undefined;
    await show(true);
    expect(reload).not.toHaveBeenCalled();
  });
});
