/**
 * One schema per API payload of the facade (spec section 7): path ids, query strings and bodies.
 * The facade validates every request with these (`validate()` in functions/src/http), and the web
 * app checks the same fields with them before it sends; the messages are the spec's texts, shown
 * to users as they are.
 */
import * as z from 'zod/mini';
import { COMMENT_LIMITS, ROLES, SEARCH_MAX_LENGTH, USER_LIMITS } from '../constants.js';
import { EMAIL, charLength, isDocId } from '../text.js';
import { USERNAME_MESSAGES, normalizeUsername, usernameProblem } from '../usernames.js';
import { httpUrl, queryBoolean, queryInt, queryText } from './fields.js';

/** Route parameters that are document ids, e.g. `idParams('noteId', 'commentId')`. */
export function idParams<const K extends string>(...keys: K[]) {
  return z.object(
    Object.fromEntries(
      keys.map((k) => [k, z.custom<string>(isDocId, `${k} is not a valid id`)]),
    ) as Record<K, z.ZodMiniCustom<string, string>>,
  );
}

/**
 * A username as typed, normalized (NFKC, trimmed: `normalizeUsername`) so that a compatibility
 * form of a name is that name, and then one the rules accept (no invisible characters).
 */
export const usernameInput = z.pipe(
  z.string({ error: USERNAME_MESSAGES.required }),
  z.transform((raw: string, ctx) => {
    const name = normalizeUsername(raw);
    const problem = usernameProblem(name);
    if (problem === null) return name;
    ctx.issues.push({ code: 'custom', message: problem, input: raw });
    return z.NEVER;
  }),
);

/** An email as accounts store it: trimmed, lower case, at most 254 characters. */
export const emailInput = z.pipe(
  z.pipe(
    z.nullish(z.string({ error: 'Email is required' })),
    z.transform((v) => (v ?? '').trim().toLowerCase()),
  ),
  z.string().check(
    z.minLength(1, 'Email is required'),
    z.refine(
      (v) => v === '' || (v.length <= 254 && EMAIL.test(v)),
      'Please enter a valid email address',
    ),
  ),
);

/** A new password: Firebase Auth refuses fewer than 6 characters; say so before it does. */
export const passwordInput = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(1, 'Password is required'),
    z.minLength(6, 'Password must be at least 6 characters'),
    z.maxLength(128, 'Password must be at most 128 characters'),
  );

/** `POST /api/auth/signup`. */
export const signUpBody = z.object({
  username: usernameInput,
  email: emailInput,
  password: passwordInput,
});

/** `POST /api/auth/signin`. */
export const signInBody = z.object({
  email: emailInput,
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(1, 'Password is required')),
});

const optionalTrimmed = z.pipe(
  z.optional(z.unknown()),
  z.transform((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)),
);

/** `POST /api/auth/google`: name and photo only seed a new profile; the email is the token's. */
export const googleBody = z.object({
  name: optionalTrimmed,
  email: optionalTrimmed,
  photo: optionalTrimmed,
});

/** "Given" in a profile form: present and not ''. */
const given = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((v: unknown) => (v === '' ? undefined : v)),
    z.optional(schema),
  );

const AVATAR_URL_MESSAGE = 'The avatar must be an http(s) URL';

/** `POST /api/user/update/{id}` (JSON or multipart): the fields that change. */
export const profileUpdateBody = z.object({
  username: given(usernameInput),
  email: given(emailInput),
  password: given(passwordInput),
  /** null removes the avatar; a file part (multipart) replaces it. */
  avatar: given(
    z.nullable(
      z.pipe(
        z.string({ error: AVATAR_URL_MESSAGE }),
        z.pipe(
          z.transform((v: string) => v.trim()),
          httpUrl(USER_LIMITS.avatar.max, AVATAR_URL_MESSAGE),
        ),
      ),
    ),
  ),
});

/** `PUT /api/admin/users/{id}`: an admin's edit of a user. */
export const adminUserBody = z.object({
  username: usernameInput,
  email: emailInput,
  role: z.enum(ROLES, { error: 'Role must be user or admin' }),
});

/** `PUT /api/admin/notes/{id}/review`. */
export const reviewBody = z.object({
  approved: z.boolean({ error: 'approved must be true or false' }),
});

/** A comment's text (`POST /api/notes/{id}/comment`, `PUT /api/notes/comments/{n}/{c}`). */
export const commentText = z.pipe(
  z.pipe(
    z.unknown(),
    z.transform((v) => (typeof v === 'string' ? v.trim() : '')),
  ),
  z.string().check(
    z.minLength(1, 'Comment text is required'),
    z.refine(
      (v) => charLength(v) <= COMMENT_LIMITS.text.max,
      `Comment must be at most ${COMMENT_LIMITS.text.max} characters`,
    ),
  ),
);
export const commentBody = z.object({ text: commentText });

/**
 * The orders of `GET /api/notes`: `relevance` ranks a search's matches (the default when there is
 * a search); without a search it lists newest first, as `createdAt` does.
 */
export const NOTE_SORTS = ['relevance', 'createdAt', 'likesCount', 'downloadCount'] as const;
export type NoteSort = (typeof NOTE_SORTS)[number];

/**
 * `GET /api/notes`: Browse's search and filters; `limit` notes (1-100, default 50), and a search
 * answer's `nextCursor` back as `cursor` for its next page.
 */
export const notesQuery = z.pipe(
  z.object({
    search: queryText('search', SEARCH_MAX_LENGTH),
    subject: queryText('subject', 120),
    course: queryText('course', 120),
    semester: queryInt('semester', 1, 8),
    college: queryText('college', 120),
    sort: z.pipe(
      z.transform((v: unknown) => (v === '' ? undefined : v)),
      z.optional(z.enum(NOTE_SORTS, { error: `sort must be one of ${NOTE_SORTS.join(', ')}` })),
    ),
    limit: z.pipe(
      queryInt('limit', 1, 100),
      z.transform((v) => v ?? 50),
    ),
    cursor: queryText('cursor', 200),
  }),
  z.transform((q) => ({
    ...q,
    sort: q.sort ?? ((q.search ? 'relevance' : 'createdAt') as NoteSort),
  })),
);

/** `GET /api/search-suggestions`: the typed text under any of its three names. */
export const suggestQuery = z.object({
  query: queryText('query', 200),
  q: queryText('q', 200),
  search: queryText('search', SEARCH_MAX_LENGTH),
});

/** `GET /api/health`. */
export const healthQuery = z.object({ deep: queryBoolean('deep') });

export const ADMIN_PAGE_MAX = 100;

/** A college's name in an admin request: trimmed, 1-120 characters. */
const collegeNameInput = z.pipe(
  z.pipe(
    z.string({ error: 'Invalid college name' }),
    z.transform((v) => v.trim()),
  ),
  z
    .string()
    .check(z.minLength(1, 'Invalid college name'), z.maxLength(120, 'Invalid college name')),
);

/** `GET /api/admin/notes/college/{collegeName}`. */
export const collegeNameParams = z.object({ collegeName: collegeNameInput });

/** The admin lists' query: a page (`limit`, `cursor`), narrowed by `search` and `college`. */
export const adminListQuery = z.object({
  search: z.pipe(
    z.optional(z.string({ error: 'Invalid search' })),
    z.pipe(
      z.transform((v: string | undefined) => v ?? ''),
      z.string().check(z.maxLength(200, 'Invalid search')),
    ),
  ),
  college: z.optional(collegeNameInput),
  limit: z.pipe(
    queryInt('limit', 1, ADMIN_PAGE_MAX),
    z.transform((v) => v ?? ADMIN_PAGE_MAX),
  ),
  cursor: z.pipe(
    z.optional(z.string({ error: 'Invalid cursor' })),
    z.pipe(
      z.transform((v: string | undefined) => (v ? v : null)),
      z.nullable(
        z.string().check(
          z.maxLength(1500, 'Invalid cursor'),
          z.refine((v) => !v.includes('/') && !/^__.*__$/.test(v), 'Invalid cursor'),
        ),
      ),
    ),
  ),
});

export type SignUpBody = z.infer<typeof signUpBody>;
export type SignInBody = z.infer<typeof signInBody>;
export type GoogleBody = z.infer<typeof googleBody>;
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;
export type AdminUserBody = z.infer<typeof adminUserBody>;
export type ReviewBody = z.infer<typeof reviewBody>;
export type CommentBody = z.infer<typeof commentBody>;
export type NotesQuery = z.infer<typeof notesQuery>;
export type SuggestQuery = z.infer<typeof suggestQuery>;
export type HealthQuery = z.infer<typeof healthQuery>;
export type AdminListQuery = z.infer<typeof adminListQuery>;
