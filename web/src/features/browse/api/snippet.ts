/**
 * A search hit's snippet (GET /api/notes?search=, docs/data-model.md "Search") as plain text
 * segments for React to render: the server sends HTML whose text it escaped, with the matched
 * words in <mark>...</mark>. Reading it here, rather than handing it to dangerouslySetInnerHTML,
 * means nothing a note's author wrote can ever become markup on the page, even if the server's
 * escaping were wrong: every character is text except the two tags this parser knows.
 */

export interface SnippetSegment {
  text: string;
  /** A matched word (shown highlighted). */
  mark: boolean;
}

// The five entities the server's escaping writes (functions/src/search/query-text.ts
// snippetHtml); anything else that looks like one is the note's own text and stays as written.
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** One pass, so "&amp;lt;" becomes "&lt;" (the text the author wrote), not "<". */
function decode(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * The snippet's segments, in order, adjacent ones of the same kind merged and empty ones left out.
 * A stray or unbalanced tag is not trusted to mean anything: `<mark>` opens a highlight,
 * `</mark>` closes it, and any other `<` is just text.
 */
export function snippetSegments(html: string): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  const push = (raw: string, mark: boolean) => {
    const text = decode(raw);
    if (text === '') return;
    const last = segments.at(-1);
    if (last && last.mark === mark) last.text += text;
    else segments.push({ text, mark });
  };
  let mark = false;
  let rest = html;
  for (let tag = /<\/?mark>/i.exec(rest); tag; tag = /<\/?mark>/i.exec(rest)) {
    push(rest.slice(0, tag.index), mark);
    mark = !tag[0].startsWith('</');
    rest = rest.slice(tag.index + tag[0].length);
  }
  push(rest, mark);
  return segments;
}
