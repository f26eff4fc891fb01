import { Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { COMMENT_LIMITS } from '@notenest/shared';
import { isValidCommentText } from '../api/browse-api';
import {
  commentAuthorLabel,
  formatCommentTime,
  orNA,
  type BrowseComment,
  type BrowseNote,
} from '../api/browse-model';
import { useNoteComments } from '../hooks/use-note-comments';
import type { NoteActions } from '../hooks/use-note-actions';
import { FieldLabel, TextArea } from '../../../shared/ui/form-controls';
import { formatCount } from '../../../shared/utils/numbers';

export const COMMENT_PLACEHOLDER = 'Share your thoughts on these notes...';
export const NO_COMMENTS_TEXT = 'No comments yet. Be the first to comment!';

export interface NoteCommentsViewProps {
  note: BrowseNote;
  onBack: () => void;
  /** The re-read note after a comment (it replaces the open note and its card). */
  onNote: (note: BrowseNote) => void;
  requireUser: NoteActions['requireUser'];
}

/** The spec's inline detail view opened by a card's comment button. */
export function NoteCommentsView({ note, onBack, onNote, requireUser }: NoteCommentsViewProps) {
  const { status, comments, submitting, error, submit } = useNoteComments(note.id, onNote);
  const [text, setText] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!requireUser() || !isValidCommentText(text)) return;
    if (await submit(text)) setText('');
  };

  // A trigger keeps commentsCount exact; the list shows at most COMMENTS_SHOWN of them.
  const count =
    status === 'success' ? Math.max(comments.length, note.commentsCount) : note.commentsCount;
  const details: ReadonlyArray<readonly [string, string | number | null]> = [
    ['Subject', note.subjectName],
    ['Course', note.courseName],
    ['College', note.collegeName],
    ['Semester', note.semester],
    ['Likes', note.likesCount],
    ['Downloads', note.downloadCount],
  ];

  return (
    <Stack gap="6" data-testid="note-comments-view" data-note-id={note.id}>
      <Box>
        <Button variant="outline" colorPalette="teal" size="sm" onClick={onBack}>
          ← Back to Notes
        </Button>
      </Box>
      <Box
        bg="white"
        borderWidth="1px"
        borderColor="gray.200"
        rounded="xl"
        p={{ base: '5', md: '8' }}
      >
        <Heading ref={headingRef} tabIndex={-1} as="h2" size="2xl" mb="3" outline="none">
          {note.title}
        </Heading>
        {note.description && (
          <Text color="fg.muted" mb="4" whiteSpace="pre-line">
            {note.description}
          </Text>
        )}
        <Box
          as="dl"
          display="grid"
          gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }}
          gap="2"
          fontSize="sm"
        >
          {details.map(([label, value]) => (
            <Box key={label} display="flex" gap="1" data-field={label}>
              <Text as="dt" fontWeight="semibold">
                {label}:
              </Text>
              <Text as="dd">{orNA(value)}</Text>
            </Box>
          ))}
        </Box>
      </Box>

      <Box
        as="form"
        onSubmit={(e) => void onSubmit(e)}
        bg="white"
        borderWidth="1px"
        borderColor="gray.200"
        rounded="xl"
        p={{ base: '5', md: '8' }}
      >
        <FieldLabel htmlFor="browse-comment-text" fontSize="lg" mb="3">
          Add a Comment
        </FieldLabel>
        <TextArea
          id="browse-comment-text"
          placeholder={COMMENT_PLACEHOLDER}
          value={text}
          maxLength={COMMENT_LIMITS.text.max}
          onChange={(e) => setText(e.target.value)}
          disabled={submitting}
        />
        <Button
          type="submit"
          colorPalette="teal"
          mt="3"
          loading={submitting}
          disabled={!isValidCommentText(text)}
        >
          Submit Comment
        </Button>
        {error && (
          <Text role="alert" color="red.700" mt="3">
            {error}
          </Text>
        )}
      </Box>

      <Box as="section" aria-labelledby="browse-comments-heading">
        <Heading id="browse-comments-heading" as="h3" size="lg" mb="4">
          Comments ({formatCount(count)})
        </Heading>
        {status === 'loading' && <Text color="fg.muted">Loading comments...</Text>}
        {status === 'error' && <Text color="fg.muted">Comments could not be loaded.</Text>}
        {status === 'success' && comments.length === 0 && (
          <Text color="fg.muted">{NO_COMMENTS_TEXT}</Text>
        )}
        {status === 'success' && comments.length > 0 && (
          <Stack as="ul" gap="3" listStyleType="none" data-testid="comments-list">
            {comments.map((c) => (
              <CommentItem key={c.id} comment={c} />
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

function CommentItem({ comment }: { comment: BrowseComment }) {
  const when = formatCommentTime(comment.commentedAt);
  return (
    <Box
      as="li"
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      data-comment-id={comment.id}
    >
      <HStack justify="space-between" align="baseline" gap="3" mb="1" flexWrap="wrap">
        <Text fontWeight="semibold" fontSize="sm">
          {commentAuthorLabel(comment.id)}
        </Text>
        {comment.commentedAt && (
          <chakra.time dateTime={comment.commentedAt.toISOString()} fontSize="xs" color="fg.muted">
            {when}
          </chakra.time>
        )}
      </HStack>
      <Text whiteSpace="pre-line">{comment.text}</Text>
    </Box>
  );
}
