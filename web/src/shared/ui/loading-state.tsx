/**
 * The spec's generic "Loading..." state, announced to screen readers as a status. Plain markup
 * (shared/ui/base.css), not Chakra: it is the fallback while a page's chunk, and Chakra with it,
 * is still loading, and the auth guards show it on routes whose page has not loaded yet.
 */
export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="nn-loading">
      <span className="nn-spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}
