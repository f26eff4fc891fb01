import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { LoadingState } from '../../../shared/ui/loading-state';
import { useSessionUser } from '../../auth';
import { useFollows } from '../hooks/use-follows';
import { FOLLOWING_TAB } from './following-texts';
import './following-feed.css';

// The feed: only for a reader who follows something.
const FollowingFeed = lazy(() => import('./following-feed'));

/**
 * Home's Following section for a signed-in student (issue 32): this module loads once Home
 * knows someone is signed in (home-page.tsx), reads their follows, and loads the feed only when
 * there is something followed; a visitor's Home and its budget are unchanged.
 */
export default function HomeFollowing() {
  const user = useSessionUser();
  const follows = useFollows(user?.uid ?? null);
  if (!user || follows.status !== 'ready' || follows.follows.length === 0) return null;
  return (
    <section aria-labelledby="following-heading" className="nn-container nn-following">
      <div className="nn-following__head">
        <h2 id="following-heading" className="nn-heading nn-following__title">
          {FOLLOWING_TAB.heading}
        </h2>
        <Link to={`${paths.profile}?tab=following`} className="nn-link">
          {FOLLOWING_TAB.manage}
        </Link>
      </div>
      <Suspense fallback={<LoadingState label="Loading notes..." />}>
        <FollowingFeed uid={user.uid} follows={follows.follows} />
      </Suspense>
    </section>
  );
}
