import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { toSearchAnswer } from '../api/browse-model';
import { NoteCard } from './note-card';

afterEach(cleanup);

const noop = () => {};

/** A card for one search hit, as the facade would send it. */
function renderHit(hit: { snippet?: string; page?: number | null }) {
  const [note] = toSearchAnswer({
    notes: [{ id: 'n1', title: 'Paging', description: 'Page tables', approved: true, ...hit }],
  }).notes;
  return render(
    <MemoryRouter>
      <NoteCard
        note={note!}
        liked={undefined}
        busy={undefined}
        actionsDisabled={false}
        onLike={noop}
        onComments={noop}
        onDownload={noop}
        onReport={noop}
      />
    </MemoryRouter>,
  );
}

describe('NoteCard with a search match', () => {
  it('shows the snippet under the title, the matched words marked, and the page', () => {
    const { container } = renderHit({
      snippet: 'demand <mark>paging</mark> &amp; faults',
      page: 3,
    });
    const snippet = container.querySelector('[data-field="snippet"]')!;
    expect(snippet.previousElementSibling?.tagName).toBe('H2');
    expect([...snippet.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['paging']);
    expect(snippet.querySelector('[data-field="page"]')?.textContent).toBe('page 3');
    expect(snippet.textContent).toBe('page 3demand paging & faults');
  });

  it("renders the server's escaped markup as text, never as elements", () => {
    const { container } = renderHit({
      snippet: '&lt;img src=x onerror=alert(1)&gt; <b>x</b> <mark>a</mark>',
      page: null,
    });
    const snippet = container.querySelector('[data-field="snippet"]')!;
    expect(snippet.querySelectorAll('img, b').length).toBe(0);
    expect(snippet.textContent).toBe('<img src=x onerror=alert(1)> <b>x</b> a');
    expect(snippet.querySelector('[data-field="page"]')).toBeNull();
  });

  it('shows no snippet line for a hit with neither snippet nor page', () => {
    expect(renderHit({}).container.querySelector('[data-field="snippet"]')).toBeNull();
  });
});
