/**
 * The spec's failure state for a screen whose data could not be loaded (section 2, "Note detail
 * screen": "Something went wrong", "We couldn't load the notes you requested. Please try again
 * later", a Try Again button that reloads the page), shared by the note page and Browse. Plain
 * markup (base.css `.nn-state`): both screens render without Chakra.
 */
export function LoadFailure({ heading: Heading = 'h1' }: { heading?: 'h1' | 'h2' }) {
  return (
    <div className="nn-state" role="alert">
      <Heading className="nn-heading nn-state__title">Something went wrong</Heading>
      <p className="nn-muted">
        We couldn&apos;t load the notes you requested. Please try again later
      </p>
      <button
        type="button"
        className="nn-button nn-button--solid"
        onClick={() => window.location.reload()}
      >
        Try Again
      </button>
    </div>
  );
}
