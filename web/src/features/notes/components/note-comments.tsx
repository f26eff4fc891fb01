import { Box, Button, chakra, Circle, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { COMMENT_LIMITS } from '@notenest/shared';
import { FieldLabel, TextArea } from '../../../shared/ui/form-controls';
import { formatDateTime } from '../../../shared/utils/dates';
import { COMMENTS_SHOWN, isValidCommentText } from '../api/note-detail-api';
import {
  canDeleteComment,
  canEditComment,
  commentAuthor,
  commentInitial,
  DELETE_COMMENT_CONFIRMATION,
  type NoteComment,
  type NoteDetail,
  type Viewer,
} from '../api/note-detail-model';
import { useLiveComments, type LiveComments } from '../hooks/use-live-comments';
import { formatCount } from '../../../shared/utils/numbers';

export const COMMENT_PLACEHOLDER = 'Share your thoughts on these notes...';
export const NO_COMMENTS_TEXT = 'No comments yet. Be the first to comment!';

/** The note page's comments: the live list with its count, adding, editing and deleting. */
export function NoteComments({ note, viewer }: { note: NoteDetail; viewer: Viewer }) {
  const live = useLiveComments(note.id);
  const [text, setText] = useState('');
  const { status, comments } = live;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (await live.add(text)) setText('');
  };

  // The list is exact up to COMMENTS_SHOWN; past that the note's commentsCount (kept by a trigger) is.
  const count =
    status === 'loaded' && comments.length < COMMENTS_SHOWN
      ? comments.length
      : Math.max(comments.length, note.commentsCount);

  return (
    <Box
      as="section"
      aria-labelledby="note-comments-heading"
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="xl"
      p={{ base: '5', md: '6' }}
    >
      <Heading id="note-comments-heading" as="h2" size="lg" mb="4">
        Comments ({formatCount(count)})
      </Heading>

      <Box as="form" onSubmit={(e) => void onSubmit(e)} mb="6">
        <FieldLabel htmlFor="note-comment-text">Add a Comment</FieldLabel>
        <TextArea
          id="note-comment-text"
          placeholder={COMMENT_PLACEHOLDER}
          value={text}
          maxLength={COMMENT_LIMITS.text.max}
          onChange={(e) => setText(e.target.value)}
          disabled={live.adding}
        />
        <Button
          type="submit"
          colorPalette="teal"
          mt="3"
          loading={live.adding}
          disabled={!isValidCommentText(text)}
        >
          Submit Comment
        </Button>
      </Box>

      <Text role="alert" color="red.700" mb={live.error ? '4' : '0'}>
        {live.error}
      </Text>

      {status === 'loading' && <Text color="fg.muted">Loading comments...</Text>}
      {status === 'failed' && (
        <Text role="alert" color="red.700">
          The comments could not be loaded. Please try again later.
        </Text>
      )}
      {status === 'loaded' && comments.length === 0 && (
        <Text color="fg.muted">{NO_COMMENTS_TEXT}</Text>
      )}
      {comments.length > 0 && (
        <Stack as="ul" gap="3" listStyleType="none" data-testid="comments-list">
          {comments.map((c) => (
            <CommentItem key={c.id} comment={c} viewer={viewer} live={live} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

interface CommentItemProps {
  comment: NoteComment;
  viewer: Viewer;
  live: Pick<LiveComments, 'update' | 'remove'>;
}

/** One comment: view mode, or edit mode (Save returns to view, Cancel discards). */
function CommentItem({ comment, viewer, live }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.text);
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const editId = useId();
  const author = commentAuthor(comment);

  const startEdit = () => {
    setDraft(comment.text);
    setEditing(true);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    // Spec section 5: empty or whitespace-only text is not sent.
    if (!isValidCommentText(draft)) return;
    setBusy('save');
    const saved = await live.update(comment.id, draft);
    setBusy(null);
    if (saved) setEditing(false);
  };

  const remove = async () => {
    if (!window.confirm(DELETE_COMMENT_CONFIRMATION)) return;
    setBusy('delete');
    await live.remove(comment.id);
    setBusy(null);
  };

  return (
    <Box
      as="li"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      data-comment-id={comment.id}
    >
      <Flex gap="3" align="start">
        <Circle size="9" bg="teal.700" color="white" fontWeight="bold" aria-hidden="true">
          {commentInitial(comment)}
        </Circle>
        <Box flex="1" minW="0">
          <HStack justify="space-between" align="baseline" gap="3" flexWrap="wrap">
            <Text fontWeight="semibold" fontSize="sm" data-field="author">
              {author}
            </Text>
            {comment.commentedAt && (
              <chakra.time
                dateTime={comment.commentedAt.toISOString()}
                fontSize="xs"
                color="fg.muted"
              >
                {formatDateTime(comment.commentedAt)}
                {comment.editedAt && ' (edited)'}
              </chakra.time>
            )}
          </HStack>
          {editing ? (
            <Box as="form" onSubmit={(e) => void save(e)} mt="2">
              <FieldLabel htmlFor={editId}>Edit your comment</FieldLabel>
              <TextArea
                id={editId}
                value={draft}
                maxLength={COMMENT_LIMITS.text.max}
                onChange={(e) => setDraft(e.target.value)}
                disabled={busy === 'save'}
                autoFocus
              />
              <HStack mt="2" gap="2">
                <Button
                  type="submit"
                  size="sm"
                  colorPalette="teal"
                  loading={busy === 'save'}
                  disabled={!isValidCommentText(draft)}
                >
                  Save
                </Button>
                <Button size="sm" variant="outline" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              </HStack>
            </Box>
          ) : (
            <Text mt="1" whiteSpace="pre-line" wordBreak="break-word" data-field="text">
              {comment.text}
            </Text>
          )}
          {!editing && (canEditComment(comment, viewer) || canDeleteComment(comment, viewer)) && (
            <HStack mt="2" gap="2">
              {canEditComment(comment, viewer) && (
                <Button size="xs" variant="outline" onClick={startEdit} aria-label="Edit comment">
                  Edit
                </Button>
              )}
              {canDeleteComment(comment, viewer) && (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => void remove()}
                  loading={busy === 'delete'}
                  aria-label="Delete comment"
                >
                  Delete
                </Button>
              )}
            </HStack>
          )}
        </Box>
      </Flex>
    </Box>
  );
}
