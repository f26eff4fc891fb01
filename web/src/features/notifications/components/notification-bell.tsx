import { Link } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { BellIcon } from '../../../shared/ui/icons';
import { bellLabel, unreadBadge } from '../api/notifications-model';
import { useUnreadCount } from '../hooks/use-unread-count';
import './notification-bell.css';

/**
 * The header's bell (signed in): a link to the notifications page with the live unread count.
 * Part of the visitor-side shell, so plain markup and CSS, no Chakra (web/README.md "One UI
 * rule"). The count is in the link's name for screen readers; the badge is for the eye.
 */
export default function NotificationBell({
  uid,
  onNavigate,
}: {
  uid: string;
  onNavigate?: () => void;
}) {
  const count = useUnreadCount(uid) ?? 0;
  const badge = unreadBadge(count);
  return (
    <Link
      to={paths.notifications}
      onClick={onNavigate}
      className="nn-button nn-button--ghost nn-bell"
      aria-label={bellLabel(count)}
      data-testid="notification-bell"
    >
      <BellIcon />
      {badge && (
        <span className="nn-bell__badge" aria-hidden="true" data-testid="notification-count">
          {badge}
        </span>
      )}
    </Link>
  );
}
