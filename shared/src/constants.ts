/**
 * Business constants of NoteNest (product spec section 9, docs/data-model.md).
 *
 * firestore.rules and storage.rules repeat these numbers (rules cannot import code);
 * `rules-drift.test.ts` fails when the two disagree.
 */

/** The four batches the upload form offers (spec section 5). */
export const BATCHES = ['2020-2024', '2021-2025', '2022-2026', '2023-2027'] as const;
export type Batch = (typeof BATCHES)[number];

/** Semesters 1 to 8. */
export const SEMESTERS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type Semester = (typeof SEMESTERS)[number];

/** Roles; admin is the custom claim `role == 'admin'`, mirrored in `users/{uid}.role`. */
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface LengthLimit {
  readonly min: number;
  readonly max: number;
}

/**
 * Length limits of the note's string fields, in characters (Unicode code points, as the rules'
 * `size()` counts them), plus the semester range.
 */
export const NOTE_LIMITS = {
  title: { min: 3, max: 120 },
  description: { min: 0, max: 2000 },
  collegeName: { min: 2, max: 120 },
  courseName: { min: 2, max: 120 },
  subjectName: { min: 2, max: 120 },
  fileUrl: { min: 8, max: 2048 },
  fileName: { min: 1, max: 255 },
  semester: { min: 1, max: 8 },
} as const satisfies Record<string, LengthLimit>;

/** Limits of `users/{uid}` fields. */
export const USER_LIMITS = {
  username: { min: 2, max: 40 },
  email: { min: 0, max: 254 },
  avatar: { min: 8, max: 2048 },
} as const satisfies Record<string, LengthLimit>;

/** Limits of `notes/{id}/comments/{id}` fields. */
export const COMMENT_LIMITS = {
  text: { min: 1, max: 1000 },
} as const satisfies Record<string, LengthLimit>;

/** Accepted note files: extension (lower case, no dot) -> the MIME type stored and checked. */
export const NOTE_FILE_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
} as const;
export type NoteFileExtension = keyof typeof NOTE_FILE_TYPES;
export type NoteFileType = (typeof NOTE_FILE_TYPES)[NoteFileExtension];

/** The `accept` attribute of the file input: ".pdf,.doc,.docx,.txt". */
export const NOTE_FILE_ACCEPT = Object.keys(NOTE_FILE_TYPES)
  .map((e) => `.${e}`)
  .join(',');

/** 10 MiB: the largest note file (spec: "up to 10MB"). */
export const MAX_NOTE_FILE_BYTES = 10 * 1024 * 1024;

/** 2 MiB: the largest avatar image. */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

/** Avatar types: raster images only (an SVG can carry script; avatars are public). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** `users.searchTerms` caps (see search.ts): terms per profile and characters per term. */
export const MAX_USER_SEARCH_TERMS = 200;
export const MAX_SEARCH_TERM_LENGTH = 40;

/** Longest search text a notes search takes (GET /api/notes?search=, Browse's search box). */
export const SEARCH_MAX_LENGTH = 200;

/** Browse suggestions: at least 2 characters typed, at most 5 shown (spec section 9). */
export const SUGGESTION_MIN_CHARS = 2;
export const SUGGESTION_MAX = 5;

/**
 * Rate limits: units per user per one-minute window (a fixed window starting at the first unit).
 * firestore.rules enforce `like`, `upload` and `report` for direct writes
 * (users/{uid}/limits/{action}); the facade spends from the same documents for its comments,
 * likes and uploads. A report is limited like a comment (10 a minute).
 */
export const RATE_LIMITS = { comment: 10, like: 30, upload: 5, report: 10 } as const;
export type RateAction = keyof typeof RATE_LIMITS;
export const RATE_WINDOW_MS = 60_000;

/** What a user is told when a limit is reached. */
export const RATE_LIMIT_MESSAGES: Record<RateAction, string> = {
  comment: "You're commenting too fast. Please wait a minute and try again.",
  like: "You're liking too fast. Please wait a minute and try again.",
  upload: "You're uploading too fast. Please wait a minute and try again.",
  report: "You're reporting too fast. Please wait a minute and try again.",
};

/**
 * Notes kept "Available offline" (issue 32): their files in the browser's Cache Storage, at most
 * this many bytes together, so the app never fills a phone's storage; a file that would not fit
 * is refused with offlineTooBigMessage.
 */
export const OFFLINE_CACHE_MAX_BYTES = 100 * 1024 * 1024;

/** Every screen, while the browser is offline (a separate string each: the shell loads one alone). */
export const OFFLINE_BANNER = "You're offline. Saved notes marked available offline still open.";
/** What an action that needs the network says when tried offline. */
export const OFFLINE_NEEDS_CONNECTION = "You're offline: this needs a connection.";
/** A file that would take the offline notes past OFFLINE_CACHE_MAX_BYTES. */
export const offlineTooBigMessage = (maxMb: number) =>
  `This file does not fit in the ${maxMb} MB kept for offline notes. Remove another note's offline copy first.`;
