/**
 * Follows (issue 32 item 1, docs/data-model.md "Follows"): a student follows a subject, a course
 * or a college by its exact name, as Browse's filters match it. `users/{uid}/follows/{key}` holds
 * one follow (`{ kind, name, createdAt }`), so the Following feed is one query per page (an `or`
 * of `in`s on the notes' subjectName / courseName / collegeName) and the approval fan-out finds
 * followers with one collection-group query per kind and name, with no copy per follower.
 */

export const FOLLOW_KINDS = ['subject', 'course', 'college'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/**
 * A reader follows at most this many things: also Firestore's limit of disjunctions in one
 * query, so the feed stays one query per page.
 */
export const MAX_FOLLOWS = 30;

/** Followers notified per task of the approval fan-out. */
export const FOLLOW_FANOUT_PAGE = 500;

/**
 * The id of a follow: the kind and the name, URL-encoded
 * (no '/'), dots too (never `.` or `..`), as `collegeDocId` does. Exact, as Browse's filters are.
 */
export function followKey(kind: FollowKind, name: string): string {
  return `${kind}_${encodeURIComponent(name).replace(/\./g, '%2E')}`;
}

/** The kind and name a follow key stands for, or null for anything that is not one. */
export function parseFollowKey(key: string): { kind: FollowKind; name: string } | null {
  const at = key.indexOf('_');
  const kind = key.slice(0, at) as FollowKind;
  if (at < 0 || !FOLLOW_KINDS.includes(kind)) return null;
  try {
    const name = decodeURIComponent(key.slice(at + 1));
    return name !== '' && followKey(kind, name) === key ? { kind, name } : null;
  } catch {
    return null;
  }
}
