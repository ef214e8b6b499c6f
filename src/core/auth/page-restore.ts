/** What the page knows of its session, as it was when the browser kept it. */
export interface RestoredPage {
  /** The page was on its way out of its session (signing out, or the session had ended). */
  wasEnding(): boolean;
  /** The account the page shows as signed in (its subject), or null. */
  shownAccount(): string | null;
  /** The account stored for this tab now (its subject), or null: the truth after a sign-out. */
  storedAccount(): Promise<string | null>;
  /** Loads the page afresh: it then starts from the stored session, as any page load does. */
  reload(): void;
}

/**
 * Back (or Forward) may bring a page back from the browser's back/forward cache exactly as it
 * was left: signed in, or on its way to the provider's sign-out. After a sign-out that is a
 * signed-in page of a session that no longer exists (issue 17). So a page restored that way
 * re-checks its session and, when it ended or changed meanwhile (here or in another tab), loads
 * afresh, which finds no session and goes to sign-in. Answers the unsubscribe.
 */
export function watchPageRestore(target: Window, page: RestoredPage): () => void {
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    if (page.wasEnding()) {
      page.reload();
      return;
    }
    const shown = page.shownAccount();
    if (shown === null) return;
    void page.storedAccount().then(
      (stored) => {
        if (stored !== shown) page.reload();
      },
      () => page.reload(),
    );
  };
  target.addEventListener('pageshow', onPageShow);
  return () => target.removeEventListener('pageshow', onPageShow);
}
