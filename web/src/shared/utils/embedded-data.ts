/**
 * Data a page the server rendered carries for the app (functions' GET /browse and GET
 * /notes/:id: `<script type="application/json" id=...>`, written by app/prerender.tsx), so the
 * app shows what the HTML shows without reading it again.
 */
export interface EmbeddedData<T> {
  /** The element's JSON, parsed once; null when there is none (or it is unreadable). */
  read(): T | null;
  /** Shown: a later visit of the same screen reads its data afresh. */
  forget(): void;
}

export function embeddedData<T>(elementId: string): EmbeddedData<T> {
  let data: T | null | undefined;
  return {
    read() {
      if (data === undefined) {
        data = null;
        const json =
          typeof document === 'undefined' ? null : document.getElementById(elementId)?.textContent;
        try {
          if (json) data = JSON.parse(json) as T;
        } catch {
          // Not ours to break on: the screen reads its data as usual.
        }
      }
      return data;
    },
    forget() {
      data = null;
    },
  };
}
