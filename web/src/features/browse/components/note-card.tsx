import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { paths } from '../../../shared/routing/paths';
import { RouterButton } from '../../../shared/ui';
import { orNA, type BrowseNote } from '../api/browse-model';
import { CommentIcon, HeartIcon } from './icons';

export interface NoteCardProps {
  note: BrowseNote;
  /** undefined: not known (likes are private and read only when the like button is pressed). */
  liked: boolean | undefined;
  busy: 'like' | 'download' | undefined;
  actionsDisabled: boolean;
  onLike: (note: BrowseNote) => void;
  onComments: (note: BrowseNote) => void;
  onDownload: (note: BrowseNote) => void;
}

/**
 * Memoized: Browse re-renders for reasons that leave the cards as they are (filter options,
 * suggestions, the list of seen titles), and each card is a dozen Chakra components whose styles
 * are recomputed on every render; measured, those re-renders were most of /browse's blocking time
 * on a throttled phone (Lighthouse, `npm run bench`).
 */
export const NoteCard = memo(function NoteCard({
  note,
  liked,
  busy,
  actionsDisabled,
  onLike,
  onComments,
  onDownload,
}: NoteCardProps) {
  const fields: ReadonlyArray<readonly [string, string | number | null]> = [
    ['Subject', note.subjectName],
    ['Course', note.courseName],
    ['College', note.collegeName],
    ['Semester', note.semester],
  ];
  const titleId = `note-${note.id}-title`;
  const likes = `${note.likesCount} ${note.likesCount === 1 ? 'like' : 'likes'}`;
  const comments = `${note.commentsCount} ${note.commentsCount === 1 ? 'comment' : 'comments'}`;
  return (
    <Box
      as="article"
      aria-labelledby={titleId}
      data-note-id={note.id}
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="xl"
      p="5"
      shadow="sm"
      display="flex"
      flexDirection="column"
      gap="3"
    >
      <Heading id={titleId} as="h2" size="md" lineClamp="2">
        {note.title}
      </Heading>
      <Text color="fg.muted" lineClamp="2" minH="3em" data-field="description">
        {note.description}
      </Text>
      <Stack as="dl" gap="1" fontSize="sm">
        {fields.map(([label, value]) => (
          <Box key={label} display="flex" gap="1" data-field={label}>
            <Text as="dt" fontWeight="semibold">
              {label}:
            </Text>
            <Text as="dd" lineClamp="1">
              {orNA(value)}
            </Text>
          </Box>
        ))}
      </Stack>
      <HStack mt="auto" pt="2" gap="2" flexWrap="wrap">
        <Button
          size="sm"
          variant="ghost"
          colorPalette="red"
          // The visible count comes first, so the name contains the visible text (WCAG 2.5.3).
          aria-label={`${likes}, ${liked ? 'unlike' : 'like'}`}
          aria-pressed={liked}
          loading={busy === 'like'}
          disabled={actionsDisabled}
          onClick={() => onLike(note)}
          data-action="like"
        >
          <HeartIcon filled={liked === true} />
          <span data-count="likes">{note.likesCount}</span>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          colorPalette="teal"
          aria-label={`${comments}, show comments`}
          onClick={() => onComments(note)}
          data-action="comments"
        >
          <CommentIcon />
          <span data-count="comments">{note.commentsCount}</span>
        </Button>
        <Box flex="1" />
        <Button
          size="sm"
          colorPalette="teal"
          loading={busy === 'download'}
          disabled={actionsDisabled || note.fileUrl === null}
          onClick={() => onDownload(note)}
        >
          Download
        </Button>
        <RouterButton to={paths.note(note.id)} size="sm" variant="outline" colorPalette="teal">
          Detail
        </RouterButton>
      </HStack>
    </Box>
  );
});
