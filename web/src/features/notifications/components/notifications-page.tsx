import { Badge, Box, Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../shared/errors/app-error';
import { paths } from '../../../shared/routing/paths';
import { ServerStateScope, useServerList } from '../../../shared/server-state';
import { ErrorBanner, LoadingState } from '../../../shared/ui';
import { formatDateTime } from '../../../shared/utils/dates';
import { useDisplayedUser, type SessionUser } from '../../auth';
import {
  fetchNotificationsPage,
  markAllNotificationsRead,
  markNotificationRead,
} from '../api/notifications-api';
import { notificationText, opensNote, type NotificationItem } from '../api/notifications-model';
import { useUnreadCount } from '../hooks/use-unread-count';

export const NOTIFICATIONS_ERROR = 'There was an error loading your notifications.';
export const NOTIFICATIONS_EMPTY = 'You have no notifications yet.';

/** Where a notification leads: its note, or My Uploads for a rejected (deleted) note. */
function targetOf(n: NotificationItem): string {
  return opensNote(n) ? paths.note(n.noteId) : `${paths.profile}?tab=uploads`;
}

function NotificationRow({
  item,
  onOpen,
}: {
  item: NotificationItem;
  onOpen: (item: NotificationItem) => void;
}) {
  return (
    <Box
      as="li"
      data-notification-id={item.id}
      data-read={item.read}
      bg={item.read ? 'bg.panel' : 'teal.subtle'}
      borderWidth="1px"
      borderColor={item.read ? 'border' : 'teal.muted'}
      rounded="lg"
    >
      {/* One button per row: opening it marks it read, then goes to its note. */}
      <Button
        variant="ghost"
        w="full"
        h="auto"
        py="3"
        px="4"
        justifyContent="flex-start"
        textAlign="start"
        whiteSpace="normal"
        onClick={() => onOpen(item)}
      >
        <Stack gap="1" align="flex-start" w="full">
          <Flex gap="2" align="center" wrap="wrap">
            {!item.read && (
              <Badge colorPalette="teal" variant="solid" size="sm">
                New
              </Badge>
            )}
            <Text as="span" fontWeight={item.read ? 'medium' : 'bold'}>
              {item.noteTitle}
            </Text>
          </Flex>
          <Text as="span" fontSize="sm" fontWeight="normal">
            {notificationText(item)}
          </Text>
          <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
            {formatDateTime(item.createdAt, 'en-US')}
          </Text>
        </Stack>
      </Button>
    </Box>
  );
}

function NotificationsScreen({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const list = useServerList(['notifications', user.uid], (cursor) =>
    fetchNotificationsPage(user.uid, cursor),
  );
  const unread = useUnreadCount(user.uid) ?? 0;
  const [failure, setFailure] = useState<string | null>(null);
  const [marking, setMarking] = useState(false);
  const setRead = (ids: Set<string> | null) =>
    list.update((items) =>
      items.map((i) => (ids === null || ids.has(i.id) ? { ...i, read: true } : i)),
    );

  const onOpen = async (item: NotificationItem) => {
    setFailure(null);
    if (!item.read) {
      try {
        await markNotificationRead(user.uid, item.id);
        setRead(new Set([item.id]));
      } catch (error) {
        // Opening it still goes to the note: the mark is what failed, and it stays unread.
        console.error('notification not marked read', error);
      }
    }
    void navigate(targetOf(item));
  };

  const onMarkAll = async () => {
    setFailure(null);
    setMarking(true);
    try {
      await markAllNotificationsRead(user.uid);
      setRead(null);
    } catch (error) {
      setFailure(
        errorMessage(error, { fallback: 'Your notifications could not be marked as read' }),
      );
    } finally {
      setMarking(false);
    }
  };

  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <Flex justify="space-between" align="center" mb="6" gap="4" wrap="wrap">
        <Heading as="h1" size="3xl">
          Notifications
        </Heading>
        <Button
          variant="outline"
          colorPalette="teal"
          size="sm"
          disabled={unread === 0 || marking}
          onClick={() => void onMarkAll()}
        >
          Mark all as read
        </Button>
      </Flex>
      {failure && <ErrorBanner>{failure}</ErrorBanner>}
      {list.status === 'loading' && <LoadingState />}
      {list.status === 'error' && <ErrorBanner>{NOTIFICATIONS_ERROR}</ErrorBanner>}
      {list.status === 'success' && list.items.length === 0 && (
        <Text textAlign="center" py="10" color="fg.muted">
          {NOTIFICATIONS_EMPTY}
        </Text>
      )}
      {list.items.length > 0 && (
        <Stack as="ul" gap="3" aria-label="Notifications" data-testid="notification-list">
          {list.items.map((item) => (
            <NotificationRow key={item.id} item={item} onOpen={(n) => void onOpen(n)} />
          ))}
        </Stack>
      )}
      {list.hasMore && (
        <Flex justify="center" mt="6">
          <Button variant="outline" onClick={list.more} disabled={list.loadingMore}>
            {list.loadingMore ? 'Loading...' : 'Load more'}
          </Button>
        </Flex>
      )}
    </Container>
  );
}

function NotificationsGate() {
  const user = useDisplayedUser();
  if (!user) return <LoadingState />;
  return <NotificationsScreen user={user} />;
}

/** /notifications (guarded): the signed-in user's notifications, newest first, a page at a time. */
export default function NotificationsPage() {
  return (
    <ServerStateScope>
      <NotificationsGate />
    </ServerStateScope>
  );
}
