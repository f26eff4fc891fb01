import { OFFLINE_BANNER } from '@notenest/shared';
import { useOffline } from '../../../shared/utils/connection';
import './offline-banner.css';

/**
 * "You're offline..." on every screen while the browser has no network (issue 32). A named
 * region above the page, so its text is inside a landmark; a status, so screen readers say it
 * when it appears without moving focus. Nothing at all while online.
 */
export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <section aria-label="Connection" data-testid="offline-banner">
      <p role="status" className="nn-offline-banner">
        {OFFLINE_BANNER}
      </p>
    </section>
  );
}
