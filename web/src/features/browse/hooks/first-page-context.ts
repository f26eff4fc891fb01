import { createContext } from 'react';
import type { EmbeddedFirstPage } from '../api/browse-api';

/**
 * Browse's first page given to a server render (app/prerender.tsx, for functions' GET /browse).
 * Left undefined in the browser, where the page is read from the document itself.
 */
export const FirstPageContext = createContext<EmbeddedFirstPage | null | undefined>(undefined);
