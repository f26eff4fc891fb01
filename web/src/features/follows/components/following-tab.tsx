import { Badge, Box, Button, Flex, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../../shared/errors/app-error';
import { paths } from '../../../shared/routing/paths';
import { ErrorBanner, LoadingState, RouterLink } from '../../../shared/ui';
import { formatDate } from '../../../shared/utils/dates';
import type { SessionUser } from '../../auth';
import { feedPlace, isNew } from '../api/feed-model';
import { followStore, type FollowItem } from '../hooks/follow-store';
import { useFollowingFeed } from '../hooks/use-following-feed';
import { useFollows } from '../hooks/use-follows';
import { FOLLOWING_TAB } from './following-texts';

const KIND_LABELS = { subject: 'Subject', course: 'Course', college: 'College' } as const;
const FAILED = 'Something went wrong. Please try again.';

// A native checkbox shown as a switch (role="switch"): Chakra's Switch would add a recipe to the
// system for one control.
const SwitchInput = chakra('input', {
  base: { width: '5', height: '5', accentColor: 'teal.solid', cursor: 'pointer', flexShrink: 0 },
});

function FollowRow({ uid, follow }: { uid: string; follow: FollowItem }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onUnfollow = () => {
    setBusy(true);
    setFailure(null);
    followStore.unfollow(uid, follow.key).then(
      // The row goes with the follow (the store drops it).
      () => undefined,
      (error: unknown) => {
        console.error('Could not unfollow', error);
        setFailure(errorMessage(error, { fallback: FAILED }));
        setBusy(false);
      },
    );
  };
  return (
    <Box
      as="li"
      data-follow-key={follow.key}
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      px="4"
      py="3"
    >
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Text>
          <Text as="span" color="fg.muted" fontSize="sm">
            {KIND_LABELS[follow.kind]}:{' '}
          </Text>
          <Text as="span" fontWeight="semibold">
            {follow.name}
          </Text>
        </Text>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Unfollow ${follow.kind} ${follow.name}`}
          loading={busy}
          onClick={onUnfollow}
        >
          Unfollow
        </Button>
      </Flex>
      {failure && <ErrorBanner mt="2">{failure}</ErrorBanner>}
    </Box>
  );
}

function NotifySwitch({
  uid,
  on,
  onChange,
}: {
  uid: string;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = (next: boolean) => {
    setSaving(true);
    setFailure(null);
    import('../api/follows')
      .then(({ setNotifyFollows }) => setNotifyFollows(uid, next))
      .then(
        () => onChange(next),
        (error: unknown) => {
          console.error('Could not change the follow notifications', error);
          setFailure(errorMessage(error, { fallback: FAILED }));
        },
      )
      .finally(() => setSaving(false));
  };
  return (
    <Stack gap="2">
      {/* The input inside its label: the label names it. */}
      <Flex as="label" gap="3" align="center" cursor="pointer">
        <SwitchInput
          type="checkbox"
          role="switch"
          checked={on}
          aria-busy={saving || undefined}
          disabled={saving}
          onChange={(e) => toggle(e.target.checked)}
        />
        <Text>{FOLLOWING_TAB.notify}</Text>
      </Flex>
      {failure && <ErrorBanner>{failure}</ErrorBanner>}
    </Stack>
  );
}

function FeedList({ uid, follows }: { uid: string; follows: readonly FollowItem[] }) {
  const { list, lastVisit } = useFollowingFeed(uid, follows);
  if (list.status === 'loading') return <LoadingState />;
  if (list.status === 'error')
    return <ErrorBanner>There was an error loading the notes you follow.</ErrorBanner>;
  return (
    <Stack gap="3">
      {list.items.length === 0 ? (
        <Text color="fg.muted">{FOLLOWING_TAB.empty}</Text>
      ) : (
        <Stack as="ul" gap="3" aria-label="Notes in what you follow">
          {list.items.map((item) => {
            const fresh = isNew(item, lastVisit);
            return (
              <Box
                as="li"
                key={item.id}
                data-feed-note={item.id}
                data-new={fresh}
                bg="bg.panel"
                borderWidth="1px"
                borderColor="border"
                rounded="lg"
                px="4"
                py="3"
              >
                <Flex gap="2" align="center" wrap="wrap">
                  <RouterLink to={paths.note(item.id)} color="teal.fg" fontWeight="semibold">
                    {item.title}
                  </RouterLink>
                  {fresh && (
                    <Badge colorPalette="teal" variant="solid" size="sm">
                      New
                    </Badge>
                  )}
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  {feedPlace(item)}
                  {item.approvedAt && (
                    <>
                      {' · '}
                      <time dateTime={item.approvedAt.toISOString()}>
                        {formatDate(item.approvedAt)}
                      </time>
                    </>
                  )}
                </Text>
              </Box>
            );
          })}
        </Stack>
      )}
      {list.hasMore && (
        <Flex justify="center">
          <Button variant="outline" onClick={list.more} disabled={list.loadingMore}>
            {list.loadingMore ? 'Loading...' : 'Load more'}
          </Button>
        </Flex>
      )}
      {list.error !== null && <ErrorBanner>{FOLLOWING_TAB.loadMoreFailed}</ErrorBanner>}
    </Stack>
  );
}

/**
 * The Profile's Following tab (issue 32): what the student follows, each with Unfollow; the
 * switch for "new note in what you follow" notifications (`users/{uid}.notifyFollows`, read with
 * the profile: null while it loads); and the feed of those notes.
 */
export default function FollowingTab({
  user,
  notifyFollows,
  onNotifyFollows,
}: {
  user: SessionUser;
  notifyFollows: boolean | null;
  onNotifyFollows: (on: boolean) => void;
}) {
  const follows = useFollows(user.uid);
  return (
    <Stack gap="10">
      <Stack as="section" aria-labelledby="following-what" gap="4">
        <Heading as="h2" size="lg" id="following-what">
          What you follow
        </Heading>
        {notifyFollows !== null && (
          <NotifySwitch uid={user.uid} on={notifyFollows} onChange={onNotifyFollows} />
        )}
        {follows.status === 'error' ? (
          <ErrorBanner>There was an error loading what you follow.</ErrorBanner>
        ) : follows.status !== 'ready' ? (
          <LoadingState />
        ) : follows.follows.length === 0 ? (
          <Text color="fg.muted">{FOLLOWING_TAB.nothingFollowed}</Text>
        ) : (
          <Stack as="ul" gap="2" aria-label="What you follow">
            {follows.follows.map((f) => (
              <FollowRow key={f.key} uid={user.uid} follow={f} />
            ))}
          </Stack>
        )}
      </Stack>
      {follows.status === 'ready' && follows.follows.length > 0 && (
        <Stack as="section" aria-labelledby="following-feed" gap="4">
          <Heading as="h2" size="lg" id="following-feed">
            {FOLLOWING_TAB.heading}
          </Heading>
          <FeedList uid={user.uid} follows={follows.follows} />
        </Stack>
      )}
    </Stack>
  );
}
