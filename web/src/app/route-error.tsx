import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from '../shared/ui/alert';

/** Plain markup (Alert): shown when a page, or Chakra with it, failed to load. */
function RouteErrorScreen() {
  return (
    <Alert variant="screen" title="Something went wrong">
      <p className="nn-muted">The page could not be shown. Please try again.</p>
      <button
        type="button"
        className="nn-button nn-button--solid"
        onClick={() => location.reload()}
      >
        Try Again
      </button>
    </Alert>
  );
}

/**
 * Last-resort boundary around the routed page, including a lazy chunk that fails to load
 * (typically after a deploy replaced the hashed files): reloading fetches the new ones.
 * The parent keys it by pathname, so navigating elsewhere clears the error.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('route failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}
