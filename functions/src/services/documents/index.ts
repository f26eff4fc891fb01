/**
 * lib/documents.js (functions/build.mjs): the file reader, where thumbnails go, and how a note
 * file's record is made and named, for the seed (its files get the records uploads get).
 */
export { THUMBNAIL, readDocument } from './read-document.js';
export { thumbnailPathOf } from '../note-paths.js';
export { fileRecordKey, readNoteFile } from '../note-files.js';
