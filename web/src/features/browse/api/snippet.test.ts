import { describe, expect, it } from 'vitest';
import { snippetSegments } from './snippet';

describe('snippetSegments', () => {
  it('splits the text around the marked words', () => {
    expect(snippetSegments('Draw the diagram first; <mark>examiners</mark> give marks')).toEqual([
      { text: 'Draw the diagram first; ', mark: false },
      { text: 'examiners', mark: true },
      { text: ' give marks', mark: false },
    ]);
    expect(snippetSegments('<mark>Paging</mark> and <mark>page</mark> tables')).toEqual([
      { text: 'Paging', mark: true },
      { text: ' and ', mark: false },
      { text: 'page', mark: true },
      { text: ' tables', mark: false },
    ]);
  });

  it('decodes the five entities the server writes, once', () => {
    expect(
      snippetSegments('a &lt;b&gt; &amp; &quot;c&quot; d&#39;s <mark>&amp;lt;</mark> &nbsp;'),
    ).toEqual([
      { text: 'a <b> & "c" d\'s ', mark: false },
      // The author wrote "&lt;": it is shown as written, not as "<".
      { text: '&lt;', mark: true },
      // Not one of the server's entities: the note's own text.
      { text: ' &nbsp;', mark: false },
    ]);
  });

  it('never turns other tags into markup: they stay text', () => {
    const segments = snippetSegments('<b>bold</b> <img src=x onerror=alert(1)> <mark>ok</mark>');
    expect(segments).toEqual([
      { text: '<b>bold</b> <img src=x onerror=alert(1)> ', mark: false },
      { text: 'ok', mark: true },
    ]);
  });

  it('copes with unbalanced, nested and empty marks', () => {
    expect(snippetSegments('a <mark>b')).toEqual([
      { text: 'a ', mark: false },
      { text: 'b', mark: true },
    ]);
    expect(snippetSegments('a</mark> b')).toEqual([{ text: 'a b', mark: false }]);
    expect(snippetSegments('<mark><mark>x</mark></mark>y')).toEqual([
      { text: 'x', mark: true },
      { text: 'y', mark: false },
    ]);
    expect(snippetSegments('<mark></mark>')).toEqual([]);
    expect(snippetSegments('')).toEqual([]);
  });
});
