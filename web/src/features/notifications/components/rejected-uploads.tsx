import { Badge, Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useServerValue } from '../../../shared/server-state';
import { ErrorBanner } from '../../../shared/ui';
import { formatDate } from '../../../shared/utils/dates';
import { listRejectedUploads } from '../api/notifications-api';

export const REJECTED_ERROR = 'There was an error loading your rejected notes.';

/**
 * My Uploads' rejected notes: a rejection deletes the note (spec), so what the uploader sees is
 * the record functions kept (`users/{uid}/rejections`): its title, the admin's reason and when.
 * Nothing shows while loading or when there are none: My Uploads is about the notes there are.
 */
export default function RejectedUploads({ uid }: { uid: string }) {
  const state = useServerValue(['profile', 'rejections', uid], () => listRejectedUploads(uid));
  if (state.status === 'error') return <ErrorBanner>{REJECTED_ERROR}</ErrorBanner>;
  if (state.status !== 'success' || state.data.length === 0) return null;
  return (
    <Stack as="section" gap="4" aria-labelledby="rejected-heading">
      <Heading as="h3" size="md" id="rejected-heading">
        Rejected
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5" data-testid="rejected-grid">
        {state.data.map((r) => (
          <Box
            key={r.noteId}
            as="article"
            data-rejected-id={r.noteId}
            bg="bg.panel"
            borderWidth="1px"
            borderColor="border"
            rounded="xl"
            p="5"
          >
            <Stack gap="2">
              <Heading as="h4" size="sm" lineClamp="2">
                {r.title}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                <Badge colorPalette="red" variant="subtle" size="sm" me="2">
                  Rejected
                </Badge>
                {formatDate(r.rejectedAt)}
              </Text>
              <Text fontSize="sm">{r.reason ? `Reason: ${r.reason}` : 'No reason was given.'}</Text>
            </Stack>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
