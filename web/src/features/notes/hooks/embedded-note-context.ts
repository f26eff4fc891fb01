import { createContext } from 'react';
import type { EmbeddedNote } from '../api/note-detail-api';

/**
 * The note given to a server render (app/prerender.tsx, for functions' GET /notes/:id). Left
 * undefined in the browser, where the note is read from the document itself.
 */
export const EmbeddedNoteContext = createContext<EmbeddedNote | null | undefined>(undefined);
