import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, type SetURLSearchParams } from 'react-router-dom';
import { fetchNote } from '../api/browse-api';
import type { BrowseNote } from '../api/browse-model';
import type { BrowseList } from './use-browse-notes';

/** The address parameter of the open comment view: the note's id. */
const COMMENTS_PARAM = 'comments';

function withoutParam(params: URLSearchParams, name: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(name);
  return next;
}

export interface CommentsView {
  /** The note whose comment view is open, or null (the list shows). */
  openNote: BrowseNote | null;
  openComments: (note: BrowseNote) => void;
  closeComments: () => void;
  /** A note re-read after a comment: it replaces the open note and its card (keeping its match). */
  onNoteRefreshed: (note: BrowseNote) => void;
}

/**
 * Browse's inline comment view, opened by a card's comment button. It replaces the list; the list
 * (and its scroll position) is kept. It is in the address (?comments={noteId}): a history entry
 * of its own, so Back closes it, and a reload or a shared link opens it again.
 */
export function useCommentsView(
  params: URLSearchParams,
  setParams: SetURLSearchParams,
  list: Pick<BrowseList, 'notes' | 'status' | 'updateNote'>,
): CommentsView {
  const openId = params.get(COMMENTS_PARAM);
  const [shownNote, setShownNote] = useState<BrowseNote | null>(null);
  const openNote =
    openId === null
      ? null
      : shownNote?.id === openId
        ? shownNote
        : (list.notes.find((n) => n.id === openId) ?? null);
  // Opened by a link or a reload, before (or without) the note being listed: read it.
  useEffect(() => {
    if (openId === null || openNote !== null || list.status === 'loading') return;
    let current = true;
    fetchNote(openId).then(
      (note) => {
        if (!current) return;
        if (note) setShownNote(note);
        else setParams((p) => withoutParam(p, COMMENTS_PARAM), { replace: true });
      },
      (error: unknown) => console.error('Could not load the note', error),
    );
    return () => {
      current = false;
    };
  }, [openId, openNote, list.status, setParams]);
  const scrollY = useRef(0);
  const openedHere = useRef(false);
  const openComments = useCallback(
    (note: BrowseNote) => {
      scrollY.current = window.scrollY;
      openedHere.current = true;
      setShownNote(note);
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.set(COMMENTS_PARAM, note.id);
        return next;
      });
      window.scrollTo(0, 0);
    },
    [setParams],
  );
  const navigate = useNavigate();
  const closeComments = () => {
    // Back to the list's own entry when the view was opened here; else (a link) replace it.
    if (openedHere.current) {
      openedHere.current = false;
      void navigate(-1);
    } else setParams((p) => withoutParam(p, COMMENTS_PARAM), { replace: true });
  };
  useEffect(() => {
    if (openId === null && scrollY.current > 0) window.scrollTo(0, scrollY.current);
  }, [openId]);
  const { updateNote } = list;
  const onNoteRefreshed = useCallback(
    (note: BrowseNote) => {
      setShownNote(note);
      // The re-read note has no search match: the card keeps the snippet it was listed with.
      updateNote(note.id, (listed) => ({ ...note, match: listed.match }));
    },
    [updateNote],
  );

  return { openNote, openComments, closeComments, onNoteRefreshed };
}
