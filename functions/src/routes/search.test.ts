/**
 * The facade's search routes (routes/search.ts) on the run's stack: Browse's search by a word
 * inside a note's file, its filters and sorts, suggestions and filter options.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  approve,
  createPdfNote,
  makeCast,
  termsOf,
  withValue,
  type Cast,
} from '../testing/api-fixtures.js';
import { eventually } from '../testing/stack.js';

const TAG = 'api-search';
let cast: Cast;
let call: Cast['call'];

beforeAll(async () => {
  cast = await makeCast(TAG, { alice: 'Sia Search', bob: 'Sam Search', admin: 'Admin Search' });
  ({ call } = cast);
});

describe('search', () => {
  it('Browse finds an approved note by a word only inside its PDF, with filters', async () => {
    const secret = 'zymurgy';
    // Its own subject and course: other files' approved notes share the run's stack.
    const noteId = await createPdfNote(cast, `Fermentation science: ${secret} explained`, {
      title: 'Brewing Science Unit 3',
      subjectName: 'Brewing Science',
      courseName: 'M.Tech Brewing',
    });
    await termsOf(noteId, (t) => t.includes(secret), `the PDF's word ${secret} in searchTerms`);
    const optionsBefore = (await call('GET', '/api/filter-options')).body as {
      subjects: string[];
      semesters: number[];
      colleges: string[];
    };
    // Not in Browse while pending.
    expect((await call('GET', `/notes?search=${secret}`)).body.notes).toEqual([]);
    await approve(cast, noteId);
    const hit = await call('GET', `/notes?search=${secret.toUpperCase()}`);
    expect(hit.body.notes.map((n: { _id: string }) => n._id)).toEqual([noteId]);
    expect(
      (
        await call(
          'GET',
          '/api/notes?search=zymu%20fermentation&subject=Brewing%20Science&semester=3',
        )
      ).body.notes,
    ).toHaveLength(1);
    expect((await call('GET', '/api/notes?search=zymurgy&semester=4')).body.notes).toHaveLength(0);
    expect((await call('GET', '/api/notes?search=zymurgy&college=Other')).body.notes).toHaveLength(
      0,
    );
    expect((await call('GET', '/api/notes?course=M.Tech%20Brewing')).body.notes).toHaveLength(1);
    expect((await call('GET', '/api/notes?search=zymurgy%20chemistry')).body.notes).toHaveLength(0);
    expect((await call('GET', `/notes?search=${noteId}`)).body.notes[0]._id).toBe(noteId);
    expect((await call('GET', '/api/notes?semester=nine')).status).toBe(400);
    expect((await call('GET', '/api/notes?sort=random')).status).toBe(400);
    const sugg = await call('GET', '/search-suggestions?query=brewi');
    expect(sugg.body).toEqual({
      success: true,
      // Titles, subjects and courses whose words start with it.
      suggestions: ['Brewing Science Unit 3', 'Brewing Science', 'M.Tech Brewing'],
    });
    expect((await call('GET', '/api/search-suggestions?q=o')).body.suggestions).toEqual([]);
    const options = await eventually(
      () => call('GET', '/api/filter-options'),
      (o) => o.body.subjects.includes('Brewing Science'),
      { what: 'the subject in the filter options' },
    );
    expect(options.body).toMatchObject({
      subjects: withValue(optionsBefore.subjects, 'Brewing Science'),
      semesters: withValue(optionsBefore.semesters, 3),
      colleges: withValue(optionsBefore.colleges, 'IIT Delhi'),
    });
  });
});
