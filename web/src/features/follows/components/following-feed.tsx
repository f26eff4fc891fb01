import { Link } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { LoadFailure } from '../../../shared/ui/load-failure';
import { LoadingState } from '../../../shared/ui/loading-state';
import { formatDate } from '../../../shared/utils/dates';
import { feedPlace, isNew, type FeedItem } from '../api/feed-model';
import type { FollowItem } from '../hooks/follow-store';
import { useFollowingFeed } from '../hooks/use-following-feed';
import { FOLLOWING_TAB } from './following-texts';
import './following-feed.css';

function FeedRow({ item, fresh }: { item: FeedItem; fresh: boolean }) {
  return (
    <li className="nn-panel nn-feed__item" data-feed-note={item.id} data-new={fresh}>
      <div className="nn-feed__head">
        <Link to={paths.note(item.id)} className="nn-link nn-feed__title">
          {item.title}
        </Link>
        {fresh && <span className="nn-feed__new">New</span>}
      </div>
      <p className="nn-muted nn-feed__meta">
        <span data-field="place">{feedPlace(item)}</span>
        {item.approvedAt && (
          <>
            {' · '}
            <time dateTime={item.approvedAt.toISOString()}>{formatDate(item.approvedAt)}</time>
          </>
        )}
      </p>
    </li>
  );
}

function Feed({ uid, follows }: { uid: string; follows: readonly FollowItem[] }) {
  const { list, lastVisit } = useFollowingFeed(uid, follows);
  if (list.status === 'loading') return <LoadingState label="Loading notes..." />;
  if (list.status === 'error') return <LoadFailure heading="h2" />;
  return (
    <>
      {list.items.length === 0 ? (
        <p className="nn-muted">{FOLLOWING_TAB.empty}</p>
      ) : (
        <ul className="nn-feed" aria-label="Notes in what you follow">
          {list.items.map((item) => (
            <FeedRow key={item.id} item={item} fresh={isNew(item, lastVisit)} />
          ))}
        </ul>
      )}
      {list.hasMore && (
        <div className="nn-feed__more">
          <button
            type="button"
            className="nn-button nn-button--outline"
            disabled={list.loadingMore}
            onClick={list.more}
          >
            {list.loadingMore && <span className="nn-spinner" aria-hidden="true" />}
            {list.loadingMore ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}
      {list.error !== null && list.status === 'success' && (
        <Alert>{FOLLOWING_TAB.loadMoreFailed}</Alert>
      )}
    </>
  );
}

/**
 * The Following feed in plain markup (Home is a visitor-side page): its own chunk, loaded only
 * for a signed-in reader who follows something (home-following.tsx).
 */
export default function FollowingFeed({
  uid,
  follows,
}: {
  uid: string;
  follows: readonly FollowItem[];
}) {
  return <Feed uid={uid} follows={follows} />;
}
