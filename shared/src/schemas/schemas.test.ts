import { describe, expect, it } from 'vitest';
import { validateNoteInput } from '../validate-note.js';
import { USERNAME_MESSAGES } from '../usernames.js';
import {
  DOCUMENT_SCHEMAS,
  adminListQuery,
  adminUserBody,
  commentBody,
  commentFixture,
  commentSchema,
  healthQuery,
  idParams,
  noteFixture,
  noteFormFixture,
  noteInputFixture,
  noteInputSchema,
  noteSchema,
  notesQuery,
  profileFixture,
  profileUpdateBody,
  reviewBody,
  signInBody,
  signUpBody,
  userProfileSchema,
} from './index.js';

/** A Timestamp as both SDKs give one. */
const ts = (ms = 1_700_000_000_000) => ({
  seconds: Math.floor(ms / 1000),
  nanoseconds: 0,
  toDate: () => new Date(ms),
  toMillis: () => ms,
});

/** The first message a schema gives for `input`, or null when it parses. */
function firstMessage(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  input: unknown,
) {
  const r = schema.safeParse(input) as
    { success: true } | { success: false; error: { issues: { message: string }[] } };
  return r.success ? null : (r.error.issues[0]?.message ?? '');
}

describe('document schemas', () => {
  const alice = { uid: 'aliceUid1', username: 'Alice Rao' };

  it('accept the fixtures once written (timestamps in place)', () => {
    expect(noteSchema.safeParse(noteFixture(alice, ts())).success).toBe(true);
    expect(userProfileSchema.safeParse(profileFixture('aliceUid1', ts())).success).toBe(true);
    expect(commentSchema.safeParse(commentFixture(alice, ts())).success).toBe(true);
  });

  it('refuse a field the data model does not list, and a wrong type', () => {
    const note = noteFixture(alice, ts());
    expect(noteSchema.safeParse({ ...note, views: 3 }).success).toBe(false);
    expect(noteSchema.safeParse({ ...note, approved: 'yes' }).success).toBe(false);
    expect(noteSchema.safeParse({ ...note, likesCount: -1 }).success).toBe(false);
    expect(noteSchema.safeParse({ ...note, createdAt: '2026-11-24' }).success).toBe(false);
    // approvedAt: absent until approved, then a timestamp (the Following feed orders by it).
    expect(noteSchema.safeParse({ ...note, approved: true, approvedAt: ts() }).success).toBe(true);
    expect(noteSchema.safeParse({ ...note, approvedAt: '2026-11-24' }).success).toBe(false);
  });

  it('count lengths as the rules do (code points)', () => {
    const note = noteFixture(alice, ts());
    expect(noteSchema.safeParse({ ...note, title: '😀'.repeat(120) }).success).toBe(true);
    expect(noteSchema.safeParse({ ...note, title: '😀'.repeat(121) }).success).toBe(false);
  });

  it("allow fileUrl '' only before the upload fills it in, never stored", () => {
    expect(noteInputSchema.safeParse(noteInputFixture({ fileUrl: '' })).success).toBe(true);
    expect(noteSchema.safeParse({ ...noteFixture(alice, ts()), fileUrl: '' }).success).toBe(false);
  });

  it('refuse a blank comment and a username the rules refuse', () => {
    const comment = commentFixture(alice, ts());
    expect(commentSchema.safeParse({ ...comment, text: '   ' }).success).toBe(false);
    expect(commentSchema.safeParse({ ...comment, username: ' Alice' }).success).toBe(false);
    expect(commentSchema.safeParse({ ...comment, username: 'a/b' }).success).toBe(false);
  });

  it('name a schema for every collection of the data model', () => {
    expect(Object.keys(DOCUMENT_SCHEMAS).sort()).toEqual(
      [
        'colleges/{id}',
        'fileHashes/{sha256}',
        'meta/filterOptions',
        'nearHashes/{noteId}',
        'notes/{noteId}',
        'notes/{noteId}/comments/{commentId}',
        'notes/{noteId}/downloads/{uid}',
        'notes/{noteId}/files/{key}',
        'notes/{noteId}/likes/{uid}',
        'notes/{noteId}/reports/{uid}',
        'reportedNotes/{noteId}',
        'searchBacklog/{noteId}',
        'usernames/{key}',
        'users/{uid}',
        'users/{uid}/follows/{key}',
        'users/{uid}/limits/{action}',
        'users/{uid}/notifications/{id}',
        'users/{uid}/rejections/{noteId}',
        'users/{uid}/saved/{noteId}',
      ].sort(),
    );
  });
});

describe('fixtures', () => {
  it('check themselves: a fixture the schema refuses cannot be made', () => {
    expect(() => noteInputFixture({ semester: 9 })).toThrow();
    expect(() => noteFixture({ uid: '__x__', username: 'Al' }, ts())).toThrow();
    expect(() => profileFixture('u1', ts(), { role: 'root' as 'user' })).toThrow();
  });

  it("give the upload form's strings, which the form's validator accepts", () => {
    const form = noteFormFixture({ title: 'Compiler Design Unit 3' });
    expect(form).toMatchObject({
      title: 'Compiler Design Unit 3',
      semester: '3',
      confirmed: 'true',
    });
    const r = validateNoteInput(
      { ...form, confirmed: true, fileUrl: 'https://example.com/x.pdf' },
      'create',
    );
    expect(r.ok).toBe(true);
  });
});

describe('request schemas (the spec texts users see)', () => {
  it.each([
    [
      { username: 'x', email: 'a@b.co', password: 'secret1' },
      'Username must be 2 to 40 characters',
    ],
    [{ username: '   ', email: 'a@b.co', password: 'secret1' }, 'Username is required'],
    [{ email: 'a@b.co', password: 'secret1' }, 'Username is required'],
    [{ username: 'a/b', email: 'a@b.co', password: 'secret1' }, 'Username cannot contain "/"'],
    [{ username: 'Xy', email: 'nope', password: 'secret1' }, 'Please enter a valid email address'],
    [{ username: 'Xy', email: ' ', password: 'secret1' }, 'Email is required'],
    [{ username: 'Xy', email: 'x@y.co', password: '' }, 'Password is required'],
    [
      { username: 'Xy', email: 'x@y.co', password: '123' },
      'Password must be at least 6 characters',
    ],
    [
      { username: 'Xy', email: 'x@y.co', password: 'x'.repeat(129) },
      'Password must be at most 128 characters',
    ],
  ])('sign-up %j -> %s', (body, message) => {
    expect(firstMessage(signUpBody, body)).toBe(message);
  });

  it('normalizes what it accepts: trimmed username, lower-case email', () => {
    expect(
      signUpBody.parse({ username: ' Priya ', email: ' Priya@Example.COM ', password: 'secret1' }),
    ).toEqual({ username: 'Priya', email: 'priya@example.com', password: 'secret1' });
    expect(firstMessage(signInBody, { email: 'a@b.co' })).toBe('Password is required');
  });

  // Issue 29: names that display like another ("ali\u200Bce", "ａｌｉｃｅ") are not new names.
  it('normalizes usernames (NFKC) and refuses invisible characters, at sign-up and on update', () => {
    const signUp = (username: string) => ({ username, email: 'x@y.co', password: 'secret1' });
    expect(signUpBody.parse(signUp(' ａｌｉｃｅ ')).username).toBe('alice');
    expect(signUpBody.parse(signUp('ﬁona Ⅸ')).username).toBe('fiona IX');
    expect(profileUpdateBody.parse({ username: 'ａｌｉｃｅ' }).username).toBe('alice');
    for (const hidden of ['\u200B', '\u200D', '\u202E', '\uFEFF', '\u00AD', '\u2028', '\u0007']) {
      const message = USERNAME_MESSAGES.invisible;
      expect(firstMessage(signUpBody, signUp(`ali${hidden}ce`))).toBe(message);
      expect(firstMessage(profileUpdateBody, { username: `ali${hidden}ce` })).toBe(message);
      expect(
        firstMessage(adminUserBody, { username: `ali${hidden}ce`, email: 'x@y.co', role: 'user' }),
      ).toBe(message);
    }
  });

  it("takes a profile form's '' as not given, null as removing the avatar", () => {
    expect(profileUpdateBody.parse({ username: '', email: '', avatar: null })).toEqual({
      username: undefined,
      email: undefined,
      password: undefined,
      avatar: null,
    });
    expect(firstMessage(profileUpdateBody, { avatar: 'javascript:alert(1)' })).toBe(
      'The avatar must be an http(s) URL',
    );
    expect(profileUpdateBody.parse({ avatar: ' https://x.test/a.png ' }).avatar).toBe(
      'https://x.test/a.png',
    );
  });

  it('checks comments: trimmed, not blank, at most 1000 characters', () => {
    expect(commentBody.parse({ text: '  Thanks!  ' })).toEqual({ text: 'Thanks!' });
    expect(firstMessage(commentBody, { text: '   ' })).toBe('Comment text is required');
    expect(firstMessage(commentBody, {})).toBe('Comment text is required');
    expect(firstMessage(commentBody, { text: 'x'.repeat(1001) })).toBe(
      'Comment must be at most 1000 characters',
    );
  });

  it('reads query strings: digits as numbers, defaults, bounds', () => {
    expect(notesQuery.parse({ semester: '3', search: '  os  ' })).toMatchObject({
      semester: 3,
      search: 'os',
      // A search lists by relevance unless told; a listing, newest first.
      sort: 'relevance',
      limit: 50,
    });
    expect(notesQuery.parse({ cursor: 'b286MjA' })).toMatchObject({
      sort: 'createdAt',
      cursor: 'b286MjA',
    });
    expect(notesQuery.parse({ search: 'os', sort: 'likesCount' }).sort).toBe('likesCount');
    expect(firstMessage(notesQuery, { semester: '9' })).toBe(
      'semester must be a whole number from 1 to 8',
    );
    expect(firstMessage(notesQuery, { sort: 'title' })).toBe(
      'sort must be one of relevance, createdAt, likesCount, downloadCount',
    );
    expect(healthQuery.parse({ deep: 'true' })).toEqual({ deep: true });
    expect(firstMessage(healthQuery, { deep: 'maybe' })).toBe('deep must be true or false');
  });

  it("pages the admin lists: limit 1-100 (100), a cursor that is a document id's shape", () => {
    expect(adminListQuery.parse({})).toEqual({
      search: '',
      college: undefined,
      limit: 100,
      cursor: null,
    });
    expect(firstMessage(adminListQuery, { limit: '0' })).toBe(
      'limit must be a whole number from 1 to 100',
    );
    expect(firstMessage(adminListQuery, { cursor: 'notes/x' })).toBe('Invalid cursor');
    expect(firstMessage(adminListQuery, { cursor: '__name__' })).toBe('Invalid cursor');
    expect(firstMessage(adminListQuery, { college: '  ' })).toBe('Invalid college name');
  });

  it('refuses ids Firestore reserves, and a review without a boolean', () => {
    const params = idParams('noteId', 'commentId');
    expect(params.safeParse({ noteId: 'abc_DEF-1', commentId: 'x' }).success).toBe(true);
    expect(firstMessage(params, { noteId: '__x__', commentId: 'x' })).toBe(
      'noteId is not a valid id',
    );
    expect(firstMessage(params, { noteId: 'a', commentId: 'a/b' })).toBe(
      'commentId is not a valid id',
    );
    expect(firstMessage(reviewBody, { approved: 'true' })).toBe('approved must be true or false');
  });
});
