/** lib/documents.js (functions/build.mjs): the file reader and where thumbnails go, for the seed. */
export { THUMBNAIL, readDocument } from './read-document.js';
export { thumbnailPathOf } from '../note-paths.js';
