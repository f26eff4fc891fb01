import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/errors/app-error';
import { NEEDS_CONNECTION, isOffline } from '../../../shared/utils/connection';
import {
  OFFLINE_FAILURES,
  dropOfflineNote,
  dropOfflineNotes,
  getOfflineNote,
  keepNoteOffline,
  listOfflineNotes,
  type OfflineNote,
} from '../api/offline-store';

export interface OfflineNotes {
  /** The user's offline copies by note id; null while they are being read. */
  notes: ReadonlyMap<string, OfflineNote> | null;
  /** Notes whose copy is being made or freed. */
  busy: ReadonlySet<string>;
  /** Why the last copy could not be made, for the reader. */
  failure: string | null;
  /** Makes the note available offline (or says why not, in `failure`). */
  keep: (noteId: string) => Promise<void>;
  /** Frees the note's copy, if it has one. */
  drop: (noteId: string) => Promise<void>;
  /** Frees the copies of notes that are no longer readable or no longer saved. */
  dropMany: (noteIds: readonly string[]) => Promise<void>;
}

const byId = (list: readonly OfflineNote[]) => new Map(list.map((n) => [n.id, n]));

/** The signed-in user's offline notes (Saved Notes, the note page), and keeping or freeing one. */
export function useOfflineNotes(uid: string): OfflineNotes {
  const [notes, setNotes] = useState<ReadonlyMap<string, OfflineNote> | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setNotes(byId(await listOfflineNotes(uid)));
    } catch (error) {
      console.error('offline notes not read', error);
      setNotes(new Map());
    }
  }, [uid]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const withBusy = useCallback(
    async (noteId: string, work: () => Promise<void>) => {
      setBusy((s) => new Set(s).add(noteId));
      try {
        await work();
      } finally {
        setBusy((s) => {
          const next = new Set(s);
          next.delete(noteId);
          return next;
        });
        await reload();
      }
    },
    [reload],
  );

  const keep = useCallback(
    (noteId: string) =>
      withBusy(noteId, async () => {
        setFailure(null);
        if (isOffline()) {
          setFailure(NEEDS_CONNECTION);
          return;
        }
        try {
          await keepNoteOffline(uid, noteId);
        } catch (error) {
          console.error('note not kept offline', error);
          setFailure(errorMessage(error, { fallback: OFFLINE_FAILURES.failed }));
        }
      }),
    [uid, withBusy],
  );
  const drop = useCallback(
    (noteId: string) =>
      withBusy(noteId, () =>
        dropOfflineNote(uid, noteId).catch((error: unknown) =>
          console.error('offline copy not freed', error),
        ),
      ),
    [uid, withBusy],
  );
  const dropMany = useCallback(
    async (noteIds: readonly string[]) => {
      if (noteIds.length === 0) return;
      await dropOfflineNotes(uid, noteIds).catch((error: unknown) =>
        console.error('offline copies not freed', error),
      );
      await reload();
    },
    [uid, reload],
  );

  return { notes, busy, failure, keep, drop, dropMany };
}

/**
 * The note's offline copy for `uid`: undefined while it is read (or while nobody is signed in
 * yet), null when there is none.
 */
export function useOfflineNote(uid: string | null, noteId: string): OfflineNote | null | undefined {
  const [found, setFound] = useState<{ key: string; note: OfflineNote | null } | null>(null);
  const key = `${uid ?? ''}/${noteId}`;
  useEffect(() => {
    if (!uid) return;
    let stopped = false;
    getOfflineNote(uid, noteId).then(
      (note) => !stopped && setFound({ key: `${uid}/${noteId}`, note }),
      () => !stopped && setFound({ key: `${uid}/${noteId}`, note: null }),
    );
    return () => {
      stopped = true;
    };
  }, [uid, noteId]);
  return found && found.key === key ? found.note : undefined;
}
