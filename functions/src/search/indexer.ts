/**
 * Writing the search index: a note's fields, its file's text, its visibility, its removal. Each
 * call is idempotent, so a trigger may run it again (retry, duplicate event) without harm; the
 * note's row is locked first in each, so two writers of one note take turns.
 */
import { cleanText, searchableText, vocabularyWords } from './query-text.js';
import type { SqlClient, SqlQueryable } from './sql-client.js';

/** The note's fields the index keeps (Firestore's names mapped by the caller). */
export interface IndexedNote {
  id: string;
  title: string;
  subject?: string | null;
  course?: string | null;
  college?: string | null;
  description?: string | null;
  uploaderId?: string | null;
  uploaderName?: string | null;
  semester?: number | null;
  /** Readers see approved notes only. */
  approved: boolean;
  /** A Date, ISO string or epoch ms (from Firestore: the Timestamp's toDate()). */
  createdAt: Date | string | number;
  likeCount?: number;
  downloadCount?: number;
  /**
   * What a hit shows a reader (a JSON object: the facade's view of the note), stored as given and
   * returned with the hit (SearchHit.card); none: null there.
   */
  card?: Record<string, unknown> | null;
}

/** The reader's cap (services/documents): text past this many characters is not indexed. */
export const MAX_TEXT_CHARS = 2_000_000;
/** A page longer than this is indexed as several rows (same page number): bounds a snippet's work. */
export const CHUNK_CHARS = 16_000;

async function isRemoved(tx: SqlQueryable, id: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM search_removed WHERE id = $1', [id]);
  return rows.length > 0;
}

/**
 * Words this process knows the vocabulary has, per database client. The vocabulary only grows,
 * so a word once there stays there: each is sent once per process, not once per note (most of a
 * note's words are common ones, and checking them costs more than the rest of the indexing).
 */
const knownWords = new WeakMap<SqlClient, Set<string>>();
const KNOWN_WORDS_MAX = 500_000;

/** Adds words to the vocabulary; sorted, so concurrent writers insert in one order (no deadlock). */
async function addWords(client: SqlClient, words: Set<string>): Promise<void> {
  let known = knownWords.get(client);
  if (!known || known.size > KNOWN_WORDS_MAX) knownWords.set(client, (known = new Set()));
  const fresh = [...words].filter((w) => !known.has(w));
  if (fresh.length === 0) return;
  await client.query(
    'INSERT INTO search_words (word) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING',
    [fresh.sort()],
  );
  for (const w of fresh) known.add(w);
}

/**
 * Writes the note's fields. Its vector is rebuilt only when a searched field changed (a like or a
 * download changes counters only). False when the note was removed from the index for good.
 */
export async function upsertNote(client: SqlClient, note: IndexedNote): Promise<boolean> {
  const f = [
    note.title,
    note.subject ?? null,
    note.course ?? null,
    note.college ?? null,
    note.description ?? null,
    note.uploaderName ?? null,
  ].map((v) => (v === null ? null : cleanText(v)));
  // The fields as stored (shown, filtered on) and as their vector is made of.
  const searchable = f.map((v) => (v === null ? null : searchableText(v)));
  const createdAt = new Date(note.createdAt);
  if (Number.isNaN(createdAt.getTime())) throw new Error(`search: note ${note.id}: bad createdAt`);
  const written = await client.transaction(async (tx) => {
    if (await isRemoved(tx, note.id)) return false;
    // Locks the row (when there is one) before anything is read, see the module's comment.
    const { rows } = await tx.query<{ same: boolean }>(
      `SELECT meta_tsv = notenest_meta_tsv($2, $3, $4, $5, $6, $7) AS same
         FROM search_notes WHERE id = $1 FOR UPDATE`,
      [note.id, ...searchable],
    );
    await tx.query(
      `INSERT INTO search_notes AS n (id, title, subject, course, college, description,
          uploader_name, uploader_id, semester, approved, created_at, like_count, download_count,
          meta_tsv, meta_pairs)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
          notenest_meta_tsv($14, $15, $16, $17, $18, $19),
          notenest_meta_pairs($14, $15, $16, $17, $18, $19))
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, subject = EXCLUDED.subject,
          course = EXCLUDED.course, college = EXCLUDED.college,
          description = EXCLUDED.description, uploader_name = EXCLUDED.uploader_name,
          uploader_id = EXCLUDED.uploader_id, semester = EXCLUDED.semester,
          approved = EXCLUDED.approved, created_at = EXCLUDED.created_at,
          like_count = EXCLUDED.like_count, download_count = EXCLUDED.download_count,
          meta_tsv = EXCLUDED.meta_tsv, meta_pairs = EXCLUDED.meta_pairs, updated_at = now()
        -- Not rewritten when nothing changed (a comment, a thumbnail: the card only), so its
        -- every word is not inserted into the GIN index again.
        WHERE (n.title, n.subject, n.course, n.college, n.description, n.uploader_name,
               n.uploader_id, n.semester, n.approved, n.created_at, n.like_count,
               n.download_count, n.meta_tsv, n.meta_pairs)
          IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.subject, EXCLUDED.course, EXCLUDED.college,
               EXCLUDED.description, EXCLUDED.uploader_name, EXCLUDED.uploader_id,
               EXCLUDED.semester, EXCLUDED.approved, EXCLUDED.created_at, EXCLUDED.like_count,
               EXCLUDED.download_count, EXCLUDED.meta_tsv, EXCLUDED.meta_pairs)`,
      [
        note.id,
        ...f,
        note.uploaderId ?? null,
        note.semester ?? null,
        note.approved,
        createdAt.toISOString(),
        note.likeCount ?? 0,
        note.downloadCount ?? 0,
        ...searchable,
      ],
    );
    if (note.card) {
      await tx.query(
        `INSERT INTO search_cards AS c (id, card) VALUES ($1, $2::jsonb)
         ON CONFLICT (id) DO UPDATE SET card = EXCLUDED.card WHERE c.card <> EXCLUDED.card`,
        [note.id, JSON.stringify(note.card)],
      );
    } else {
      await tx.query('DELETE FROM search_cards WHERE id = $1', [note.id]);
    }
    if (rows[0]?.same !== true) {
      // A new statement, so it sees pages that a text writer committed while we waited for the row.
      await tx.query(
        `UPDATE search_notes SET tsv = meta_tsv || notenest_text_tsv(id) WHERE id = $1`,
        [note.id],
      );
    }
    return true;
  });
  if (written) {
    const words = new Set<string>();
    for (const v of f) if (v) vocabularyWords(v, words);
    await addWords(client, words);
  }
  return written;
}

/** Cuts text into rows of at most CHUNK_CHARS, at a white space where there is one. */
function chunks(text: string): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > CHUNK_CHARS) {
    let cut = rest.lastIndexOf(' ', CHUNK_CHARS);
    if (cut < CHUNK_CHARS / 2) cut = CHUNK_CHARS;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest.trim() !== '') out.push(rest);
  return out;
}

// A hyphen ending a line (or a page, before its page number), then a word.
const BROKEN_IN_LINE = /(\p{L}+)-[ \t]*\r?\n[ \t]*(\p{L}+)/gu;
const BROKEN_AT_PAGE_END = /(\p{L}+)-[ \t]*\r?\n([\s\d]*)$/u;
const PAGE_START_WORD = /^(\s*)(\p{L}+)/u;

/**
 * Joins the words a PDF's typesetting broke at a line end ("distri-" "bution": TeX hyphenates,
 * and the reader gives the two halves as they are printed), as Firefox's find and pdftotext do:
 * otherwise neither half is a word that anyone searches for. The second half goes on in lower
 * case (or capitals after capitals: "PERFOR-" "MANCE"). A compound broken at its own hyphen
 * ("non-" "free", "computer-" "network") is kept: its second half is a word of the file by
 * itself, and its first half too or is 5+ letters (hyphenation's "al-" "ready" is not kept). A
 * word broken at the end of a page is joined on the page where it starts.
 */
function joinBrokenWords(pages: string[]): string[] {
  // The file's words, without the halves of broken ones (across pages too).
  const all = pages
    .map((p) => (BROKEN_AT_PAGE_END.test(p) ? p.replace(/\n[\s\d]*$/, '\n') : `${p}\n`))
    .join('');
  const words = new Set<string>();
  for (const m of all.replace(BROKEN_IN_LINE, ' ').matchAll(/\p{L}+/gu)) {
    words.add(m[0].toLowerCase());
  }
  const join = (a: string, b: string) => {
    const goesOn = /^\p{Ll}/u.test(b) || (/\p{Lu}$/u.test(a) && !/\p{Ll}/u.test(b));
    const compound = words.has(b.toLowerCase()) && (a.length >= 5 || words.has(a.toLowerCase()));
    return goesOn && !compound;
  };
  const out = pages.map((page) =>
    page.replace(BROKEN_IN_LINE, (whole, a: string, b: string) => (join(a, b) ? a + b : whole)),
  );
  for (let i = 0; i + 1 < out.length; i++) {
    const end = BROKEN_AT_PAGE_END.exec(out[i]!);
    const start = PAGE_START_WORD.exec(out[i + 1]!);
    if (!end || !start || !join(end[1]!, start[2]!)) continue;
    out[i] = `${out[i]!.slice(0, end.index)}${end[1]}${start[2]}\n${end[2]}`;
    out[i + 1] = out[i + 1]!.slice(start[0].length);
  }
  return out;
}

export interface NoteTextOptions {
  /**
   * True (the default) when `pages` are a PDF's pages: a hit then names page i + 1. False for a
   * file without pages (DOCX, DOC, text): hits name no page.
   */
  paged?: boolean;
}

/**
 * Writes the text of the note's file, generation `generation` (the Storage object's), one string
 * per page. Applied unless a newer generation is already indexed (an equal one is written again:
 * same text, same result). `[]` clears the text (no file, or unreadable). Up to MAX_TEXT_CHARS
 * characters are indexed. True when written.
 */
export async function upsertNoteText(
  client: SqlClient,
  noteId: string,
  generation: string | number | bigint,
  pages: string[],
  { paged = true }: NoteTextOptions = {},
): Promise<boolean> {
  const gen = String(generation);
  if (!/^\d{1,19}$/.test(gen)) throw new Error(`search: note ${noteId}: bad generation ${gen}`);
  const bodies: string[] = [];
  const numbers: (number | null)[] = [];
  const words = new Set<string>();
  let budget = MAX_TEXT_CHARS;
  joinBrokenWords(pages).forEach((page, i) => {
    if (budget <= 0) return;
    const text = searchableText(page.slice(0, budget));
    budget -= text.length;
    for (const c of chunks(text)) {
      bodies.push(c);
      numbers.push(paged ? i + 1 : null);
      vocabularyWords(c, words);
    }
  });
  const written = await client.transaction(async (tx) => {
    if (await isRemoved(tx, noteId)) return false;
    // Takes the row's lock, and records the generation unless a newer one is there.
    const { rows } = await tx.query(
      `INSERT INTO search_notes AS n (id, file_generation) VALUES ($1, $2::bigint)
       ON CONFLICT (id) DO UPDATE SET file_generation = EXCLUDED.file_generation, updated_at = now()
         WHERE n.file_generation IS NULL OR n.file_generation <= EXCLUDED.file_generation
       RETURNING id`,
      [noteId, gen],
    );
    if (rows.length === 0) return false;
    await tx.query('DELETE FROM search_pages WHERE note_id = $1', [noteId]);
    if (bodies.length > 0) {
      await tx.query(
        `INSERT INTO search_pages (note_id, seq, page, body, words, tsv)
         SELECT $1, s.ord - 1, s.page, s.body, s.words,
                setweight(to_tsvector('notenest_english', s.body), 'D')
           FROM unnest($2::text[], $3::int[], $4::int[]) WITH ORDINALITY AS s(body, page, words, ord)`,
        [noteId, bodies, numbers, bodies.map((b) => b.match(/\S+/g)?.length ?? 0)],
      );
    }
    await tx.query(
      `UPDATE search_notes SET tsv = meta_tsv || notenest_text_tsv(id), text_chars = $2,
              text_pairs = notenest_text_pairs(id),
              partial_positions = (SELECT coalesce(sum(words), 0) > 8000
                                     FROM search_pages WHERE note_id = $1)
        WHERE id = $1`,
      [noteId, MAX_TEXT_CHARS - Math.max(budget, 0)],
    );
    return true;
  });
  if (written) await addWords(client, words);
  return written;
}

/** Shows or hides the note at once (approved, or back to pending). False when it is not indexed. */
export async function setVisibility(
  client: SqlClient,
  noteId: string,
  approved: boolean,
): Promise<boolean> {
  const { rows } = await client.query(
    'UPDATE search_notes SET approved = $2, updated_at = now() WHERE id = $1 RETURNING id',
    [noteId, approved],
  );
  return rows.length > 0;
}

/**
 * Removes the note and its text, and remembers the id so that a late event for it is ignored.
 * The vocabulary keeps its words (a correction to a word no note has any more finds nothing).
 */
export async function removeNote(client: SqlClient, noteId: string): Promise<void> {
  await client.transaction(async (tx) => {
    await tx.query('INSERT INTO search_removed (id) VALUES ($1) ON CONFLICT DO NOTHING', [noteId]);
    await tx.query('DELETE FROM search_notes WHERE id = $1', [noteId]);
    await tx.query('DELETE FROM search_cards WHERE id = $1', [noteId]);
    await tx.query('DELETE FROM search_pages WHERE note_id = $1', [noteId]);
  });
}
