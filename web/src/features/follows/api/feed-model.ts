/**
 * The Following feed's pure parts (unit-tested without an SDK): which names each filter of the
 * feed's query holds, a note as a feed item, and the "New" mark's last visit, kept per reader.
 */
import { FOLLOW_KINDS, type FollowKind } from '@notenest/shared';
import { readNoteBasics, type NoteData } from '../../../shared/notes/note-fields';
import { toDate } from '../../../shared/utils/dates';

/** The note field Browse's filter of each kind matches (the follow's name is that exact value). */
export const FOLLOW_FIELDS = {
  subject: 'subjectName',
  course: 'courseName',
  college: 'collegeName',
} as const satisfies Record<FollowKind, string>;

/** Notes per page of the feed. */
export const FEED_PAGE = 12;

/**
 * What the feed orders by, newest first (then the document id): the approval, not the upload.
 * firestore.indexes.json holds `approved, <FOLLOW_FIELDS field>, approvedAt desc` for it.
 */
export const FEED_ORDER = 'approvedAt';

export interface FeedItem {
  id: string;
  title: string;
  subjectName: string | null;
  courseName: string | null;
  collegeName: string | null;
  /**
   * When an admin (last) approved it: the feed's order, its New mark and the date it shows. A
   * note uploaded last week and approved today is today's news to its followers.
   */
  approvedAt: Date | null;
}

/**
 * One `in` filter per kind the reader follows something of (a kind with nothing followed adds
 * no filter: Firestore refuses an empty `in`), in FOLLOW_KINDS order, names sorted, so equal
 * follows give an equal query (and an equal cache key).
 */
export function feedFilters(
  follows: ReadonlyArray<{ kind: FollowKind; name: string }>,
): Array<{ field: (typeof FOLLOW_FIELDS)[FollowKind]; names: string[] }> {
  return FOLLOW_KINDS.map((kind) => ({
    field: FOLLOW_FIELDS[kind],
    names: [...new Set(follows.filter((f) => f.kind === kind).map((f) => f.name))].sort(),
  })).filter((f) => f.names.length > 0);
}

export function toFeedItem(id: string, data: NoteData): FeedItem {
  const { title, subjectName, courseName, collegeName } = readNoteBasics(data);
  return { id, title, subjectName, courseName, collegeName, approvedAt: toDate(data.approvedAt) };
}

/**
 * A page's cursor: the last note's `approvedAt` (seconds and nanoseconds: a server timestamp is
 * finer than a Date) and its id, the query's two orders. A string, as the shared list hook keeps.
 */
export function encodeCursor(seconds: number, nanoseconds: number, id: string): string {
  return JSON.stringify([seconds, nanoseconds, id]);
}

export function decodeCursor(
  cursor: string,
): { seconds: number; nanoseconds: number; id: string } | null {
  try {
    const v: unknown = JSON.parse(cursor);
    if (!Array.isArray(v) || v.length !== 3) return null;
    const [seconds, nanoseconds, id] = v as unknown[];
    return typeof seconds === 'number' && typeof nanoseconds === 'number' && typeof id === 'string'
      ? { seconds, nanoseconds, id }
      : null;
  } catch {
    return null;
  }
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export const LAST_VISIT_PREFIX = 'notenest.feedVisit.';

/** When `uid` was last shown the feed, or null (never, or storage unavailable). */
export function readLastVisit(storage: StorageLike | null, uid: string): Date | null {
  try {
    const raw = storage?.getItem(LAST_VISIT_PREFIX + uid);
    const ms = raw ? Number(raw) : NaN;
    return Number.isFinite(ms) ? new Date(ms) : null;
  } catch {
    return null;
  }
}

export function writeLastVisit(storage: StorageLike | null, uid: string, at: Date): void {
  try {
    storage?.setItem(LAST_VISIT_PREFIX + uid, String(at.getTime()));
  } catch {
    // Private modes may refuse storage: the marks then cover everything, which is harmless.
  }
}

/**
 * "New": approved after the reader's last visit of the feed (everything on a first visit), so a
 * note uploaded before the last visit but approved since is new too.
 */
export function isNew(item: FeedItem, lastVisit: Date | null): boolean {
  if (!lastVisit) return true;
  return item.approvedAt !== null && item.approvedAt.getTime() > lastVisit.getTime();
}

/** Where a note belongs, as a feed item shows it: "Subject · Course · College". */
export function feedPlace(item: FeedItem): string {
  return [item.subjectName, item.courseName, item.collegeName].map((v) => v ?? 'N/A').join(' · ');
}
