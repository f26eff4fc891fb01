import { Box, Button, Container, Flex, Heading } from '@chakra-ui/react';
import { lazy, Suspense, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorBanner, LoadingState } from '../../../shared/ui';
import { ServerStateScope, useServerValue } from '../../../shared/server-state';
import { useDisplayedUser, useSignOut, type SessionUser } from '../../auth';
import { ensureProfile } from '../api/profile-api';
import type { Profile } from '../api/profile-model';
import { MyUploadsTab, SavedNotesTab } from './note-lists';
import { ProfileTab } from './profile-tab';

// The Following tab (issue 32) and the follows feature with it: fetched when the tab is opened,
// so the profile's first load (250 KB budget) does not grow.
const FollowingTab = lazy(() => import('../../follows').then((m) => m.loadFollowingTab()));

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'uploads', label: 'My Uploads' },
  { id: 'archived', label: 'Saved Notes' },
  { id: 'following', label: 'Following' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The tab named by `?tab=` (so Back, reloads and links keep it), the Profile tab by default. */
function tabOf(value: string | null): TabId {
  return TABS.find((t) => t.id === value)?.id ?? 'profile';
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs; the selected one is focusable.
 * Compact on a phone, where the four fit a 390 px screen; on a narrower one the list scrolls
 * sideways, and the selected tab is kept in view (a link to ?tab=following showed it cut off).
 */
function Tabs({ selected, onSelect }: { selected: TabId; onSelect: (t: TabId) => void }) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const selectedIndex = TABS.findIndex((t) => t.id === selected);
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = refs.current[selectedIndex];
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    // Scrolls the list only (scrollIntoView could scroll the page too).
    const shown = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < shown.left) list.scrollLeft -= shown.left - box.left;
    else if (box.right > shown.right) list.scrollLeft += box.right - shown.right;
  }, [selectedIndex]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(TABS[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <Flex
      ref={listRef}
      role="tablist"
      aria-label="Dashboard"
      gap={{ base: '0', sm: '1' }}
      borderBottomWidth="1px"
      borderColor="border"
      overflowX="auto"
    >
      {TABS.map((tab, i) => {
        const active = tab.id === selected;
        return (
          <Button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={active}
            aria-controls={`panel-${tab.id}`}
            tabIndex={active ? 0 : -1}
            variant="ghost"
            size={{ base: 'sm', sm: 'md' }}
            px={{ base: '2.5', sm: '4' }}
            flexShrink={0}
            rounded="none"
            borderBottomWidth="3px"
            borderColor={active ? 'teal.600' : 'transparent'}
            color={active ? 'teal.fg' : 'fg.muted'}
            fontWeight={active ? 'bold' : 'medium'}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {tab.label}
          </Button>
        );
      })}
    </Flex>
  );
}

function Dashboard({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  // Each tab is a history entry: Back returns to the previous tab.
  const setTab = (next: TabId) => {
    if (next !== tab) setParams(next === 'profile' ? {} : { tab: next });
  };
  const loaded = useServerValue(['profile', user.uid], () => ensureProfile());
  const profile = loaded.status === 'success' ? loaded.data : null;
  const onProfile = (changed: Profile) => loaded.update(() => changed);

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Flex justify="space-between" align="center" mb="6" gap="4" wrap="wrap">
        <Heading as="h1" size="3xl">
          My Dashboard
        </Heading>
        <Button variant="outline" colorPalette="teal" onClick={() => void signOut()}>
          Sign Out
        </Button>
      </Flex>
      <Tabs selected={tab} onSelect={setTab} />
      <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} py="8" tabIndex={0}>
        {tab === 'profile' &&
          (profile ? (
            <ProfileTab user={user} profile={profile} onProfile={onProfile} />
          ) : loaded.status === 'error' ? (
            <ErrorBanner>There was an error loading your profile.</ErrorBanner>
          ) : (
            <LoadingState />
          ))}
        {tab === 'uploads' && <MyUploadsTab user={user} />}
        {tab === 'archived' && <SavedNotesTab user={user} />}
        {tab === 'following' && (
          <Suspense fallback={<LoadingState />}>
            <FollowingTab
              user={user}
              notifyFollows={profile?.notifyFollows ?? null}
              onNotifyFollows={(on) => {
                if (profile) onProfile({ ...profile, notifyFollows: on });
              }}
            />
          </Suspense>
        )}
      </Box>
    </Container>
  );
}

function ProfileScreen() {
  const user = useDisplayedUser();
  if (!user) return <LoadingState />;
  return <Dashboard user={user} />;
}

/** /profile (guarded): My Dashboard with the Profile, My Uploads, Saved Notes and Following tabs. */
export default function ProfilePage() {
  return (
    <ServerStateScope>
      <ProfileScreen />
    </ServerStateScope>
  );
}
