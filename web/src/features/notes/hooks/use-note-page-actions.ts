import { failureMessage } from '../../../shared/errors/app-error';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { downloadNameFor, saveBlob, saveFile } from '../../../shared/notes/file-download';
import { isAppError } from '../../../shared/errors/app-error';
import { NEEDS_CONNECTION, isOffline } from '../../../shared/utils/connection';
import { recordDownload } from '../../../shared/data/downloads';
import { setLiked, watchLiked } from '../../../shared/data/likes';
import { deleteNote as deleteNoteApi } from '../../../shared/data/notes';
import { saveNote as archiveNote } from '../../../shared/data/saved';
import { readOfflineFile } from '../../offline';
import {
  ACTION_MESSAGES,
  DELETE_NOTE_CONFIRMATION,
  type NoteDetail,
} from '../api/note-detail-model';

/** Spec section 9: the Copied! label resets after 2000 ms. */
export const COPIED_RESET_MS = 2000;

export interface ActionMessage {
  kind: 'success' | 'error';
  text: string;
}

export interface NotePageActions {
  /** null until the reader's like document has been read. */
  liked: boolean | null;
  liking: boolean;
  toggleLike: () => void;
  /** Why the last like was refused, when the user can do something about it (a rate limit). */
  likeMessage: string | null;
  downloading: boolean;
  download: () => void;
  /** Why the last Download saved nothing (offline, with no copy kept on this device). */
  downloadMessage: string | null;
  copied: boolean;
  share: () => void;
  archiving: boolean;
  archive: () => void;
  archiveMessage: ActionMessage | null;
  deleting: boolean;
  /** Asks, then deletes through the facade and leaves for Browse; a refusal is said here. */
  deleteNote: () => void;
  deleteMessage: string | null;
}

/** Copies text; falls back to a hidden textarea where the Clipboard API is refused. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch (error) {
    console.warn('Clipboard API refused, copying with execCommand', error);
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('Copying is not available in this browser');
}

/**
 * The note page's buttons for a signed-in reader (the route is guarded): like/unlike, Download
 * (counted once per reader per day, saved under the file's name), Share (copies the page address) and
 * Archive (Saved Notes). Counts are not patched here: the live note shows them.
 */
export function useNotePageActions(note: NoteDetail, uid: string): NotePageActions {
  const noteId = note.id;
  const [liked, setLikedState] = useState<boolean | null>(null);
  const [liking, setLiking] = useState(false);
  const [likeMessage, setLikeMessage] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [downloadMessage, setDownloadMessage] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [archiveMessage, setArchiveMessage] = useState<ActionMessage | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteMessage, setDeleteMessage] = useState<string | null>(null);
  const navigate = useNavigate();
  // Refs, so a second click before React re-renders cannot start a second write.
  const busy = useRef({ like: false, download: false, archive: false, delete: false });

  useEffect(() => {
    setLikedState(null);
    return watchLiked(noteId, uid, setLikedState, (error) => {
      console.error('Could not read the like', error);
    });
  }, [noteId, uid]);

  const toggleLike = useCallback(() => {
    // Offline a like would only wait (issue 32): said at once, whatever the like's state.
    if (isOffline()) {
      setLikeMessage(NEEDS_CONNECTION);
      return;
    }
    if (busy.current.like || liked === null) return;
    busy.current.like = true;
    setLiking(true);
    setLikeMessage(null);
    setLiked(noteId, uid, !liked)
      // Spec section 8: like failures are only logged; the live like document stays the truth.
      // A rate limit is the exception: the user is told to wait.
      .catch((error: unknown) => {
        console.error('Could not update the like', error);
        if (isAppError(error, 'rate-limited')) setLikeMessage(error.message);
      })
      .finally(() => {
        busy.current.like = false;
        setLiking(false);
      });
  }, [noteId, uid, liked]);

  const { fileUrl } = note;
  const fileName = downloadNameFor(note);
  const downloadOnline = useCallback(
    (url: string) =>
      Promise.all([
        recordDownload(noteId, uid).catch((error: unknown) =>
          console.error('Could not count the download', error),
        ),
        saveFile(url, fileName),
      ]),
    [noteId, uid, fileName],
  );
  // Offline (issue 32), a note kept "Available offline" is saved from its kept file: the reader
  // kept it to have the file with no network, and it is the very file Download would fetch (the
  // copy is stored under the file's URL, so a replaced file never matches). It is not counted:
  // the count is a transaction (once per reader per day), which needs the server. Without a kept
  // copy, Download says it needs a connection rather than waiting on a fetch that cannot answer
  // (and then opening the browser's error page).
  const downloadKept = useCallback(
    async (url: string) => {
      const kept = await readOfflineFile(url);
      if (!kept) return setDownloadMessage(NEEDS_CONNECTION);
      try {
        saveBlob(await kept.blob(), fileName);
      } catch (error) {
        console.error('Could not save the kept file', error);
        setDownloadMessage(NEEDS_CONNECTION);
      }
    },
    [fileName],
  );
  const download = useCallback(() => {
    if (busy.current.download || !fileUrl) return;
    busy.current.download = true;
    setDownloading(true);
    setDownloadMessage(null);
    void (isOffline() ? downloadKept(fileUrl) : downloadOnline(fileUrl)).finally(() => {
      busy.current.download = false;
      setDownloading(false);
    });
  }, [fileUrl, downloadKept, downloadOnline]);

  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);
  const share = useCallback(() => {
    copyText(window.location.href).then(
      () => {
        setCopied(true);
        clearTimeout(copiedTimer.current);
        copiedTimer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
      },
      (error: unknown) => console.error('Could not copy the address', error),
    );
  }, []);

  const archive = useCallback(() => {
    if (busy.current.archive) return;
    busy.current.archive = true;
    setArchiving(true);
    setArchiveMessage(null);
    archiveNote(noteId)
      .then(
        () => setArchiveMessage({ kind: 'success', text: ACTION_MESSAGES.archive.success }),
        (error: unknown) => {
          console.error('Could not archive the note', error);
          setArchiveMessage({
            kind: 'error',
            text: failureMessage(error, ACTION_MESSAGES.archive),
          });
        },
      )
      .finally(() => {
        busy.current.archive = false;
        setArchiving(false);
      });
  }, [noteId]);

  const deleteNote = useCallback(() => {
    if (busy.current.delete || !window.confirm(DELETE_NOTE_CONFIRMATION)) return;
    busy.current.delete = true;
    setDeleting(true);
    setDeleteMessage(null);
    deleteNoteApi(noteId)
      .then(
        () => navigate(paths.browse, { replace: true }),
        (error: unknown) => {
          console.error('Could not delete the note', error);
          setDeleteMessage(failureMessage(error, ACTION_MESSAGES.deleteNote));
        },
      )
      .finally(() => {
        busy.current.delete = false;
        setDeleting(false);
      });
  }, [noteId, navigate]);

  return {
    deleting,
    deleteNote,
    deleteMessage,
    liked,
    liking,
    toggleLike,
    likeMessage,
    downloading,
    download,
    downloadMessage,
    copied,
    share,
    archiving,
    archive,
    archiveMessage,
  };
}
