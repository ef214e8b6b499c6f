/** What the Sites page shows while the user's sites (or the code that lists them) load. */
export function LoadingSites() {
  return (
    <p role="status" className="text-body-secondary">
      Loading your sites…
    </p>
  );
}
