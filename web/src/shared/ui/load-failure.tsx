import { Alert } from './alert';

/**
 * The spec's failure state for a screen whose data could not be loaded (section 2, "Note detail
 * screen": "Something went wrong", "We couldn't load the notes you requested. Please try again
 * later", a Try Again button that reloads the page), shared by the note page and Browse. Plain
 * markup (Alert): both screens render without Chakra.
 */
export function LoadFailure({ heading = 'h1' }: { heading?: 'h1' | 'h2' }) {
  return (
    <Alert variant="screen" title="Something went wrong" heading={heading}>
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
    </Alert>
  );
}
