import { Badge, Box, Button, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LoadingState } from '../../../shared/ui';
import { deleteNote, fetchPendingNotes, reviewNote } from '../api/admin-api';
import {
  ADMIN_ERRORS,
  ADMIN_LOADING,
  ADMIN_TEXTS,
  bannerText,
  formatDay,
  type AdminNote,
} from '../api/admin-model';
import { useServerList } from '../../../shared/server-state';
import { ActionButton, ConfirmDialog, ErrorBanner, PageTitle, ShowMore } from './admin-ui';
import { NoteDetailDialog } from './note-detail-dialog';

/**
 * Pending Approvals: approving takes a note off this list (students now see it); rejecting
 * deletes it with its file.
 */
export function PendingPage() {
  const list = useServerList(['admin', 'pending'], (cursor) => fetchPendingNotes(cursor));
  const { update } = list;
  const data = list.status === 'success' ? list.items : null;
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<AdminNote | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const viewing = data?.find((n) => n.id === viewingId) ?? null;
  const drop = (id: string) => {
    update((list) => list.filter((n) => n.id !== id));
    setViewingId((v) => (v === id ? null : v));
  };

  const onApprove = async (note: AdminNote) => {
    setFailure(null);
    setBusy(note.id);
    try {
      await reviewNote(note.id, true);
      drop(note.id);
    } catch (error) {
      setFailure(bannerText(ADMIN_ERRORS.approve, error));
    } finally {
      setBusy(null);
    }
  };

  const onReject = async (note: AdminNote) => {
    setFailure(null);
    try {
      await deleteNote(note.id);
      drop(note.id);
    } catch (error) {
      setFailure(bannerText(ADMIN_ERRORS.deleteNote, error));
    }
  };

  return (
    <>
      <PageTitle
        extra={
          data && (
            <Badge bg="orange.100" color="orange.900" size="lg" role="status">
              {data.length}
              {list.hasMore ? '+' : ''} Notes Pending
            </Badge>
          )
        }
      >
        Pending Approvals
      </PageTitle>
      <ErrorBanner message={failure} />
      {list.status === 'loading' && <LoadingState label={ADMIN_LOADING.pending} />}
      {list.error !== null && (
        <ErrorBanner message={bannerText(ADMIN_ERRORS.pending, list.error)} />
      )}
      {data &&
        (data.length === 0 ? (
          <Text py="8" textAlign="center" color="gray.700">
            {ADMIN_TEXTS.noPending}
          </Text>
        ) : (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            {data.map((n) => (
              <Box
                as="li"
                key={n.id}
                data-note-id={n.id}
                bg="white"
                borderWidth="1px"
                borderColor="gray.200"
                rounded="lg"
                p="5"
                shadow="sm"
                display="flex"
                flexDirection="column"
                gap="2"
              >
                <Heading as="h3" size="md">
                  {n.title}
                </Heading>
                <Text fontSize="sm" color="gray.700">
                  {n.subject} · {n.collegeName}
                </Text>
                <Text lineClamp="3">{n.description.trim() || ADMIN_TEXTS.noDescription}</Text>
                <Text fontSize="sm" color="gray.700">
                  By {n.uploaderName}
                  {n.createdAt ? ` · ${formatDay(n.createdAt)}` : ''}
                </Text>
                <Flex gap="2" mt="auto" pt="2" wrap="wrap">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`View ${n.title}`}
                    onClick={() => setViewingId(n.id)}
                  >
                    View
                  </Button>
                  <ActionButton
                    tone="approve"
                    size="sm"
                    aria-label={`Approve ${n.title}`}
                    loading={busy === n.id}
                    onClick={() => void onApprove(n)}
                  >
                    Approve
                  </ActionButton>
                  <ActionButton
                    tone="danger"
                    size="sm"
                    aria-label={`Reject ${n.title}`}
                    onClick={() => setRejecting(n)}
                  >
                    Reject
                  </ActionButton>
                </Flex>
              </Box>
            ))}
          </SimpleGrid>
        ))}
      <ShowMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.more} />
      <NoteDetailDialog
        note={viewing}
        onClose={() => setViewingId(null)}
        actions={
          viewing && (
            <>
              <ActionButton
                tone="approve"
                loading={busy === viewing.id}
                onClick={() => void onApprove(viewing)}
              >
                Approve
              </ActionButton>
              <ActionButton tone="danger" onClick={() => setRejecting(viewing)}>
                Reject
              </ActionButton>
            </>
          )
        }
      />
      <ConfirmDialog
        open={!!rejecting}
        message={ADMIN_TEXTS.deleteNoteConfirm}
        confirmLabel="Reject"
        onConfirm={() => (rejecting ? onReject(rejecting) : Promise.resolve())}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
