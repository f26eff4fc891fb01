import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth, type SessionUser } from '../../auth';
import { paths } from '../../../shared/routing/paths';
import { recordDownload } from '../../../shared/data/downloads';
import { fetchLiked, fetchLikedMany, setLiked } from '../../../shared/data/likes';
import type { BrowseNote } from '../api/browse-model';
import { downloadNameFor, saveFile } from '../../../shared/notes/file-download';
import { isAppError } from '../../../shared/errors/app-error';

export type NoteAction = 'like' | 'download';

export interface NoteActions {
  /** Known like state per note id (unknown until the reader presses like: likes are private). */
  liked: Readonly<Record<string, boolean>>;
  busy: Readonly<Record<string, NoteAction | undefined>>;
  /** True while a stored session is being confirmed: actions wait for it. */
  authPending: boolean;
  toggleLike: (note: BrowseNote) => void;
  download: (note: BrowseNote) => void;
  /**
   * Runs `act` with the signed-in user: now, or once a stored session is confirmed; a visitor
   * (or a session that turned out to be gone) is sent to /sign-in instead.
   */
  withUser: (act: (user: SessionUser) => void) => void;
  /** Why the last like was refused, when the user can act on it (a rate limit); else null. */
  notice: string | null;
}

/**
 * Like and Download from a card. Both need a signed-in user; a visitor is sent to /sign-in
 * (spec: "Download when not signed in goes to /sign-in"). `onUpdate` patches the listed note
 * with the new count once the write succeeded. The signed-in reader's likes of the listed notes
 * (`noteIds`) are read once per note, so a heart shows a like made earlier, after a reload too.
 */
export function useNoteActions(
  onUpdate: (id: string, update: (note: BrowseNote) => BrowseNote) => void,
  noteIds: readonly string[] = [],
): NoteActions {
  const { state } = useAuth();
  const navigate = useNavigate();
  const [liked, setLikedState] = useState<Record<string, boolean>>({});
  const likedRef = useRef(liked);
  likedRef.current = liked;
  const [busy, setBusy] = useState<Record<string, NoteAction | undefined>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const busyRef = useRef(busy);
  busyRef.current = busy;

  const authPending = state.status === 'loading' && state.hint !== null;
  const user = state.status === 'signed-in' ? state.user : null;

  // Likes of the listed notes, read once per note and reader (a like pressed meanwhile wins).
  const asked = useRef<{ uid: string | null; ids: Set<string> }>({ uid: null, ids: new Set() });
  const uid = user?.uid ?? null;
  const idsKey = noteIds.join(',');
  useEffect(() => {
    if (!uid) return;
    if (asked.current.uid !== uid) asked.current = { uid, ids: new Set() };
    const ids = idsKey.split(',').filter((id) => id && !asked.current.ids.has(id));
    if (ids.length === 0) return;
    for (const id of ids) asked.current.ids.add(id);
    // Not cancelled when the list grows (Load more): these ids are not asked again.
    fetchLikedMany(ids, uid).then(
      (found) => {
        if (asked.current.uid === uid) setLikedState((known) => ({ ...found, ...known }));
      },
      (error: unknown) => {
        // Spec section 8: like reads are only logged; the like button reads it when pressed.
        console.error('Could not read likes', error);
        for (const id of ids) asked.current.ids.delete(id);
      },
    );
  }, [uid, idsKey]);

  // A click while Auth confirms a stored session is kept (the last one wins) and carried out
  // when Auth answers, instead of being dropped: on a slow phone that takes seconds.
  const deferred = useRef<((user: SessionUser) => void) | null>(null);
  const withUser = useCallback(
    (act: (user: SessionUser) => void) => {
      if (user) act(user);
      else if (authPending) deferred.current = act;
      else void navigate(paths.signIn);
    },
    [user, authPending, navigate],
  );
  useEffect(() => {
    const act = deferred.current;
    if (!act || authPending) return;
    deferred.current = null;
    if (user) act(user);
    else void navigate(paths.signIn);
  }, [user, authPending, navigate]);

  const run = useCallback(async (id: string, action: NoteAction, work: () => Promise<void>) => {
    if (busyRef.current[id]) return;
    busyRef.current = { ...busyRef.current, [id]: action };
    setBusy((b) => ({ ...b, [id]: action }));
    try {
      await work();
    } finally {
      setBusy((b) => ({ ...b, [id]: undefined }));
    }
  }, []);

  const toggleLike = useCallback(
    (note: BrowseNote) =>
      withUser((me) => {
        void run(note.id, 'like', async () => {
          setNotice(null);
          try {
            const wasLiked = likedRef.current[note.id] ?? (await fetchLiked(note.id, me.uid));
            await setLiked(note.id, me.uid, !wasLiked);
            setLikedState((l) => ({ ...l, [note.id]: !wasLiked }));
            onUpdate(note.id, (n) => ({
              ...n,
              likesCount: Math.max(0, n.likesCount + (wasLiked ? -1 : 1)),
            }));
          } catch (error) {
            // Spec: like failures are only logged, but for a rate limit, which the user is told
            // about. Forget the state: it is read again next time.
            console.error('Could not update the like', error);
            if (isAppError(error, 'rate-limited')) setNotice(error.message);
            setLikedState(({ [note.id]: _dropped, ...rest }) => rest);
          }
        });
      }),
    [withUser, run, onUpdate],
  );

  const download = useCallback(
    (note: BrowseNote) =>
      withUser((me) => {
        const url = note.fileUrl;
        if (!url) return;
        void run(note.id, 'download', async () => {
          await Promise.all([
            recordDownload(note.id, me.uid).then(
              (counted) => {
                if (counted)
                  onUpdate(note.id, (n) => ({ ...n, downloadCount: n.downloadCount + 1 }));
              },
              (error: unknown) => console.error('Could not count the download', error),
            ),
            saveFile(url, downloadNameFor(note)),
          ]);
        });
      }),
    [withUser, run, onUpdate],
  );

  return { liked, busy, authPending, toggleLike, download, withUser, notice };
}
